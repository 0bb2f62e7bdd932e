import type { MetaFunction } from "@remix-run/cloudflare";
import { ErrorScreen, errorPageMeta } from "~/components/ErrorScreen";
import { errorPageResponse } from "~/server/http/error-pages.server";

export function loader() {
  return errorPageResponse(403);
}

export const meta: MetaFunction = ({ matches }) => errorPageMeta(matches, "forbidden", "/403");

export default function ErrorPage403() {
  return <ErrorScreen kind="forbidden" />;
}
