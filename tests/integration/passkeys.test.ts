import { env } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ACCOUNT_LIMITS, LIMIT_MESSAGES } from "~/domain/limits";
import { PASSKEY_CHALLENGE_TTL_MS } from "~/domain/passkeys";
import { LOGIN_RATE_LIMIT_MESSAGE, RATE_LIMITS } from "~/domain/rate-limits";
import { PASSKEY_MESSAGES } from "~/forms/passkeys";
import { beginCeremony } from "~/server/auth/passkey-ceremony.server";
import { newTotpSecret } from "~/server/auth/totp.server";
import { JSON_MESSAGES } from "~/server/http/json-body.server";
import { fromBase64url, SoftwareAuthenticator, toBase64url } from "../fixtures/software-authenticator";
import { get, login, post, signedInUser, uniqueIp } from "./helpers";
import { addPasskey, cookies, ORIGIN, postJson, registrationOptions, setCookie, signInOptions, signInWith } from "./passkey-steps";

// Passkeys, checked by @simplewebauthn/server inside workerd (this file is the check that it runs
// there): a 'none' attestation and ES256 assertions made by Web Crypto (tests/fixtures/software-authenticator.ts).

const userIdOf = async (email: string) => (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: string }>())!.id;
const passkeysOf = async (email: string) =>
  (
    await env.DB.prepare("SELECT id, name, counter, transports, last_used_at FROM passkeys WHERE user_id = (SELECT id FROM users WHERE email = ?)")
      .bind(email)
      .all<{ id: string; name: string; counter: number; transports: string | null; last_used_at: number | null }>()
  ).results;
const mailSubjects = async (email: string) =>
  (await env.DB.prepare('SELECT subject FROM mail_outbox WHERE "to" = ? ORDER BY created_at').bind(email).all<{ subject: string }>()).results.map(
    (row) => row.subject,
  );
const errorOf = async (response: Response) => (await response.json<{ error?: string }>()).error;

/** A user with a passkey added; answers the user, the authenticator and the passkey's handle. */
async function userWithPasskey(label: string, name = "Work laptop") {
  const user = await signedInUser(label);
  const { authenticator, response } = await addPasskey(user.cookie, { name });
  expect(response.status, await response.clone().text()).toBe(200);
  const [row] = await passkeysOf(user.email);
  return { user, authenticator, handle: row!.id };
}

