import type { MetaFunction } from "@remix-run/cloudflare";
import { StateErrorPage } from "~/components/StateErrorPage";

export const meta: MetaFunction = () => [{ title: "Network Error | SkinVault" }, { name: "robots", content: "noindex" }];

export default function NetworkErrorPage() {
  return <StateErrorPage kind="network" />;
}
