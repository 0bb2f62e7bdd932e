import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { hashToken, randomToken } from "~/server/auth/tokens.server";
import { recoveryCodeHash, totpCodeAt, totpStepAt } from "~/server/auth/totp.server";
import { get, login, post, postJson, registerUser, sessionCookie, signedInUser, uniqueEmail } from "./helpers";

// TOTP by @oslojs/otp, verified here inside workerd: the codes the tests type are made by the same library.

const location = (response: Response) => response.headers.get("Location");

/** The `name=value` of the pending second step's cookie. */
function pendingCookie(response: Response): string {
  const match = /(skinvault_two_step=[^;]+)/.exec(response.headers.get("Set-Cookie") ?? "");
  if (!match?.[1]) throw new Error("no pending cookie");
  return match[1];
}

/** Sets two-step sign-in up for a signed-in user; answers its key and the recovery codes shown. */
async function turnOn(cookie: string): Promise<{ secret: string; recoveryCodes: string[]; step: number }> {
  expect(location(await post("/profile/security", { intent: "totp-start" }, { cookie }))).toBe("/profile/security#two-step-heading");
  const page = await (await get("/profile/security", cookie)).text();
  expect(page).toContain("<svg");
  const secret = /data-testid="totp-secret"[^>]*>([A-Z2-7]+)</.exec(page)?.[1];
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const step = totpStepAt(Date.now());
  const confirmed = await post("/profile/security", { intent: "totp-confirm", code: totpCodeAt(secret!, step) }, { cookie });
  expect(confirmed.status).toBe(200);
  const html = await confirmed.text();
  expect(html).toContain("Two-step sign-in is on. Every other session was signed out.");
  const recoveryCodes = [...html.matchAll(/<li>([a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4})<\/li>/g)].map((match) => match[1]!);
  expect(recoveryCodes).toHaveLength(10);
  return { secret: secret!, recoveryCodes, step };
}

/** A reset link's token for the account, as the forgot-password mail carries it. */
async function resetToken(email: string): Promise<string> {
  const token = randomToken();
  await env.DB.prepare("INSERT INTO password_reset_tokens (token_hash, user_id, expires_at) SELECT ?, id, ? FROM users WHERE email = ?")
    .bind(hashToken(token), Date.now() + 60_000, email)
    .run();
  return token;
}

const userIdOf = async (email: string) => (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: string }>())!.id;

