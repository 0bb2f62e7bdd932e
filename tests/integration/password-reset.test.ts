import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fetchWorker, get, login, post, postJson, registerUser, sessionCookie, signedInUser, uniqueEmail, uniqueIp } from "./helpers";

async function latestResetToken(email: string): Promise<string> {
  const mail = await env.DB.prepare(`SELECT text FROM mail_outbox WHERE "to" = ? AND subject LIKE '%password%' ORDER BY created_at DESC LIMIT 1`)
    .bind(email)
    .first<{ text: string }>();
  const match = /\/reset-password\?token=(\S+)/.exec(mail?.text ?? "");
  if (!match?.[1]) throw new Error(`no reset mail for ${email}`);
  return decodeURIComponent(match[1]);
}

const forgot = (email: string, ip = uniqueIp()) => post("/login?mode=forgot", { intent: "forgot", email }, { ip });
const STRONG = "N3w-Password!";

describe("forgot password", () => {
  it("answers the same for known and unknown e-mails, and queues a link built from APP_ORIGIN", async () => {
    const email = uniqueEmail("known");
    await registerUser(email, "secret1");
    const known = await forgot(email);
    const unknown = await forgot(uniqueEmail("unknown"));
    expect(known.status).toBe(302);
    expect(unknown.status).toBe(302);
    expect(known.headers.get("Location")).toBe(unknown.headers.get("Location"));
    const token = await latestResetToken(email);
    const mail = await env.DB.prepare(`SELECT text FROM mail_outbox WHERE "to" = ? ORDER BY created_at DESC LIMIT 1`).bind(email).first<{ text: string }>();
    expect(mail!.text).toContain(`${env.APP_ORIGIN}/reset-password?token=`);
    expect(token.length).toBeGreaterThanOrEqual(43);
    const stored = await env.DB.prepare("SELECT token_hash FROM password_reset_tokens t JOIN users u ON u.id = t.user_id WHERE u.email = ?")
      .bind(email)
      .first<{ token_hash: string }>();
    expect(stored!.token_hash).not.toContain(token);
  });

  it("a second request within 300 seconds gets the rate-limit text, 429 and the m:ss cooldown", async () => {
    const email = uniqueEmail("again");
    expect((await forgot(email)).status).toBe(302);
    const second = await forgot(email);
    expect(second.status).toBe(429);
    const html = await second.text();
    expect(html).toContain("Too many password reset attempts. Please wait a few minutes before trying again.");
    expect(html).toMatch(/data-testid="cooldown">[45]:\d\d</);
    expect(html).toMatch(/<button type="submit"[^>]*disabled/);
  });
});

describe("reset page", () => {
  it("refuses a missing, unknown, used or expired token; opening the link spends nothing", async () => {
    expect(await (await get("/reset-password")).text()).toContain("Invalid or missing reset token.");
    expect(await (await get("/reset-password?token=nope")).text()).toContain("Invalid or expired reset token.");

    const email = uniqueEmail("reset");
    await registerUser(email, "secret1");
    await forgot(email);
    const token = await latestResetToken(email);
    for (let i = 0; i < 2; i++) {
      const page = await get(`/reset-password?token=${encodeURIComponent(token)}`);
      expect(page.headers.get("X-D1-Round-Trips")).toBe("1");
      expect(await page.text()).toContain("Update password");
    }

    const weak = await post("/reset-password", { token, newPassword: "weak", confirmPassword: "weak" });
    expect(weak.status).toBe(400);
    const weakHtml = await weak.text();
    expect(weakHtml).toContain("Please fix the password requirements.");
    expect(weakHtml).toContain("Password must contain at least one uppercase letter");
    const mismatch = await post("/reset-password", { token, newPassword: STRONG, confirmPassword: `${STRONG}x` });
    expect(await mismatch.text()).toContain("Passwords do not match.");

    const ok = await post("/reset-password", { token, newPassword: STRONG, confirmPassword: STRONG });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/reset-password?status=success");
    expect(await (await get("/reset-password?status=success")).text()).toContain("Password updated successfully! You can now log in with your new password.");

    const reused = await post("/reset-password", { token, newPassword: "An0ther-one!", confirmPassword: "An0ther-one!" });
    expect(reused.status).toBe(400);
    expect(await reused.text()).toContain("Invalid or expired reset token.");
    expect((await login(email, STRONG)).status).toBe(302);

    // Expired: a fresh token whose time ran out.
    await env.DB.prepare("DELETE FROM rate_limits WHERE key LIKE 'reset-email:%'").run();
    await forgot(email);
    const late = await latestResetToken(email);
    await env.DB.prepare("UPDATE password_reset_tokens SET expires_at = ? WHERE used_at IS NULL")
      .bind(Date.now() - 1)
      .run();
    expect(await (await get(`/reset-password?token=${encodeURIComponent(late)}`)).text()).toContain("Invalid or expired reset token.");
    expect((await post("/reset-password", { token: late, newPassword: STRONG, confirmPassword: STRONG })).status).toBe(400);
  });

  it("a successful reset ends the user's other sessions", async () => {
    const { email, cookie } = await signedInUser("sessions");
    expect(await (await get("/profile", cookie)).text()).toContain("Signed in as");
    await forgot(email);
    const token = await latestResetToken(email);
    expect((await post("/reset-password", { token, newPassword: STRONG, confirmPassword: STRONG })).status).toBe(302);
    expect(await (await get("/profile", cookie)).text()).toContain("Go to Login");
    const count = await env.DB.prepare("SELECT count(*) AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = ?")
      .bind(email)
      .first<{ n: number }>();
    expect(count!.n).toBe(0);
    expect(sessionCookie(await login(email, STRONG))).toMatch(/^skinvault_session=/);
  });

  it("a reset voids the account's other reset links, so an older mail cannot set the password again", async () => {
    const email = uniqueEmail("two-links");
    await registerUser(email, "secret1");
    await forgot(email);
    const older = await latestResetToken(email);
    // Five minutes later (the limit of one request per address), a second mail.
    await env.DB.prepare("DELETE FROM rate_limits WHERE key LIKE 'reset-email:%'").run();
    await forgot(email);
    const newer = await latestResetToken(email);
    expect(newer).not.toBe(older);

    expect((await post("/reset-password", { token: newer, newPassword: STRONG, confirmPassword: STRONG })).status).toBe(302);
    expect(await (await get(`/reset-password?token=${encodeURIComponent(older)}`)).text()).toContain("Invalid or expired reset token.");
    const late = await post("/reset-password", { token: older, newPassword: "Att4cker-pass!", confirmPassword: "Att4cker-pass!" });
    expect(late.status).toBe(400);
    expect(await late.text()).toContain("Invalid or expired reset token.");
    expect((await login(email, "Att4cker-pass!")).status).not.toBe(302);
    expect(sessionCookie(await login(email, STRONG))).toMatch(/^skinvault_session=/);
  });

  it("changing the password on the profile voids a reset link mailed before", async () => {
    const email = uniqueEmail("change-voids");
    await registerUser(email, "secret1");
    await forgot(email);
    const token = await latestResetToken(email);
    const cookie = sessionCookie(await login(email, "secret1"));
    const changed = await post("/profile", { intent: "change-password", currentPassword: "secret1", newPassword: STRONG, confirmPassword: STRONG }, { cookie });
    expect(changed.status).toBe(302);

    expect(await (await get(`/reset-password?token=${encodeURIComponent(token)}`)).text()).toContain("Invalid or expired reset token.");
    const late = await post("/reset-password", { token, newPassword: "Att4cker-pass!", confirmPassword: "Att4cker-pass!" });
    expect(late.status).toBe(400);
    expect((await login(email, STRONG)).status).toBe(302);
  });
});

