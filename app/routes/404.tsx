import type { MetaFunction } from "@remix-run/cloudflare";
import { ErrorScreen } from "~/components/ErrorScreen";
import { errorPageResponse } from "~/server/error-pages.server";

export async function loader() {
  return errorPageResponse(404);
}

export const meta: MetaFunction = () => [{ title: "Page Not Found | SkinVault" }, { name: "robots", content: "noindex" }];

export default function ErrorPage404() {
  return <ErrorScreen kind="not-found" />;
}
