import type { MetaFunction } from "@remix-run/cloudflare";
import { ErrorScreen, errorPageMeta } from "~/components/ErrorScreen";
import { errorPageResponse } from "~/server/http/error-pages.server";

export function loader() {
  return errorPageResponse(404);
}

export const meta: MetaFunction = ({ matches }) => errorPageMeta(matches, "not-found", "/404");

export default function ErrorPage404() {
  return <ErrorScreen kind="not-found" />;
}