describe("adding a passkey", () => {
  it("adds a checked passkey under its name, lists it, and mails a notice", async () => {
    const user = await signedInUser("passkey-add");
    const { response } = await addPasskey(user.cookie, { name: "  Work\tlaptop  " });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ redirectTo: "/profile/security?notice=passkey-added" });
    // The ceremony's cookie is ended.
    expect(response.headers.getSetCookie().join()).toMatch(/skinvault_passkey=;.*Max-Age=0/);
    const [row] = await passkeysOf(user.email);
    expect(row).toMatchObject({ name: "Work laptop", counter: 0, transports: "internal", last_used_at: null });
    expect(await mailSubjects(user.email)).toContain("SkinVault: A passkey was added");
    const page = await (await get("/profile/security?notice=passkey-added", user.cookie)).text();
    expect(page).toContain("Passkey added. It signs you in from the login page, with no code asked.");
    expect(page).toContain("Work laptop");
    expect(page).toContain("never used");
    expect(page).toContain(`name="passkey" value="${row!.id}"`);
  });

  it("offers the browser a discoverable, user-verified credential for this host, none of the account's own again", async () => {
    const { user, authenticator } = await userWithPasskey("passkey-options");
    const { options } = await registrationOptions(user.cookie);
    expect(options).toMatchObject({
      rp: { id: "example.com", name: "SkinVault" },
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
      attestation: "none",
      excludeCredentials: [{ id: authenticator.credentialId, type: "public-key", transports: ["internal"] }],
    });
    // The user handle is the account's id, never its address.
    expect(atob(options.user.id.replaceAll("-", "+").replaceAll("_", "/"))).toBe(await userIdOf(user.email));
  });

  it("refuses a visitor, a name out of bounds, the same passkey twice, and the account's 21st", async () => {
    expect(await errorOf(await postJson("/api/passkeys/register/options", {}))).toBe(PASSKEY_MESSAGES.signedOut);
    const { user, authenticator } = await userWithPasskey("passkey-refusals");
    for (const name of ["", "   ", "x".repeat(61)]) {
      const { response } = await addPasskey(user.cookie, { name });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe(PASSKEY_MESSAGES.name);
    }
    const again = await addPasskey(user.cookie, { authenticator });
    expect(again.response.status).toBe(409);
    expect(await errorOf(again.response)).toBe(PASSKEY_MESSAGES.alreadyAdded);

    const id = await userIdOf(user.email);
    await env.DB.batch(
      Array.from({ length: ACCOUNT_LIMITS.passkeys - 1 }, (_, i) =>
        env.DB.prepare("INSERT INTO passkeys (id, user_id, credential_id, public_key, name) VALUES (?, ?, ?, 'x', 'Filler')").bind(
          `${i}`.padStart(32, "f"),
          id,
          `filler-${id}-${i}`,
        ),
      ),
    );
    const full = await postJson("/api/passkeys/register/options", {}, { cookie: user.cookie });
    expect(full.status).toBe(409);
    expect(await errorOf(full)).toBe(LIMIT_MESSAGES.passkeys);
    expect(await passkeysOf(user.email)).toHaveLength(ACCOUNT_LIMITS.passkeys);
  });

  it(`${ACCOUNT_LIMITS.passkeys} passkeys: two adding at once for the last place make one; the other is told the limit`, async () => {
    const user = await signedInUser("passkey-race");
    const id = await userIdOf(user.email);
    await env.DB.batch(
      Array.from({ length: ACCOUNT_LIMITS.passkeys - 1 }, (_, i) =>
        env.DB.prepare("INSERT INTO passkeys (id, user_id, credential_id, public_key, name) VALUES (?, ?, ?, 'x', 'Filler')").bind(
          `${i}`.padStart(32, "e"),
          id,
          `race-${id}-${i}`,
        ),
      ),
    );
    const begun = [await registrationOptions(user.cookie), await registrationOptions(user.cookie)];
    const answers = await Promise.all(begun.map(async ({ options }) => (await SoftwareAuthenticator.create()).register(options, ORIGIN)));
    const responses = await Promise.all(
      answers.map((response, i) =>
        postJson("/api/passkeys/register/verify", { name: `Racer ${i}`, response }, { cookie: cookies(user.cookie, begun[i]!.ceremony) }),
      ),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    expect(await errorOf(responses.find((response) => response.status === 409)!)).toBe(LIMIT_MESSAGES.passkeys);
    expect(await passkeysOf(user.email)).toHaveLength(ACCOUNT_LIMITS.passkeys);
  });

  it("refuses an answer from another origin or RP ID, without user verification, or to another account's ceremony", async () => {
    const user = await signedInUser("passkey-origin");
    for (const tamper of [{ origin: "https://evil.example" }, { origin: "http://example.com" }, { rpId: "evil.example" }, { userVerified: false }]) {
      const { response } = await addPasskey(user.cookie, { tamper });
      expect(response.status, JSON.stringify(tamper)).toBe(400);
      expect(await errorOf(response)).toBe(PASSKEY_MESSAGES.notVerified);
    }
    // Another account's options, answered while signed in as this one.
    const other = await signedInUser("passkey-origin-other");
    const { options, ceremony } = await registrationOptions(other.cookie);
    const answer = await (await SoftwareAuthenticator.create()).register(options, ORIGIN);
    const response = await postJson("/api/passkeys/register/verify", { name: "Mine", response: answer }, { cookie: cookies(user.cookie, ceremony) });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(PASSKEY_MESSAGES.challengeGone);
    expect(await passkeysOf(user.email)).toEqual([]);
    expect(await passkeysOf(other.email)).toEqual([]);
  });

  it("spends a challenge once: a second answer to the same options adds nothing", async () => {
    const user = await signedInUser("passkey-once");
    const { options, ceremony } = await registrationOptions(user.cookie);
    const [first, second] = await Promise.all(
      [await SoftwareAuthenticator.create(), await SoftwareAuthenticator.create()].map(async (device) =>
        postJson(
          "/api/passkeys/register/verify",
          { name: "Key", response: await device.register(options, ORIGIN) },
          { cookie: cookies(user.cookie, ceremony) },
        ),
      ),
    );
    expect([first!.status, second!.status].sort()).toEqual([200, 400]);
    expect(await errorOf([first!, second!].find((response) => response.status === 400)!)).toBe(PASSKEY_MESSAGES.challengeGone);
    expect(await passkeysOf(user.email)).toHaveLength(1);
    expect((await mailSubjects(user.email)).filter((subject) => subject === "SkinVault: A passkey was added")).toHaveLength(1);
  });
});

