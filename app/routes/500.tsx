import type { MetaFunction } from "@remix-run/cloudflare";
import { ErrorScreen, errorPageMeta } from "~/components/ErrorScreen";
import { errorPageResponse } from "~/server/http/error-pages.server";

export function loader() {
  return errorPageResponse(500);
}

export const meta: MetaFunction = ({ matches }) => errorPageMeta(matches, "server", "/500");

export default function ErrorPage500() {
  return <ErrorScreen kind="server" />;
}
