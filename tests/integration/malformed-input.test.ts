import { env } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "~/server/http/request-guard.server";
import { HOSTILE_FORM_BODIES } from "../fixtures/hostile-form-bodies";
import { fetchWorker, signedInAdmin } from "./helpers";
import { manifest, urlPath } from "./manifest";

/**
 * Every route with an action, read from the built route manifest, so a new route is covered
 * without anyone adding it here. Parameters are filled with a placeholder.
 */
const actionRoutes = Object.values(manifest)
  .filter((route) => typeof route.module.action === "function")
  .map((route) => ({ id: route.id, path: urlPath(route, () => "fuzz") }));

// ------------------------------------------------------------------ generators

const INTENTS = [
  "login",
  "register",
  "forgot",
  "resend-confirmation",
  "change-password",
  "delete-account",
  "confirm-email",
  "deliver",
  "accept",
  "decline",
  "save",
  "delete",
  "create",
  "update",
  "set-alert",
  "remove-alert",
  "delete-trade-up",
  "copy",
  "share-create",
  "share-settings",
  "share-revoke",
  "submit",
  "apply",
  "search-skin",
  "pick-skin:ak-47-redline",
  "search-sticker:1",
  "pick-sticker:1:1",
  "clear-sticker:5",
  "publish",
  "reject",
  "unpublish",
  "dismiss",
  "report",
  "sell",
  "undo",
  "preview",
  "import",
  "revoke-session",
  "revoke-other-sessions",
  "totp-start",
  "totp-confirm",
  "totp-cancel",
  "totp-disable",
  "two-step",
  "change-email",
  "confirm-new-email",
  "passkey-remove",
  // Names every object has: a lookup by the posted intent must not find them.
  "__proto__",
  "constructor",
  "toString",
];
const FIELDS = [
  "intent",
  "email",
  "password",
  "token",
  "newPassword",
  "confirmPassword",
  "currentPassword",
  "session",
  "code",
  "passkey",
  "response",
  "redirectTo",
  "respond",
  "website",
  "name",
  "id",
  "skinId",
  "wear",
  "variant",
  "target",
  "side",
  "version",
  "proposal",
  "showDescription",
  "showBudget",
  "description",
  "externalCraftLink",
  "reason",
  "skinQuery",
  "stickerQuery1",
  "stickers[0].stickerId",
  "stickers[1].keep",
  "removePlacement",
  "ingameFile",
  "salePrice",
  "soldAt",
  "market",
  "feePercent",
  "text",
  "file",
  "source",
  "rows[0].pick",
  "rows[0].buyPrice",
  "rows[0].boughtAt",
  "formKey",
  "contract",
  // Names Conform refuses as paths, and names every object has.
  "__proto__",
  "constructor.prototype.polluted",
  "__proto__.polluted",
  "a..b",
  "rows[",
  "rows[-1].pick",
];

/** Never a valid e-mail address, so no submission can register, log in or ask for a reset. */
const notAnEmail = fc.oneof(
  fc.string({ maxLength: 40 }).filter((s) => !s.includes("@")),
  fc.string({ minLength: 1, maxLength: 5 }).map((s) => `${s} @ ${s}`),
  fc.integer({ min: 300, max: 4000 }).map((n) => `${"a".repeat(n)}@example.test`),
);
const oddValue = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.constantFrom("", " ", "null", "undefined", "[object Object]", "%%%", "../../etc/passwd", "<script>alert(1)</script>", "https://evil.example/"),
  fc.integer({ min: 1025, max: 20_000 }).map((n) => "x".repeat(n)),
);
const fieldValue = (name: string) =>
  name === "email" ? notAnEmail : name === "intent" ? fc.oneof(fc.constantFrom(...INTENTS), fc.string({ maxLength: 20 })) : oddValue;
const formFields = fc.array(
  fc.constantFrom(...FIELDS, "x", "").chain((name) => fieldValue(name).map((value) => [name, value] as const)),
  { maxLength: 8 },
);

interface Submission {
  method: string;
  contentType: string | null;
  body: Uint8Array | string;
  cookie: string | null;
  label: string;
}

const encoder = new TextEncoder();
/** The bytes of a body, so that no Content-Type is implied. */
function bytesOf(body: Uint8Array | string): ArrayBuffer {
  const bytes = typeof body === "string" ? encoder.encode(body) : body;
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}
const urlencoded = (fields: readonly (readonly [string, string])[]) => new URLSearchParams(fields.map(([k, v]) => [k, v])).toString();