describe("signing in with a passkey", () => {
  it("signs in with no code asked, even with two-step sign-in on; 'last used' moves", async () => {
    const { user, authenticator } = await userWithPasskey("passkey-login");
    await env.DB.prepare("INSERT INTO user_totp (user_id, secret, enabled_at) SELECT id, ?, ? FROM users WHERE email = ?")
      .bind(newTotpSecret(), Date.now(), user.email)
      .run();
    // The password alone asks for the code now.
    expect((await login(user.email, user.password)).headers.get("Location")).toBe("/login?mode=two-step");

    const response = await signInWith(authenticator, { redirectTo: "/resell-tracker" });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({ redirectTo: "/resell-tracker" });
    const session = setCookie(response, "skinvault_session");
    const page = await get("/profile/security", session);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(user.email);
    expect(html).toContain("last used");
    const [row] = await passkeysOf(user.email);
    expect(row!.counter).toBe(1);
    expect(row!.last_used_at).not.toBeNull();
  });

  it("goes only to a same-site path afterwards", async () => {
    const { authenticator } = await userWithPasskey("passkey-redirect");
    for (const redirectTo of ["https://evil.example/", "//evil.example", "/\\evil.example"]) {
      expect(await (await signInWith(authenticator, { redirectTo })).json()).toEqual({ redirectTo: "/profile" });
    }
  });

  it("spends a challenge once, also when two answers race", async () => {
    const { authenticator } = await userWithPasskey("passkey-replay");
    const { options, ceremony } = await signInOptions();
    const answer = await authenticator.assert(options, ORIGIN);
    const first = await postJson("/api/passkeys/login/verify", { response: answer }, { cookie: ceremony });
    expect(first.status).toBe(200);
    const replayed = await postJson("/api/passkeys/login/verify", { response: answer }, { cookie: ceremony });
    expect(replayed.status).toBe(400);
    expect(await errorOf(replayed)).toBe(PASSKEY_MESSAGES.challengeGone);
    expect(replayed.headers.getSetCookie().join()).not.toMatch(/skinvault_session=[^;]/);

    const race = await signInOptions();
    const answers = [await authenticator.assert(race.options, ORIGIN), await authenticator.assert(race.options, ORIGIN)];
    const responses = await Promise.all(answers.map((response) => postJson("/api/passkeys/login/verify", { response }, { cookie: race.ceremony })));
    expect(responses.map((response) => response.status).sort()).toEqual([200, 400]);
  });

  it("refuses an expired challenge", async () => {
    const { authenticator } = await userWithPasskey("passkey-expired");
    const { options } = await signInOptions();
    const stale = (await beginCeremony(env, options.challenge, "sign-in", null, Date.now() - PASSKEY_CHALLENGE_TTL_MS - 1000)).split(";")[0]!;
    const response = await postJson("/api/passkeys/login/verify", { response: await authenticator.assert(options, ORIGIN) }, { cookie: stale });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(PASSKEY_MESSAGES.challengeGone);
    // Without any ceremony, or with a registration's, it is refused the same way.
    const answer = await authenticator.assert(options, ORIGIN);
    expect(await errorOf(await postJson("/api/passkeys/login/verify", { response: answer }))).toBe(PASSKEY_MESSAGES.challengeGone);
    const registration = (await beginCeremony(env, options.challenge, "register", null)).split(";")[0]!;
    expect(await errorOf(await postJson("/api/passkeys/login/verify", { response: answer }, { cookie: registration }))).toBe(PASSKEY_MESSAGES.challengeGone);
    const forged = `skinvault_passkey=${encodeURIComponent(btoa(JSON.stringify({ challenge: options.challenge, purpose: "sign-in", userId: null, expiresAt: Date.now() + 60_000 })))}`;
    expect(await errorOf(await postJson("/api/passkeys/login/verify", { response: answer }, { cookie: forged }))).toBe(PASSKEY_MESSAGES.challengeGone);
  });

  it("from a device the account has not used, mails 'A new sign-in' once; a refused sign-in notes no device", async () => {
    const { user, authenticator } = await userWithPasskey("passkey-new-device");
    const iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
    const newSignIn = "SkinVault: A new sign-in to your account";
    const devices = async () =>
      (
        await env.DB.prepare("SELECT device FROM known_devices WHERE user_id = ? ORDER BY device")
          .bind(await userIdOf(user.email))
          .all<{ device: string }>()
      ).results.map((row) => row.device);
    // From the device the account signed in from: nothing new.
    expect((await signInWith(authenticator, { tamper: { counter: 5 } })).status).toBe(200);
    const before = await devices();
    // A refused answer (a counter that does not move on) notes nothing and mails nothing.
    expect((await signInWith(authenticator, { tamper: { counter: 3 }, userAgent: iphone })).status).toBe(400);
    expect(await devices()).toEqual(before);
    expect((await mailSubjects(user.email)).filter((subject) => subject === newSignIn)).toEqual([]);

    expect((await signInWith(authenticator, { tamper: { counter: 6 }, userAgent: iphone })).status).toBe(200);
    expect((await signInWith(authenticator, { tamper: { counter: 7 }, userAgent: iphone })).status).toBe(200);
    expect(await devices()).toEqual([...before, "Safari on iOS, mobile"].sort());
    expect((await mailSubjects(user.email)).filter((subject) => subject === newSignIn)).toHaveLength(1);
  });

  it("checks the counter: one that does not move on is refused (a cloned authenticator)", async () => {
    const { user, authenticator } = await userWithPasskey("passkey-counter");
    expect((await signInWith(authenticator, { tamper: { counter: 5 } })).status).toBe(200);
    for (const counter of [5, 3]) {
      const response = await signInWith(authenticator, { tamper: { counter } });
      expect(response.status, `counter ${counter}`).toBe(400);
      expect(await errorOf(response)).toBe(PASSKEY_MESSAGES.signInRefused);
    }
    expect((await passkeysOf(user.email))[0]!.counter).toBe(5);
    expect((await signInWith(authenticator, { tamper: { counter: 6 } })).status).toBe(200);
  });

  it("refuses another origin, another RP ID, no user verification, another account's handle, a bad signature and an unknown passkey", async () => {
    const { authenticator } = await userWithPasskey("passkey-refused");
    const tampers = [{ origin: "https://evil.example" }, { rpId: "evil.example" }, { userVerified: false }, { userHandle: btoa("someone-else") }];
    for (const tamper of tampers) {
      const response = await signInWith(authenticator, { tamper });
      expect(response.status, JSON.stringify(tamper)).toBe(400);
      expect(await errorOf(response)).toBe(PASSKEY_MESSAGES.signInRefused);
    }
    const { options, ceremony } = await signInOptions();
    const answer = await authenticator.assert(options, ORIGIN);
    const flipped = { ...answer, response: { ...answer.response, signature: answer.response.signature.replace(/^../, "MA") } };
    expect(await errorOf(await postJson("/api/passkeys/login/verify", { response: flipped }, { cookie: ceremony }))).toBe(PASSKEY_MESSAGES.signInRefused);
    expect((await signInWith(await SoftwareAuthenticator.create())).status).toBe(400);
  });

  it("counts refusals as failed logins, and refuses past the password's limit with Retry-After", async () => {
    const { user, authenticator } = await userWithPasskey("passkey-limits");
    const ip = uniqueIp();
    await signInWith(authenticator, { tamper: { origin: "https://evil.example" }, ip });
    const counted = await env.DB.prepare("SELECT key, count FROM rate_limits WHERE key IN (?, ?) ORDER BY key")
      .bind(`login-account:${user.email}`, `login-ip:${ip}`)
      .all<{ key: string; count: number }>();
    expect(counted.results).toEqual([
      { key: `login-account:${user.email}`, count: 1 },
      { key: `login-ip:${ip}`, count: 1 },
    ]);
    await env.DB.prepare("UPDATE rate_limits SET count = ? WHERE key = ?").bind(RATE_LIMITS.loginByIp.limit, `login-ip:${ip}`).run();
    const refused = await signInWith(authenticator, { ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await errorOf(refused)).toBe(LOGIN_RATE_LIMIT_MESSAGE);
    // From another address the passkey still signs in.
    expect((await signInWith(authenticator)).status).toBe(200);
  });
});

describe("removing a passkey", () => {
  it("removes the player's own, by a form post, with a notice mail; another user's answers 404 and stays", async () => {
    const owner = await userWithPasskey("passkey-owner");
    const other = await signedInUser("passkey-other");
    for (const handle of [owner.handle, "0".repeat(32), "not-a-handle"]) {
      const refused = await post("/profile/security", { intent: "passkey-remove", passkey: handle }, { cookie: other.cookie });
      expect(refused.status, handle).toBe(404);
      expect(await refused.text()).toContain(PASSKEY_MESSAGES.notFound);
    }
    expect(await passkeysOf(owner.user.email)).toHaveLength(1);
    expect(await mailSubjects(other.email)).not.toContain("SkinVault: A passkey was removed");

    const removed = await post("/profile/security", { intent: "passkey-remove", passkey: owner.handle }, { cookie: owner.user.cookie });
    expect(removed.status).toBe(303);
    expect(removed.headers.get("Location")).toBe("/profile/security?notice=passkey-removed");
    expect(await passkeysOf(owner.user.email)).toEqual([]);
    expect(await mailSubjects(owner.user.email)).toContain("SkinVault: A passkey was removed");
    // It no longer signs in.
    expect((await signInWith(owner.authenticator)).status).toBe(400);
  });

  it("goes with the account", async () => {
    const { user } = await userWithPasskey("passkey-delete");
    expect((await post("/profile", { intent: "delete-account", confirm: "DELETE" }, { cookie: user.cookie })).status).toBeLessThan(400);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM passkeys WHERE name = 'Work laptop' AND user_id NOT IN (SELECT id FROM users)").first("n")).toBe(0);
  });
});

describe("the ceremony endpoints take JSON only, and answer bad bodies with a clear 4xx", () => {
  const ENDPOINTS = ["/api/passkeys/register/options", "/api/passkeys/register/verify", "/api/passkeys/login/options", "/api/passkeys/login/verify"];

  it.each(ENDPOINTS)("%s", async (path) => {
    const { cookie } = await signedInUser("passkey-malformed");
    const before = await env.DB.prepare("SELECT (SELECT count(*) FROM passkeys) + (SELECT count(*) FROM passkey_challenges) AS n").first("n");
    const asked = (body: unknown, contentType?: string) => postJson(path, body, { cookie, contentType });
    for (const [body, contentType, status, message] of [
      ["{", "application/json", 400, JSON_MESSAGES.invalid],
      ["\u00ff", "text/plain", 400, JSON_MESSAGES.invalid],
      ["intent=x", "application/x-www-form-urlencoded", 415, JSON_MESSAGES.type],
      ["{}", "image/png", 415, JSON_MESSAGES.type],
      [JSON.stringify({ pad: "x".repeat(70 * 1024) }), "application/json", 413, JSON_MESSAGES.tooLarge],
    ] as const) {
      const response = await asked(body, contentType);
      expect(response.status, `${contentType} ${body.slice(0, 20)}`).toBe(status);
      expect(await errorOf(response)).toBe(message);
    }
    // JSON of another shape: a 400 that says what is wrong (options take any object, so only non-objects there).
    const shapes: unknown[] = path.endsWith("/options")
      ? [null, [], "x", 5]
      : [
          null,
          [],
          {},
          { response: 5 },
          { name: "Key", response: { id: "x" } },
          { name: 5, response: {} },
          { response: { id: "a b", rawId: "a b", type: "public-key" } },
        ];
    for (const shape of shapes) {
      const response = await asked(JSON.stringify(shape));
      expect(response.status, JSON.stringify(shape)).toBe(400);
      expect(Object.values(PASSKEY_MESSAGES)).toContain(await errorOf(response));
    }
    const byGet = await get(path);
    expect(byGet.status).toBe(405);
    expect(byGet.headers.get("Allow")).toBe("POST");
    expect(await env.DB.prepare("SELECT (SELECT count(*) FROM passkeys) + (SELECT count(*) FROM passkey_challenges) AS n").first("n")).toBe(before);
  });
});

describe("broken answers reach the checks and get a 400, never a 5xx", () => {
  /** A real answer's field with one byte changed, or cut short, or replaced by random bytes or text. */
  const broken = (field: string) =>
    fc.oneof(
      fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })).map(([at, xor]) => {
        const bytes = fromBase64url(field);
        const index = at % bytes.length;
        bytes[index] = bytes[index]! ^ xor;
        return toBase64url(bytes);
      }),
      fc.nat().map((at) => toBase64url(fromBase64url(field).slice(0, at % fromBase64url(field).length))),
      fc.uint8Array({ maxLength: 300 }).map(toBase64url),
      fc.json().map((json) => toBase64url(new TextEncoder().encode(json))),
    );
  /** One field of the answer broken at a time (the rest as the authenticator made it). */
  const variants = <Answer extends { response: Record<string, unknown> }>(answer: Answer) =>
    fc.oneof(
      ...Object.entries(answer.response)
        .filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "")
        .map(([name, value]) => broken(value).map((changed) => ({ ...answer, response: { ...answer.response, [name]: changed } }))),
    );
  const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

  it("adding: 60 answers with a field broken, under one good ceremony: at most one adds", async () => {
    const user = await signedInUser("passkey-fuzz-add");
    const { options, ceremony } = await registrationOptions(user.cookie);
    const answer = await (await SoftwareAuthenticator.create()).register(options, ORIGIN);
    // A 'none' attestation signs nothing: a change to its unsigned parts (the AAGUID, the counter) is
    // still a good answer, which spends the challenge; every later answer is then refused.
    const statuses: number[] = [];
    for (const response of fc.sample(variants(answer), { numRuns: 60, seed })) {
      const answered = await postJson("/api/passkeys/register/verify", { name: "Fuzz", response }, { cookie: cookies(user.cookie, ceremony) });
      expect([200, 400], `FUZZ_SEED=${seed} ${JSON.stringify(response).slice(0, 300)}`).toContain(answered.status);
      statuses.push(answered.status);
    }
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(1);
    expect((await passkeysOf(user.email)).length).toBe(statuses.includes(200) ? 1 : 0);
  }, 60_000);

  it("signing in: 60 answers with a field broken, under a good ceremony", async () => {
    const { user, authenticator } = await userWithPasskey("passkey-fuzz-login");
    const { options, ceremony } = await signInOptions();
    const answer = await authenticator.assert(options, ORIGIN);
    // The user handle may be left out (the credential's id names the passkey): it is not among the broken fields.
    const { userHandle: _handle, ...required } = answer.response;
    // Refusals count as failed logins for the account: past its limit they are 429s.
    for (const response of fc.sample(variants({ ...answer, response: required }), { numRuns: 60, seed })) {
      const refused = await postJson("/api/passkeys/login/verify", { response }, { cookie: ceremony });
      expect([400, 429], `FUZZ_SEED=${seed} ${JSON.stringify(response).slice(0, 300)}`).toContain(refused.status);
      expect(refused.headers.getSetCookie().join()).not.toMatch(/skinvault_session=[^;]/);
    }
    expect((await passkeysOf(user.email))[0]!.last_used_at).toBeNull();
  }, 60_000);
});

describe("the data download", () => {
  it("lists the passkeys by name, added and last used, with no key material", async () => {
    const { user, authenticator } = await userWithPasskey("passkey-data", "Phone");
    expect((await signInWith(authenticator)).status).toBe(200);
    const text = await (await get("/profile/data.json", user.cookie)).text();
    const data = JSON.parse(text) as { passkeys: Record<string, unknown>[] };
    expect(data.passkeys).toHaveLength(1);
    expect(Object.keys(data.passkeys[0]!).sort()).toEqual(["createdAt", "lastUsedAt", "name"]);
    expect(data.passkeys[0]!.name).toBe("Phone");
    expect(data.passkeys[0]!.lastUsedAt).not.toBeNull();
    const stored = (await env.DB.prepare("SELECT credential_id, public_key FROM passkeys WHERE name = 'Phone' AND user_id = ?")
      .bind(await userIdOf(user.email))
      .first<{ credential_id: string; public_key: string }>())!;
    expect(text).not.toContain(stored.credential_id);
    expect(text).not.toContain(stored.public_key);
  });
});
