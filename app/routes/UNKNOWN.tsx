import type { MetaFunction } from "@remix-run/cloudflare";
import { StateErrorPage } from "~/components/StateErrorPage";

export const meta: MetaFunction = () => [{ title: "Unexpected Error | SkinVault" }, { name: "robots", content: "noindex" }];

export default function UnknownErrorPage() {
  return <StateErrorPage kind="unknown" />;
}
