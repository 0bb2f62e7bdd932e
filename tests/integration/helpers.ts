import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { vi } from "vitest";
import worker from "../../workers/app";
import { CASE_VALUE_INPUTS_SQL, type CaseValueInputs } from "../../migrations/seed/case-values";

let counter = 0;
/** Unique per test run so parallel runs never clash. */
export function uniqueEmail(label = "user"): string {
  return `${label}-${Date.now().toString(36)}-${(counter++).toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}
export function uniqueIp(): string {
  return `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
}

/**
 * One request through the Worker's own fetch handler, inside the test's workerd isolate, with
 * its real D1 and R2; its `waitUntil` work has finished when this resolves. Not `SELF.fetch`:
 * that path gets slower with every request made in a file (50 ms a request after 300), which
 * made the malformed-input test take half an hour. Redirects are never followed. `workerEnv`
 * replaces the test bindings (a deploy's defaults, say).
 */
export async function fetchWorker(url: string, init?: RequestInit, workerEnv: typeof env = env): Promise<Response> {
  const context = createExecutionContext();
  // A test-made request has no Cloudflare edge properties; the Worker reads none.
  const request = new Request(url, init) as Request<unknown, IncomingRequestCfProperties>;
  const response = await worker.fetch(request, workerEnv, context);
  await waitOnExecutionContext(context);
  return response;
}

export interface PostOptions {
  cookie?: string;
  ip?: string;
  origin?: string;
  secFetchSite?: string;
}

export function post(path: string, fields: Record<string, string>, options: PostOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { "CF-Connecting-IP": options.ip ?? uniqueIp() };
  if (options.cookie) headers.Cookie = options.cookie;
  // Remix compares Origin with Host on actions; a real request always carries both.
  headers.Host = "example.com";
  if (options.origin) headers.Origin = options.origin;
  if (options.secFetchSite) headers["Sec-Fetch-Site"] = options.secFetchSite;
  return fetchWorker(`https://example.com${path}`, { method: "POST", body: new URLSearchParams(fields), headers });
}

