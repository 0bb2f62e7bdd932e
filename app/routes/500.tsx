import type { MetaFunction } from "@remix-run/cloudflare";
import { ErrorScreen } from "~/components/ErrorScreen";
import { errorPageResponse } from "~/server/error-pages.server";

export async function loader() {
  return errorPageResponse(500);
}

export const meta: MetaFunction = () => [{ title: "Server Error | SkinVault" }, { name: "robots", content: "noindex" }];

export default function ErrorPage500() {
  return <ErrorScreen kind="server" />;
}