function multipart(boundary: string, fields: readonly (readonly [string, string])[], asFiles: boolean): string {
  const parts = fields.map(([name, value]) =>
    asFiles
      ? `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="x.bin"\r\nContent-Type: application/octet-stream\r\n\r\n${value}\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return `${parts.join("")}--${boundary}--\r\n`;
}

const bodies: fc.Arbitrary<Omit<Submission, "method" | "cookie">> = fc.oneof(
  // Not a form at all.
  fc.json().map((json) => ({ contentType: "application/json", body: json, label: "json" })),
  fc
    .tuple(fc.constantFrom("text/plain", "application/xml", "application/octet-stream", "garbage", "text/html; charset=utf-8", "image/png"), fc.string())
    .map(([contentType, body]) => ({ contentType, body, label: `type ${contentType}` })),
  fc.uint8Array({ maxLength: 200 }).map((body) => ({ contentType: null, body, label: "no content type" })),
  // Form types with broken bodies or charsets.
  fc.tuple(fc.constantFrom("utf-16", "bogus", "latin1", "x-user-defined", "utf-32", ""), formFields).map(([charset, fields]) => ({
    contentType: `application/x-www-form-urlencoded; charset=${charset}`,
    body: urlencoded(fields),
    label: `charset ${charset}`,
  })),
  fc.uint8Array({ minLength: 1, maxLength: 200 }).map((body) => ({ contentType: "application/x-www-form-urlencoded", body, label: "random bytes as a form" })),
  fc.string().map((body) => ({ contentType: "multipart/form-data", body, label: "multipart without boundary" })),
  fc.tuple(fc.stringMatching(/^[a-z0-9]{1,20}$/), formFields, fc.nat(), fc.boolean()).map(([boundary, fields, cut, wrongBoundary]) => {
    const full = multipart(boundary, fields.length ? fields : [["intent", "login"]], false);
    return {
      contentType: `multipart/form-data; boundary=${wrongBoundary ? `${boundary}zz` : boundary}`,
      body: full.slice(0, Math.max(1, cut % full.length)),
      label: "broken multipart",
    };
  }),
  // Well-formed forms with wrong types, random intents, huge and odd values.
  formFields.map((fields) => ({ contentType: "application/x-www-form-urlencoded", body: urlencoded(fields), label: "odd fields" })),
  fc.tuple(fc.stringMatching(/^[a-z0-9]{1,20}$/), formFields, fc.boolean()).map(([boundary, fields, asFiles]) => ({
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: multipart(boundary, fields, asFiles),
    label: asFiles ? "files where text belongs" : "odd multipart fields",
  })),
  // Far over every field's limit (and still under the body cap, which has its own test below).
  fc.constantFrom(...FIELDS).map((name) => ({
    contentType: "application/x-www-form-urlencoded",
    body: `intent=login&${name}=${"z".repeat(256 * 1024)}`,
    label: "a 256 KB field",
  })),
  fc.constantFrom("%%%", "a=%ZZ&b=%", "=&&==&intent", "intent=login&email=%C0%AF").map((body) => ({
    contentType: "application/x-www-form-urlencoded",
    body,
    label: "bad percent-encoding",
  })),
);

const submissions: fc.Arbitrary<Submission> = fc
  .record({
    method: fc.oneof({ weight: 6, arbitrary: fc.constant("POST") }, { weight: 1, arbitrary: fc.constantFrom("PUT", "PATCH", "DELETE", "OPTIONS") }),
    cookie: fc.oneof(
      fc.constant(null),
      fc.constantFrom(
        "skinvault_session=%%%",
        "skinvault_session=abc.def",
        "skinvault_session=",
        'skinvault_session="unterminated',
        "cookie_consent=%%%; user_session=%E0%A4%A",
      ),
      fc.string({ maxLength: 80 }).map((s) => `skinvault_session=${encodeURIComponent(s)}`),
    ),
  })
  .chain((head) => bodies.map((body) => ({ ...head, ...body })));

// ------------------------------------------------------------------ the check

async function rowCounts(): Promise<Record<string, number>> {
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
  ).all<{ name: string }>();
  const counts = await env.DB.batch(results.map(({ name }) => env.DB.prepare(`SELECT count(*) AS n FROM "${name}"`)));
  return Object.fromEntries(results.map(({ name }, index) => [name, (counts[index]?.results[0] as { n: number }).n]));
}

async function send(path: string, submission: Submission): Promise<Response> {
  const headers = new Headers({ Host: "example.com", "CF-Connecting-IP": "10.99.99.99" });
  if (submission.contentType !== null) headers.set("Content-Type", submission.contentType);
  if (submission.cookie !== null) headers.set("Cookie", submission.cookie);
  return fetchWorker(`https://example.com${path}`, { method: submission.method, headers, body: bytesOf(submission.body) });
}

const RUNS_PER_ROUTE = 200;
const CONCURRENCY = 4;

/**
 * A stack frame in a response body: a source file with line and column, "at name (file.js:12:3)".
 * Anchored on the literal extension so that it stays linear on the 500 KB pages the long fields
 * produce (a leading `at .*` backtracked for minutes there and overflowed the regexp stack).
 */
const STACK_TRACE = /\.(?:m?js|tsx?):\d+:\d+/;

describe("malformed input", () => {
  it("finds the routes with an action in the build", () => {
    expect(actionRoutes.map((route) => route.path)).toEqual(expect.arrayContaining(["/login", "/logout", "/cookie-consent", "/reset-password"]));
  });

  it.each(actionRoutes)(
    "$id ($path): 200 generated malformed submissions, none answered with 5xx or a stack trace, no new rows",
    async ({ path }) => {
      const before = await rowCounts();
      const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
      const cases = fc.sample(submissions, { numRuns: RUNS_PER_ROUTE, seed });
      const failures: string[] = [];
      // A few at a time: workerd overlaps one request's D1 work with another's rendering.
      for (let i = 0; i < cases.length; i += CONCURRENCY) {
        await Promise.all(
          cases.slice(i, i + CONCURRENCY).map(async (submission) => {
            const response = await send(path, submission);
            const text = await response.text();
            if (response.status >= 500 || STACK_TRACE.test(text)) {
              failures.push(
                `${submission.method} ${path} (${submission.label}, ${JSON.stringify(submission).slice(0, 200)}) answered ${response.status}: ${text.slice(0, 300)}`,
              );
            }
          }),
        );
      }
      expect(failures, `FUZZ_SEED=${seed}`).toEqual([]);
      expect(await rowCounts()).toEqual(before);
    },
    420_000,
  );
});

describe("bad requests get a clear 4xx", () => {
  const post = (path: string, init: { contentType?: string; body?: string | Uint8Array; method?: string; cookie?: string }) => {
    const headers = new Headers({ Host: "example.com" });
    if (init.contentType) headers.set("Content-Type", init.contentType);
    if (init.cookie) headers.set("Cookie", init.cookie);
    const body = init.body === undefined ? undefined : bytesOf(init.body);
    return fetchWorker(`https://example.com${path}`, { method: init.method ?? "POST", headers, body });
  };

  it("a JSON body to a form is 415 with the reason", async () => {
    const response = await post("/login", { contentType: "application/json", body: "{}" });
    expect(response.status).toBe(415);
    expect(await response.text()).toContain("Forms must be sent as application/x-www-form-urlencoded or multipart/form-data.");
  });

  it("a broken multipart body is 400", async () => {
    const response = await post("/login", { contentType: "multipart/form-data; boundary=x", body: "garbage" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("The form could not be read.");
  });

  it("a form in another charset is 415", async () => {
    const response = await post("/login", { contentType: "application/x-www-form-urlencoded; charset=bogus", body: "intent=login" });
    expect(response.status).toBe(415);
    expect(await response.text()).toContain("Forms must be sent in UTF-8.");
  });

  it("a body over the cap is 413", async () => {
    const response = await post("/login", { contentType: "application/x-www-form-urlencoded", body: new Uint8Array(MAX_BODY_BYTES + 1) });
    expect(response.status).toBe(413);
  });

  /** An 11 MB multipart upload as a stream that counts what the Worker reads of it. */
  function countedUpload(total: number) {
    const chunk = new Uint8Array(64 * 1024);
    const read = { bytes: 0 };
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (read.bytes >= total) return controller.close();
        read.bytes += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    return { body, read };
  }

  it.each([
    ["with a Content-Length", true],
    ["chunked, without a length", false],
  ])("an 11 MB upload %s gets a readable 413 after its body was read, never a reset connection", async (_framing, declared) => {
    const total = 11 * 1024 * 1024;
    const { body, read } = countedUpload(total);
    const headers = new Headers({ Host: "example.com", "Content-Type": "multipart/form-data; boundary=x" });
    if (declared) headers.set("Content-Length", String(total));
    const response = await fetchWorker("https://example.com/sticker-crafts/submit", { method: "POST", headers, body, duplex: "half" } as RequestInit);
    expect(response.status).toBe(413);
    const html = await response.text();
    expect(html).toContain("Request too large");
    expect(html).toContain(`A form may carry at most ${MAX_BODY_BYTES / (1024 * 1024)} MB.`);
    // The Worker answered only once the client had sent everything: a proxy (wrangler dev's) or a
    // client that is still sending reads an early answer as a lost connection.
    expect(read.bytes).toBeGreaterThanOrEqual(total);
  });

  it("an unsupported method is 405 'Method not allowed' with Allow", async () => {
    for (const method of ["PUT", "DELETE", "PATCH", "OPTIONS"]) {
      const response = await post("/login", { method, contentType: "application/x-www-form-urlencoded", body: "intent=login" });
      expect(response.status).toBe(405);
      expect(response.headers.get("Allow")).toBe("GET, HEAD, POST");
      expect(await response.text()).toContain("Method not allowed");
    }
  });

  it("a form posted to a page without an action is 405 'Method not allowed'", async () => {
    const response = await post("/", { contentType: "application/x-www-form-urlencoded", body: "intent=x" });
    expect(response.status).toBe(405);
    const html = await response.text();
    expect(html).toContain("Method not allowed");
    expect(html).not.toMatch(STACK_TRACE);
  });

  it("a malformed or forged session cookie means signed out", async () => {
    for (const cookie of ["skinvault_session=%%%", "skinvault_session=eyJmb28iOiJiYXIifQ.forged", 'skinvault_session="', "skinvault_session=a%ZZb"]) {
      const page = await fetchWorker("https://example.com/", { headers: { Cookie: cookie } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('href="/login"');
    }
  });

  it("a control character (NUL) in free text is a 400 that says so, and nothing is kept", async () => {
    const before = await rowCounts();
    const response = await post("/sticker-crafts/1", { contentType: "application/x-www-form-urlencoded", body: "intent=report&reason=spam%00" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("The form contains a control character (such as NUL)");
    expect(await rowCounts()).toEqual(before);
  });

  it("a bare POST without a body is an empty form, not an error", async () => {
    const response = await post("/cookie-consent", {});
    expect(response.status).toBe(400);
  });
});

describe("the form kit's reserved fields, huge indices and repeated names (issue 59)", () => {
  const shapes = Object.entries(HOSTILE_FORM_BODIES);
  /** Ids that could name something, so each action gets as far as reading its form. */
  const routes = Object.values(manifest)
    .filter((route) => typeof route.module.action === "function")
    .map((route) => ({ id: route.id, path: urlPath(route, (param) => (param === "loadoutType" ? "user" : "1")) }));
  /** The actions that take no form: JSON only, so any form is a 415. */
  const JSON_ONLY = new Set([
    "routes/api.password-reset-simple",
    "routes/api.passkeys.register.options",
    "routes/api.passkeys.register.verify",
    "routes/api.passkeys.login.options",
    "routes/api.passkeys.login.verify",
  ]);
  /** Logging out reads no form (its button posts none); as the admin it would end the session. */
  const NO_FORM = "routes/logout";
  /** Who gets as far as the form: the admin, but on the login page, which sends the signed-in to their profile. */
  const reader = (id: string) => (id === "routes/login" ? "visitor" : "admin");

  it.each(routes)(
    "$id ($path): each is a 400 for whoever reaches the form, never a 5xx, and nothing is written",
    async ({ id, path }) => {
      const admin = await signedInAdmin();
      const before = await rowCounts();
      const answers: string[] = [];
      const expected: string[] = [];
      for (const [who, cookie] of id === NO_FORM
        ? [["visitor", null] as const]
        : ([
            ["visitor", null],
            ["admin", admin.cookie],
          ] as const)) {
        for (const [shape, body] of shapes) {
          const response = await send(path, { method: "POST", contentType: "application/x-www-form-urlencoded", body, cookie, label: shape });
          const text = await response.text();
          const failed = response.status >= 500 || STACK_TRACE.test(text);
          // Whoever does not reach the form may be sent to log in or away (a redirect, a 401).
          const want = JSON_ONLY.has(id) ? "415" : who === reader(id) ? "400" : "no 5xx";
          answers.push(`${who}, ${shape}: ${failed ? `${response.status} ${text.slice(0, 200)}` : want === "no 5xx" ? want : String(response.status)}`);
          expected.push(`${who}, ${shape}: ${want}`);
        }
      }
      expect(answers).toEqual(expected);
      expect(await rowCounts()).toEqual(before);
    },
    60_000,
  );
});
