import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { knownDeviceQueries } from "~/server/auth/known-devices.server";
import { startSession } from "~/server/auth/session.server";
import { totpCodeAt, totpStepAt } from "~/server/auth/totp.server";
import { createDatabase } from "~/server/db/client.server";
import { fetchWorker, loginFrom, mailTo, registerUser, uniqueEmail, uniqueIp } from "./helpers";

// A sign-in from a device (browser and system, as the session list names it) the account has not
// signed in from before mails the account, once per device; the first sign-in after registering
// mails nobody (docs/features/accounts.md).

const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const FIREFOX_LINUX_NEWER = "Mozilla/5.0 (X11; Linux x86_64; rv:134.0) Gecko/20100101 Firefox/134.0";
const SAFARI_IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const CHROME_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const newSignIns = async (email: string) => (await mailTo(email)).filter((mail) => mail.subject === "SkinVault: A new sign-in to your account");

/** Each test signs in several times, verifying a password at OWASP's argon2id parameters each time (far slower on a busy machine). */
const ARGON2_HEAVY = { timeout: 60_000 };

describe("the new-device mail", ARGON2_HEAVY, () => {
  it("is not sent for the first device, is sent once for each new one, and never for a known one", async () => {
    const email = uniqueEmail("devices");
    const password = "secret-pass-1";
    await registerUser(email, password);

    await loginFrom(email, password, FIREFOX_LINUX);
    expect(await newSignIns(email)).toEqual([]);
    // The same device again, a newer version of it included, and after its sessions ended: known.
    await loginFrom(email, password, FIREFOX_LINUX_NEWER);
    await env.DB.prepare("DELETE FROM sessions WHERE user_id = (SELECT id FROM users WHERE email = ?)").bind(email).run();
    await loginFrom(email, password, FIREFOX_LINUX);
    expect(await newSignIns(email)).toEqual([]);

    const before = Date.now();
    await loginFrom(email, password, SAFARI_IPHONE);
    const [mail] = await newSignIns(email);
    expect(mail).toBeDefined();
    expect(mail!.text).toContain("Safari on iOS, mobile, ");
    const time = /(\d{4}-\d\d-\d\d \d\d:\d\d) UTC/.exec(mail!.text)?.[1];
    expect(Math.abs(Date.parse(`${time!.replace(" ", "T")}:00Z`) - before)).toBeLessThan(2 * 60_000);
    expect(mail!.text).toContain(`${env.APP_ORIGIN}/profile/security`);
    expect(mail!.html).toContain(`href="${env.APP_ORIGIN}/profile/security"`);

    // Once per device: the phone again, and the laptop, mail nothing more; a third device mails once.
    await loginFrom(email, password, SAFARI_IPHONE);
    await loginFrom(email, password, FIREFOX_LINUX);
    expect(await newSignIns(email)).toHaveLength(1);
    await loginFrom(email, password, CHROME_WINDOWS);
    await loginFrom(email, password, CHROME_WINDOWS);
    const mails = await newSignIns(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain("Chrome on Windows, ");
  });

  it("sign-ins from one new device at once mail once (Workers' clock can give them one millisecond)", async () => {
    const email = uniqueEmail("devices-race");
    await registerUser(email, "secret-pass-1");
    await loginFrom(email, "secret-pass-1", FIREFOX_LINUX);
    await Promise.all(Array.from({ length: 4 }, () => loginFrom(email, "secret-pass-1", SAFARI_IPHONE)));
    expect(await newSignIns(email)).toHaveLength(1);
  });

  it("two sign-ins from one new device in the same millisecond mail once", async () => {
    const email = uniqueEmail("devices-same-ms");
    await registerUser(email, "secret-pass-1");
    await loginFrom(email, "secret-pass-1", FIREFOX_LINUX);
    const userId = (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: string }>())!.id;
    const db = createDatabase(env.DB);
    const now = Date.now();
    const device = "Safari on iOS, mobile";
    // As the login does, each with its own batch, both at `now` (Workers' clock stands still between I/O).
    const first = await knownDeviceQueries(db, env.APP_ORIGIN, userId, device, now);
    const second = await knownDeviceQueries(db, env.APP_ORIGIN, userId, device, now);
    await startSession(db, env, userId, device, now, first);
    await startSession(db, env, userId, device, now, second);
    expect(await newSignIns(email)).toHaveLength(1);
  });

  it("counts the sign-in that finishes after the two-step code, not the password step", async () => {
    const email = uniqueEmail("devices-two-step");
    await registerUser(email, "secret-pass-1");
    await loginFrom(email, "secret-pass-1", FIREFOX_LINUX);
    const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    await env.DB.prepare("INSERT INTO user_totp (user_id, secret, enabled_at) SELECT id, ?, ? FROM users WHERE email = ?")
      .bind(secret, Date.now(), email)
      .run();
    const headers = { Host: "example.com", "CF-Connecting-IP": uniqueIp(), "User-Agent": SAFARI_IPHONE };
    const password = await fetchWorker("https://example.com/login?mode=login", {
      method: "POST",
      headers,
      body: new URLSearchParams({ intent: "login", email, password: "secret-pass-1" }),
    });
    expect(password.headers.get("Location")).toBe("/login?mode=two-step");
    expect(await newSignIns(email)).toEqual([]);
    const pending = /(skinvault_two_step=[^;]+)/.exec(password.headers.get("Set-Cookie") ?? "")![1]!;
    const code = await fetchWorker("https://example.com/login?mode=two-step", {
      method: "POST",
      headers: { ...headers, Cookie: pending },
      body: new URLSearchParams({ intent: "two-step", code: totpCodeAt(secret, totpStepAt(Date.now())) }),
    });
    expect(code.status).toBe(302);
    const [mail] = await newSignIns(email);
    expect(mail!.text).toContain("Safari on iOS, mobile, ");
  });
});
