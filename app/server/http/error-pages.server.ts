import { data } from "@remix-run/cloudflare";

/** The error pages answer with the status they describe, so clients and crawlers see it too. */
export function errorPageResponse(status: number) {
  return data({ status }, { status });
}
