import type { MetaFunction } from "@remix-run/cloudflare";
import { errorPageMeta } from "~/components/ErrorScreen";
import { StateErrorPage } from "~/components/StateErrorPage";

export const meta: MetaFunction = ({ matches }) => errorPageMeta(matches, "unknown", "/UNKNOWN");

export default function UnknownErrorPage() {
  return <StateErrorPage kind="unknown" />;
}