describe("two-step sign-in", () => {
  it("turns on with a code of the shown key: recovery codes stored hashed, other sessions ended, a mail sent", async () => {
    const user = await signedInUser("totp-on");
    const other = sessionCookie(await login(user.email, user.password));
    // A wrong code writes nothing.
    expect((await post("/profile/security", { intent: "totp-start" }, { cookie: user.cookie })).status).toBe(303);
    const wrong = await post("/profile/security", { intent: "totp-confirm", code: "000000" }, { cookie: user.cookie });
    expect([400]).toContain(wrong.status);
    const malformed = await post("/profile/security", { intent: "totp-confirm", code: "12ab" }, { cookie: user.cookie });
    expect(malformed.status).toBe(400);
    expect(await malformed.text()).toContain("Please enter the 6-digit code from your authenticator app.");
    const id = await userIdOf(user.email);
    expect(await env.DB.prepare("SELECT enabled_at FROM user_totp WHERE user_id = ?").bind(id).first("enabled_at")).toBeNull();

    const { recoveryCodes } = await turnOn(user.cookie);
    const stored = await env.DB.prepare("SELECT code_hash FROM recovery_codes WHERE user_id = ?").bind(id).all<{ code_hash: string }>();
    expect(stored.results.map((row) => row.code_hash).sort()).toEqual(recoveryCodes.map(recoveryCodeHash).sort());
    for (const code of recoveryCodes) expect(JSON.stringify(stored.results)).not.toContain(code);
    expect(location(await get("/profile/security", other))).toMatch(/^\/login\?/);
    expect((await get("/profile/security", user.cookie)).status).toBe(200);
    const mail = await env.DB.prepare('SELECT subject FROM mail_outbox WHERE "to" = ? ORDER BY created_at DESC').bind(user.email).first<{ subject: string }>();
    expect(mail?.subject).toBe("SkinVault: Two-step sign-in is on");
    // The page now says so, and never shows the key again.
    const page = await (await get("/profile/security", user.cookie)).text();
    expect(page).toContain("10 recovery codes are left.");
    expect(page).not.toContain("totp-secret");
  });

  it("asks for a code after the password: no session before it; one step either side; a code never twice", async () => {
    const user = await signedInUser("totp-login");
    const { secret, step } = await turnOn(user.cookie);

    const password = await login(user.email, user.password);
    expect(location(password)).toBe("/login?mode=two-step");
    expect(password.headers.get("Set-Cookie")).not.toMatch(/skinvault_session=/);
    const pending = pendingCookie(password);
    // The pending state is no session.
    expect(await (await get("/profile", pending)).text()).toContain("Go to Login");
    expect((await get("/login?mode=two-step", pending)).status).toBe(200);

    // The code the setup used, and one two steps back, are refused.
    for (const code of [totpCodeAt(secret, step), totpCodeAt(secret, step - 2), "123456"]) {
      const refused = await post("/login?mode=two-step", { intent: "two-step", code }, { cookie: pending });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("That code is not right, or it was used already.");
    }
    // The next step's code (a clock a little ahead) is taken, once.
    const next = totpCodeAt(secret, step + 1);
    const ok = await post("/login?mode=two-step", { intent: "two-step", code: next }, { cookie: pending });
    expect(ok.status).toBe(302);
    expect(location(ok)).toBe("/profile");
    expect(ok.headers.get("Set-Cookie")).toMatch(/skinvault_two_step=;/);
    expect((await get("/profile/security", sessionCookie(ok))).status).toBe(200);
    const again = pendingCookie(await login(user.email, user.password));
    expect((await post("/login?mode=two-step", { intent: "two-step", code: next }, { cookie: again })).status).toBe(400);
  });

  it("takes each recovery code once, typed in any case and without dashes", async () => {
    const user = await signedInUser("totp-recovery");
    const { recoveryCodes } = await turnOn(user.cookie);
    const [first] = recoveryCodes;
    const typed = first!.toUpperCase().replaceAll("-", " ");
    const pending = pendingCookie(await login(user.email, user.password));
    const ok = await post("/login?mode=two-step", { intent: "two-step", code: typed }, { cookie: pending });
    expect(ok.status).toBe(302);
    const again = pendingCookie(await login(user.email, user.password));
    expect((await post("/login?mode=two-step", { intent: "two-step", code: first! }, { cookie: again })).status).toBe(400);
    expect(await (await get("/profile/security", sessionCookie(ok))).text()).toContain("9 recovery codes are left.");
  });

  it("refuses the sixth wrong code of an account in 15 minutes, even a right one, with Retry-After", async () => {
    const user = await signedInUser("totp-limit");
    const { secret, step } = await turnOn(user.cookie);
    const pending = pendingCookie(await login(user.email, user.password));
    for (let i = 0; i < 5; i++) expect((await post("/login?mode=two-step", { intent: "two-step", code: "000000" }, { cookie: pending })).status).toBe(400);
    const limited = await post("/login?mode=two-step", { intent: "two-step", code: totpCodeAt(secret, step + 1) }, { cookie: pending });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await limited.text()).toContain("Too many wrong codes.");
    // Another pending state (another browser) meets the same account's limit.
    const elsewhere = pendingCookie(await login(user.email, user.password));
    expect((await post("/login?mode=two-step", { intent: "two-step", code: totpCodeAt(secret, step + 1) }, { cookie: elsewhere })).status).toBe(429);
  });

  it("turns off only with a current code, and then signs in with the password alone", async () => {
    const user = await signedInUser("totp-off");
    const { recoveryCodes } = await turnOn(user.cookie);
    const wrong = await post("/profile/security", { intent: "totp-disable", code: "000000" }, { cookie: user.cookie });
    expect(wrong.status).toBe(400);
    const off = await post("/profile/security", { intent: "totp-disable", code: recoveryCodes[0]! }, { cookie: user.cookie });
    expect(location(off)).toBe("/profile/security?notice=totp-off");
    const id = await userIdOf(user.email);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM recovery_codes WHERE user_id = ?").bind(id).first("n")).toBe(0);
    expect(location(await login(user.email, user.password))).toBe("/profile");
    const mail = await env.DB.prepare('SELECT subject FROM mail_outbox WHERE "to" = ? ORDER BY created_at DESC').bind(user.email).first<{ subject: string }>();
    expect(mail?.subject).toBe("SkinVault: Two-step sign-in is off");
  });

  it("without the pending state the code's page starts the login over", async () => {
    expect(location(await get("/login?mode=two-step"))).toBe("/login?mode=login&notice=two-step-expired");
    // The page rendered after the refusal is the login's, with the notice.
    const posted = await post("/login?mode=two-step", { intent: "two-step", code: "123456" });
    expect(location(posted)).toBe("/login?mode=login&notice=two-step-expired");
    expect(posted.headers.get("Set-Cookie") ?? "").not.toMatch(/skinvault_session=/);
    // A forged pending cookie (no signature) is none.
    expect(location(await get("/login?mode=two-step", "skinvault_two_step=eyJ1c2VySWQiOiJ4In0%3D"))).toBe("/login?mode=login&notice=two-step-expired");
  });
});

