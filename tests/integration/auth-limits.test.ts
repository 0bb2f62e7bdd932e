import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { requestPasswordReset, verifyLogin, type AccountServices } from "~/server/auth/accounts.server";
import { createDatabase } from "~/server/db/client.server";
import { countRoundTrips } from "~/server/db/round-trips.server";
import { DUMMY_PASSWORD_HASH, type PasswordService } from "~/server/auth/password.server";
import { RATE_LIMITS } from "~/domain/rate-limits";
import { rateLimitsFor } from "~/server/auth/rate-limit.server";
import { fetchWorker, login, post, registerUser, uniqueEmail, uniqueIp } from "./helpers";

function contextWith(passwords: PasswordService, overrides: Partial<AccountServices> = {}): AccountServices {
  return { env, db: createDatabase(env.DB), passwords, ...overrides };
}

describe("login timing", () => {
  it("an unknown e-mail still costs one hash verification", async () => {
    const verified: string[] = [];
    const spy: PasswordService = {
      hash: () => Promise.resolve("unused"),
      verify: (hash) => {
        verified.push(hash);
        return Promise.resolve(false);
      },
    };
    const result = await verifyLogin(contextWith(spy), uniqueEmail("ghost"), "whatever", uniqueIp());
    expect(result).toEqual({ ok: false, reason: "invalid" });
    expect(verified).toEqual([DUMMY_PASSWORD_HASH]);
  });
});

/** Tests that hash or verify many passwords at OWASP's argon2id parameters (tens of ms each, far more on a busy machine). */
const ARGON2_HEAVY_MS = 60_000;

describe("failed logins (production limits: RATE_LIMIT_MULTIPLIER empty, as wrangler.toml sets it)", () => {
  it("runs with production's limits", () => {
    expect(env.RATE_LIMIT_MULTIPLIER).toBe("");
    expect(rateLimitsFor(env)).toEqual(RATE_LIMITS);
    expect(RATE_LIMITS.loginByAccountAndIp.limit).toBe(5);
    expect(RATE_LIMITS.loginByAccount.limit).toBe(20);
  });

  it(
    "an attacker who knows the e-mail cannot lock its owner out: the limit counts per account and address",
    async () => {
      const email = uniqueEmail("victim");
      await registerUser(email, "owner-pass-1");
      const attacker = uniqueIp();
      for (let i = 0; i < 5; i++) expect((await login(email, "guess", attacker)).status).toBe(400);
      const refused = await login(email, "guess", attacker);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(800);
      expect(await refused.text()).toContain("Too many login attempts. Please wait a few minutes before trying again.");
      // The owner, from their own address, still gets in.
      const owner = await login(email, "owner-pass-1", uniqueIp());
      expect(owner.status).toBe(302);
      expect(owner.headers.get("Location")).toBe("/profile");
    },
    ARGON2_HEAVY_MS,
  );

  it(
    "many addresses against one account meet the higher per-account ceiling",
    async () => {
      const email = uniqueEmail("ceiling");
      await registerUser(email, "owner-pass-1");
      for (let address = 0; address < 4; address++) {
        const ip = uniqueIp();
        for (let i = 0; i < 5; i++) expect((await login(email, "guess", ip)).status).toBe(400);
      }
      const refused = await login(email, "owner-pass-1", uniqueIp());
      expect(refused.status).toBe(429);
      expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    },
    ARGON2_HEAVY_MS,
  );
});

describe("every 429 says when to retry", () => {
  it("forgot password, a second request for the same e-mail", async () => {
    const email = uniqueEmail("forgot");
    await registerUser(email, "secret1");
    expect((await post("/login?mode=forgot", { intent: "forgot", email })).status).toBe(302);
    const refused = await post("/login?mode=forgot", { intent: "forgot", email });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(250);
  });

  it("resend confirmation", async () => {
    const email = uniqueEmail("resend-429");
    await registerUser(email, "secret1", { confirm: false });
    expect((await post("/login?mode=login", { intent: "resend-confirmation", email })).status).toBe(302);
    const refused = await post("/login?mode=login", { intent: "resend-confirmation", email });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(250);
  });
});

describe("forgot password timing", () => {
  it(
    "a known and an unknown e-mail get the same answer and the same database work",
    async () => {
      const known = uniqueEmail("known");
      await registerUser(known, "secret1");
      const unknown = uniqueEmail("unknown");
      const trips: number[] = [];
      for (const email of [known, unknown]) {
        const d1 = countRoundTrips(env.DB);
        const db = createDatabase(d1.binding);
        const context = contextWith({ hash: () => Promise.resolve(""), verify: () => Promise.resolve(false) }, { db });
        expect(await requestPasswordReset(context, email, uniqueIp())).toEqual({ ok: true });
        trips.push(d1.roundTrips());
      }
      expect(trips[0]).toBe(trips[1]);
      const [knownPage, unknownPage] = [
        await post("/login?mode=forgot", { intent: "forgot", email: uniqueEmail("a") }),
        await post("/login?mode=forgot", { intent: "forgot", email: unknown.replace("unknown", "unknown2") }),
      ];
      expect(knownPage.headers.get("Location")).toBe(unknownPage.headers.get("Location"));
      // Only the account's address got a reset mail and a token.
      const mails = await env.DB.prepare(`SELECT "to" FROM mail_outbox WHERE "to" IN (?, ?) AND subject LIKE '%reset%'`)
        .bind(known, unknown)
        .all<{ to: string }>();
      expect(mails.results.map((row) => row.to)).toEqual([known]);
    },
    ARGON2_HEAVY_MS,
  );
});

