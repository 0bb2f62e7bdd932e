import { expect } from "vitest";
import { SoftwareAuthenticator, type CreationOptions, type RequestOptions, type Tamper } from "../fixtures/software-authenticator";
import { fetchWorker, uniqueIp } from "./helpers";

// The passkey ceremonies as a browser runs them against the Worker (tests/integration/passkeys.test.ts),
// with the software authenticator of tests/fixtures in place of the browser's.

/** The origin the tests' requests come from (https://example.com, as helpers.ts posts). */
export const ORIGIN = "https://example.com";

export interface JsonPost {
  cookie?: string;
  ip?: string;
  contentType?: string;
  userAgent?: string;
}

/** POSTs `body` (as JSON unless a string is given) to a JSON endpoint of the Worker. */
export function postJson(path: string, body: unknown, { cookie, ip, contentType = "application/json", userAgent }: JsonPost = {}): Promise<Response> {
  const headers: Record<string, string> = { Host: "example.com", "CF-Connecting-IP": ip ?? uniqueIp(), "Content-Type": contentType };
  if (cookie) headers.Cookie = cookie;
  if (userAgent) headers["User-Agent"] = userAgent;
  return fetchWorker(`${ORIGIN}${path}`, { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) });
}

/** The `name=value` of a cookie the response sets. */
export function setCookie(response: Response, name: string): string {
  const found = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0]!)
    .find((pair) => pair.startsWith(`${name}=`));
  if (!found) throw new Error(`no ${name} cookie in ${JSON.stringify(response.headers.getSetCookie())}`);
  return found;
}

/** The cookies as one Cookie header. */
export const cookies = (...pairs: (string | undefined)[]) => pairs.filter(Boolean).join("; ");

/** Step 1 of adding a passkey: the options and the ceremony's cookie. */
export async function registrationOptions(userCookie: string): Promise<{ options: CreationOptions; ceremony: string }> {
  const response = await postJson("/api/passkeys/register/options", {}, { cookie: userCookie });
  expect(response.status, await response.clone().text()).toBe(200);
  const { options } = await response.json<{ options: CreationOptions }>();
  return { options, ceremony: setCookie(response, "skinvault_passkey") };
}

/** Adds a passkey made by `authenticator` (a new one by default) for the signed-in `userCookie`; answers the last step's response. */
export async function addPasskey(
  userCookie: string,
  { authenticator, name = "Test passkey", tamper }: { authenticator?: SoftwareAuthenticator; name?: string; tamper?: Tamper } = {},
): Promise<{ authenticator: SoftwareAuthenticator; response: Response }> {
  const device = authenticator ?? (await SoftwareAuthenticator.create());
  const { options, ceremony } = await registrationOptions(userCookie);
  const answer = await device.register(options, ORIGIN, tamper);
  const response = await postJson("/api/passkeys/register/verify", { name, response: answer }, { cookie: cookies(userCookie, ceremony) });
  return { authenticator: device, response };
}

/** Step 1 of signing in: the options and the ceremony's cookie. */
export async function signInOptions(): Promise<{ options: RequestOptions; ceremony: string }> {
  const response = await postJson("/api/passkeys/login/options", {});
  expect(response.status, await response.clone().text()).toBe(200);
  const { options } = await response.json<{ options: RequestOptions }>();
  return { options, ceremony: setCookie(response, "skinvault_passkey") };
}

/** Signs in with `authenticator`'s passkey; answers the last step's response. */
export async function signInWith(
  authenticator: SoftwareAuthenticator,
  { tamper, redirectTo, ip, userAgent }: { tamper?: Tamper; redirectTo?: string; ip?: string; userAgent?: string } = {},
): Promise<Response> {
  const { options, ceremony } = await signInOptions();
  const answer = await authenticator.assert(options, ORIGIN, tamper);
  return postJson("/api/passkeys/login/verify", { response: answer, redirectTo }, { cookie: ceremony, ip, userAgent });
}