/** These reset passwords and sign in, each an argon2id hash or check at OWASP's parameters (far slower on a busy machine). */
describe("a password reset with two-step sign-in on", { timeout: 60_000 }, () => {
  it("a password reset asks for a code too: refused without one or with a wrong one, then taken once; it signs nobody in", async () => {
    const email = uniqueEmail("totp-reset");
    await registerUser(email, "secret-pass-1");
    const cookie = sessionCookie(await login(email, "secret-pass-1"));
    const { secret, step } = await turnOn(cookie);
    const token = await resetToken(email);
    const form = await (await get(`/reset-password?token=${encodeURIComponent(token)}`)).text();
    expect(form).toContain('name="code"');
    expect(form).toContain("Your account has two-step sign-in on");

    const fields = { token, newPassword: "N3w-Passw0rd!", confirmPassword: "N3w-Passw0rd!" };
    const none = await post("/reset-password", fields);
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Please enter the 6-digit code from your app, or one of your recovery codes.");
    // The setup's code was spent; a made-up one is wrong.
    for (const code of ["000000", totpCodeAt(secret, step)]) {
      const wrong = await post("/reset-password", { ...fields, code });
      expect(wrong.status).toBe(400);
      expect(await wrong.text()).toContain("That code is not right, or it was used already.");
    }
    // Nothing changed: the old password still passes its step, the link still opens.
    expect(location(await login(email, "secret-pass-1"))).toBe("/login?mode=two-step");
    expect(await (await get(`/reset-password?token=${encodeURIComponent(token)}`)).text()).toContain('name="code"');

    const next = totpCodeAt(secret, step + 1);
    const reset = await post("/reset-password", { ...fields, code: next });
    expect(location(reset)).toBe("/reset-password?status=success");
    expect(reset.headers.get("Set-Cookie") ?? "").not.toMatch(/skinvault_session=/);
    const password = await login(email, "N3w-Passw0rd!");
    expect(location(password)).toBe("/login?mode=two-step");
    expect(password.headers.get("Set-Cookie")).not.toMatch(/skinvault_session=/);
    // The code the reset took is spent.
    expect((await post("/login?mode=two-step", { intent: "two-step", code: next }, { cookie: pendingCookie(password) })).status).toBe(400);
  });

  it("a reset takes a recovery code once, through the JSON API too; without two-step the form asks for none", async () => {
    const user = await signedInUser("totp-reset-api");
    const { recoveryCodes } = await turnOn(user.cookie);
    const api = (body: Record<string, string>) => postJson("/api/password-reset-simple", body);
    const token = await resetToken(user.email);
    const refused = await api({ action: "reset", token, newPassword: "N3w-Passw0rd!" });
    expect(refused.status).toBe(400);
    expect((await refused.json<{ error: string }>()).error).toContain("Please enter the 6-digit code");
    const ok = await api({ action: "reset", token, newPassword: "N3w-Passw0rd!", code: recoveryCodes[0]! });
    expect(ok.status).toBe(200);
    const again = await api({ action: "reset", token: await resetToken(user.email), newPassword: "An0ther-Passw0rd!", code: recoveryCodes[0]! });
    expect(again.status).toBe(400);
    expect((await again.json<{ error: string }>()).error).toContain("That code is not right, or it was used already.");

    const plain = await signedInUser("reset-no-totp");
    expect(await (await get(`/reset-password?token=${encodeURIComponent(await resetToken(plain.email))}`)).text()).not.toContain('name="code"');
  });

  it("a reset's wrong codes count with the login's: the sixth in 15 minutes is refused, even a right one", async () => {
    const user = await signedInUser("totp-reset-limit");
    const { secret, step } = await turnOn(user.cookie);
    const token = await resetToken(user.email);
    const fields = { token, newPassword: "N3w-Passw0rd!", confirmPassword: "N3w-Passw0rd!" };
    for (let i = 0; i < 5; i++) expect((await post("/reset-password", { ...fields, code: "000000" })).status).toBe(400);
    const limited = await post("/reset-password", { ...fields, code: totpCodeAt(secret, step + 1) });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await limited.text()).toContain("Too many wrong codes.");
    expect(location(await login(user.email, user.password))).toBe("/login?mode=two-step");
  });
});
