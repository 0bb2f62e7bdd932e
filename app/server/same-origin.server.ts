/**
 * A state-changing request must come from this site: Sec-Fetch-Site where the browser sends it,
 * else the Origin header. Clients that send neither (curl, tests) are not browsers a forged form
 * could ride on, so they pass.
 */
export function isSameOriginRequest(request: Request): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site) return site === "same-origin" || site === "none";
  const origin = request.headers.get("Origin");
  if (!origin) return true;
  return origin === new URL(request.url).origin;
}