describe("registration", () => {
  it(
    "is limited per client address with a clear 429 message",
    async () => {
      const ip = uniqueIp();
      for (let i = 0; i < 20; i++) {
        const response = await post("/login?mode=register", { intent: "register", email: uniqueEmail("many"), password: "secret1" }, { ip });
        expect(response.status).toBe(302);
      }
      const refused = await post("/login?mode=register", { intent: "register", email: uniqueEmail("many"), password: "secret1" }, { ip });
      expect(refused.status).toBe(429);
      expect(await refused.text()).toContain("Too many registration attempts. Please try again later.");
    },
    ARGON2_HEAVY_MS,
  );

  it("bad input is a 400 with the message, and nothing is written", async () => {
    const email = uniqueEmail("short");
    const short = await post("/login?mode=register", { intent: "register", email, password: "abc" });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("Password must be at least 6 characters long.");
    const invalid = await post("/login?mode=register", { intent: "register", email: "not-an-email", password: "secret1" });
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain("Please enter a valid e-mail address.");
    expect(await env.DB.prepare("SELECT 1 FROM users WHERE email = ?").bind(email).first()).toBeNull();
  });

  it("registering a taken address answers the same and mails the owner instead", async () => {
    const email = uniqueEmail("taken");
    await registerUser(email, "secret1");
    const again = await post("/login?mode=register", { intent: "register", email, password: "other-pass" });
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe("/login?mode=login&notice=registered");
    const { results } = await env.DB.prepare(`SELECT subject FROM mail_outbox WHERE "to" = ? ORDER BY created_at`).bind(email).all<{ subject: string }>();
    expect(results.map((r) => r.subject)).toEqual(["Confirm your SkinVault account", "Your SkinVault account"]);
    expect((await login(email, "other-pass")).status).toBe(400);
  });

  it("an unconfirmed account can ask for the confirmation mail again, once per 5 minutes", async () => {
    const email = uniqueEmail("resend");
    await registerUser(email, "secret1", { confirm: false });
    const first = await post("/login?mode=login", { intent: "resend-confirmation", email });
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/login?mode=login&notice=confirmation-sent");
    expect((await post("/login?mode=login", { intent: "resend-confirmation", email })).status).toBe(429);
    const count = await env.DB.prepare(`SELECT count(*) AS n FROM mail_outbox WHERE "to" = ?`).bind(email).first<{ n: number }>();
    expect(count!.n).toBe(2);
  });
});

describe("/dev/mailbox", () => {
  it("is a 404 in production", async () => {
    const response = await fetchWorker("https://example.com/dev/mailbox", undefined, { ...env, ENVIRONMENT: "production" });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("Development mailbox");
  });
});

describe("cleanup job", () => {
  it("removes expired sessions and spent or expired tokens, and keeps live ones", async () => {
    const { cleanupExpired } = await import("~/server/jobs/cleanup.server");
    const email = uniqueEmail("cleanup");
    await registerUser(email, "secret1");
    const user = await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: string }>();
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO sessions (id, user_id, expires_at, created_at) VALUES (?, ?, ?, ?)").bind(`old-${email}`, user!.id, now - 1, now),
      env.DB.prepare("INSERT INTO sessions (id, user_id, expires_at, created_at) VALUES (?, ?, ?, ?)").bind(`live-${email}`, user!.id, now + 60_000, now),
      env.DB.prepare("INSERT INTO password_reset_tokens (token_hash, user_id, expires_at, used_at, created_at) VALUES (?, ?, ?, ?, ?)").bind(
        `spent-${email}`,
        user!.id,
        now + 60_000,
        now,
        now,
      ),
      env.DB.prepare("INSERT INTO password_reset_tokens (token_hash, user_id, expires_at, created_at) VALUES (?, ?, ?, ?)").bind(
        `live-${email}`,
        user!.id,
        now + 60_000,
        now,
      ),
    ]);
    await cleanupExpired(createDatabase(env.DB), now);
    const sessions = await env.DB.prepare("SELECT id FROM sessions WHERE user_id = ?").bind(user!.id).all<{ id: string }>();
    expect(sessions.results.map((r) => r.id)).toEqual([`live-${email}`]);
    const tokens = await env.DB.prepare("SELECT token_hash FROM password_reset_tokens WHERE user_id = ?").bind(user!.id).all<{ token_hash: string }>();
    expect(tokens.results.map((r) => r.token_hash)).toEqual([`live-${email}`]);
  });
});
