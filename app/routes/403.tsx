import type { MetaFunction } from "@remix-run/cloudflare";
import { ErrorScreen } from "~/components/ErrorScreen";
import { errorPageResponse } from "~/server/error-pages.server";

export async function loader() {
  return errorPageResponse(403);
}

export const meta: MetaFunction = () => [{ title: "Access Denied | SkinVault" }, { name: "robots", content: "noindex" }];

export default function ErrorPage403() {
  return <ErrorScreen kind="forbidden" />;
}