describe("POST /api/password-reset-simple", () => {
  const api = (body: unknown, ip = uniqueIp()) => postJson("/api/password-reset-simple", body, ip);

  it("requests, validates and resets with the page's rules and limits", async () => {
    const email = uniqueEmail("api");
    await registerUser(email, "secret1");
    const requested = await api({ action: "request", email });
    expect(await requested.json()).toEqual({ success: true });
    const limited = await api({ action: "request", email });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ success: false, error: "Too many password reset attempts. Please wait a few minutes before trying again." });
    expect(await (await api({ action: "request", email: uniqueEmail("nobody") })).json()).toEqual({ success: true });

    const token = await latestResetToken(email);
    expect(await (await api({ action: "validate", token })).json()).toEqual({ success: true, valid: true });
    expect(await (await api({ action: "validate", token: "nope" })).json()).toMatchObject({ success: true, valid: false });
    const weak = await api({ action: "reset", token, newPassword: "weak" });
    expect(weak.status).toBe(400);
    expect(await weak.json<object>()).toMatchObject({ success: false });
    expect(await (await api({ action: "reset", token, newPassword: STRONG })).json()).toEqual({ success: true });
    const reused = await api({ action: "reset", token, newPassword: STRONG });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ success: false, valid: false, error: "Invalid or expired reset token." });
    expect((await login(email, STRONG)).status).toBe(302);
  });

  it("answers bad input with a 400 and a message", async () => {
    expect((await api({ action: "explode" })).status).toBe(400);
    const notJson = await fetchWorker("https://example.com/api/password-reset-simple", { method: "POST", body: "{", headers: { Host: "example.com" } });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ success: false, error: "Invalid JSON body" });
  });

  it("refuses a body declared as something other than JSON with a 415, and reads it as JSON otherwise", async () => {
    const email = uniqueEmail("api-type");
    const send = (contentType: string | null, body: BodyInit) =>
      fetchWorker("https://example.com/api/password-reset-simple", {
        method: "POST",
        headers: { Host: "example.com", "CF-Connecting-IP": uniqueIp(), ...(contentType ? { "Content-Type": contentType } : {}) },
        body,
      });
    const json = JSON.stringify({ action: "request", email });
    for (const [contentType, body] of [
      ["image/png", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
      ["image/png", json],
      ["application/x-www-form-urlencoded", `action=request&email=${encodeURIComponent(email)}`],
      ["multipart/form-data; boundary=x", `--x\r\nContent-Disposition: form-data; name="action"\r\n\r\nrequest\r\n--x--\r\n`],
    ] as const) {
      const refused = await send(contentType, body);
      expect(refused.status, contentType).toBe(415);
      expect(await refused.json(), contentType).toEqual({ success: false, error: "Send the body as JSON (Content-Type: application/json)." });
    }
    for (const contentType of ["application/json; charset=utf-8", "text/plain;charset=UTF-8", null]) {
      // Bytes, so that `fetch` declares no type of its own when the client declares none.
      const body = new TextEncoder().encode(JSON.stringify({ action: "validate", token: "nope" }));
      expect(await (await send(contentType, body)).json(), String(contentType)).toMatchObject({
        success: true,
        valid: false,
      });
    }
  });
});
