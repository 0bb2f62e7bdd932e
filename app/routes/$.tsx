import type { MetaFunction } from "@remix-run/cloudflare";
import { ErrorScreen, errorPageMeta } from "~/components/ErrorScreen";

/** Any path no other route claims: the 404 page with a real 404 status. */
export function loader() {
  throw new Response(null, { status: 404, statusText: "Not Found" });
}

export const meta: MetaFunction = ({ matches, location }) => errorPageMeta(matches, "not-found", location.pathname);

export default function CatchAll() {
  return <ErrorScreen kind="not-found" />;
}
