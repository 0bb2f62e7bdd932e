import type { MetaFunction } from "@remix-run/cloudflare";
import { errorPageMeta } from "~/components/ErrorScreen";
import { StateErrorPage } from "~/components/StateErrorPage";

export const meta: MetaFunction = ({ matches }) => errorPageMeta(matches, "network", "/NETWORK");

export default function NetworkErrorPage() {
  return <StateErrorPage kind="network" />;
}