/** POSTs `body` as JSON (the password-reset API). */
export function postJson(path: string, body: unknown, ip = uniqueIp()): Promise<Response> {
  return fetchWorker(`https://example.com${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip, Host: "example.com" },
    body: JSON.stringify(body),
  });
}

/**
 * The form key of an inventory import's preview page, under which the server keeps the inventory
 * for the Import step (ADR 096): the Import form's hidden field, or the page's data when nothing
 * was offered (no form).
 */
export function importFormKeyIn(page: string): string {
  const key = /name="formKey" value="([0-9a-f]{32})"/.exec(page)?.[1] ?? /formKey\\?"[^0-9a-f]{1,16}([0-9a-f]{32})/.exec(page)?.[1];
  if (!key) throw new Error(`the preview names no form key: ${page.slice(0, 200)}`);
  return key;
}

/** An inventory import's first step, the pasted `inventory` previewed: its form key for the Import step. */
export async function previewImport(cookie: string, inventory: string): Promise<string> {
  return importFormKeyIn(await (await post("/resell-tracker/import", { intent: "preview", text: inventory }, { cookie })).text());
}

/** A part of a multipart form: a text value, or a file's bytes with its name and declared type. */
export type FormPart = string | { bytes: Uint8Array; name: string; type?: string };

/** A multipart form's body (files included), as a browser builds it. */
export function multipartBody(parts: [string, FormPart][]): FormData {
  const form = new FormData();
  for (const [name, part] of parts) {
    form.append(
      name,
      typeof part === "string" ? part : new File([part.bytes as Uint8Array<ArrayBuffer>], part.name, { type: part.type ?? "application/octet-stream" }),
    );
  }
  return form;
}

/** POSTs a multipart form (files included) the way a browser does. */
export function postMultipart(path: string, parts: [string, FormPart][], cookie?: string, workerEnv: typeof env = env): Promise<Response> {
  const form = multipartBody(parts);
  const headers: Record<string, string> = { Host: "example.com", "CF-Connecting-IP": uniqueIp() };
  if (cookie) headers.Cookie = cookie;
  return fetchWorker(`https://example.com${path}`, { method: "POST", body: form, headers, redirect: "manual" }, workerEnv);
}

export function get(path: string, cookie?: string): Promise<Response> {
  return fetchWorker(`https://example.com${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

/** The `name=value` part of the response's session cookie. */
export function sessionCookie(response: Response): string {
  const header = response.headers.get("Set-Cookie") ?? "";
  const match = /(skinvault_session=[^;]*)/.exec(header);
  if (!match?.[1]) throw new Error(`no session cookie in ${JSON.stringify(header)}`);
  return match[1];
}

export async function registerUser(email: string, password: string, { confirm = true } = {}): Promise<void> {
  const response = await post("/login?mode=register", { intent: "register", email, password });
  if (response.status !== 302 && response.status !== 303 && response.status !== 204) {
    throw new Error(`register answered ${response.status}: ${await response.text()}`);
  }
  await response.body?.cancel();
  if (confirm) await env.DB.prepare("UPDATE users SET email_confirmed_at = ? WHERE email = lower(?)").bind(Date.now(), email).run();
}

export async function login(email: string, password: string, ip?: string): Promise<Response> {
  return post("/login?mode=login", { intent: "login", email, password }, { ip });
}

/** Logs in from a browser with this User-Agent (the session's device); answers the session cookie. */
export async function loginFrom(email: string, password: string, userAgent: string): Promise<string> {
  const response = await fetchWorker("https://example.com/login?mode=login", {
    method: "POST",
    headers: { Host: "example.com", "CF-Connecting-IP": uniqueIp(), "User-Agent": userAgent },
    body: new URLSearchParams({ intent: "login", email, password }),
  });
  if (response.status !== 302) throw new Error(`logging in from ${userAgent} answered ${response.status}`);
  await response.body?.cancel();
  return sessionCookie(response);
}

/** The mail queued for `to`, oldest first, as the outbox holds it. */
export async function mailTo(to: string): Promise<{ subject: string; text: string; html: string }[]> {
  const { results } = await env.DB.prepare('SELECT subject, text, html FROM mail_outbox WHERE "to" = ? ORDER BY created_at, rowid')
    .bind(to)
    .all<{ subject: string; text: string; html: string }>();
  return results;
}

export async function signedInUser(label = "user", password = "secret-pass-1"): Promise<{ email: string; password: string; cookie: string }> {
  const email = uniqueEmail(label);
  await registerUser(email, password);
  const response = await login(email, password);
  await response.body?.cancel();
  return { email, password, cookie: sessionCookie(response) };
}

/** Listed in ADMIN_EMAILS by the integration config. */
export const TEST_ADMIN_EMAIL = "admin@integration.test";
export const TEST_ADMIN_PASSWORD = "admin-pass-1";

/** A session of the test admin (registered once; registering again changes nothing). */
export async function signedInAdmin(): Promise<{ email: string; cookie: string }> {
  const exists = await env.DB.prepare("SELECT 1 FROM users WHERE email = ?").bind(TEST_ADMIN_EMAIL).first();
  if (!exists) await registerUser(TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
  const response = await login(TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
  await response.body?.cancel();
  return { email: TEST_ADMIN_EMAIL, cookie: sessionCookie(response) };
}

/** The weapon cases' items and prices as the seed reads them (its own SQL), from the tests' D1. */
export async function caseValueInputs(): Promise<CaseValueInputs> {
  const [items, skins, vanillaKnives] = await env.DB.batch([
    env.DB.prepare(CASE_VALUE_INPUTS_SQL.items),
    env.DB.prepare(CASE_VALUE_INPUTS_SQL.skins),
    env.DB.prepare(CASE_VALUE_INPUTS_SQL.vanillaKnives),
  ]);
  return {
    items: items!.results as CaseValueInputs["items"],
    skins: skins!.results as CaseValueInputs["skins"],
    vanillaKnives: vanillaKnives!.results as CaseValueInputs["vanillaKnives"],
  };
}

/** The expected value the list of cases shows for a case, in dollars as written ("5.89"). */
export function listedCaseValue(listHtml: string, slug: string): string | undefined {
  const html = listHtml.replace(/<!-- -->/g, "");
  const listed = html.slice(html.indexOf(`href="/cases/${slug}"`));
  return /Expected value \$([\d,.]+)/.exec(listed.slice(0, listed.indexOf("</a>")))?.[1];
}

/** The expected value a case's page shows, in dollars as written. */
export async function casePageValue(slug: string): Promise<string | undefined> {
  return /data-testid="case-expected-value">\$([\d,.]+)</.exec(await (await get(`/cases/${slug}`)).text())?.[1];
}

/** Runs `run` with `console.warn` caught: what it returned and the first argument of each warning. */
export async function collectingWarnings<T>(run: () => Promise<T>): Promise<{ result: T; warnings: string[] }> {
  const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  try {
    const result = await run();
    return { result, warnings: warn.mock.calls.map((call) => String(call[0])) };
  } finally {
    warn.mockRestore();
  }
}
