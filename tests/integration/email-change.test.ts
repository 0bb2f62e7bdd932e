import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { EMAIL_CHANGE_TOKEN_TTL_MS } from "~/server/auth/email-change.server";
import { hashToken, randomToken } from "~/server/auth/tokens.server";
import { get, login, mailTo, post, registerUser, sessionCookie, signedInUser, uniqueEmail } from "./helpers";

// A new e-mail address (docs/features/accounts.md): asked for on the security page with the
// current password; the link goes to the new address, a notice to the old one; only the link's
// page's button makes the change.

const location = (response: Response) => response.headers.get("Location");
const SENT = "/profile/security?notice=email-change-sent";

function askFor(cookie: string, email: string, currentPassword: string) {
  return post("/profile/security", { intent: "change-email", email, currentPassword }, { cookie });
}

/** The token of the newest change link mailed to `to`. */
async function mailedToken(to: string): Promise<string> {
  const mails = await mailTo(to);
  const token = mails
    .map((mail) => /\/confirm-new-email\?token=([\w-]+)/.exec(mail.text)?.[1])
    .filter(Boolean)
    .at(-1);
  if (!token) throw new Error(`no change link mailed to ${to}`);
  return token;
}

const confirm = (token: string, cookie?: string) => post("/confirm-new-email", { intent: "confirm-new-email", token }, { cookie });
const addressOf = async (id: string) => (await env.DB.prepare("SELECT email FROM users WHERE id = ?").bind(id).first<{ email: string }>())?.email;
const idOf = async (email: string) => (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: string }>())!.id;

/** Each test hashes or verifies passwords several times at OWASP's argon2id parameters (far slower on a busy machine). */
const ARGON2_HEAVY = { timeout: 60_000 };

describe("changing the e-mail address", ARGON2_HEAVY, () => {
  it("mails the link to the new address and a notice to the old; the old one signs in until the link is used, then only the new one", async () => {
    const user = await signedInUser("change-from");
    const id = await idOf(user.email);
    const newEmail = uniqueEmail("change-to");

    const asked = await askFor(user.cookie, newEmail.toUpperCase(), user.password);
    expect(location(asked)).toBe(SENT);
    const page = await (await get(SENT, user.cookie)).text();
    expect(page).toContain("Check the new address&#x27;s inbox");
    expect(page).toContain(`a link went to <strong>${newEmail}</strong>`);
    const notice = (await mailTo(user.email)).at(-1)!;
    expect(notice.subject).toBe("SkinVault: A new e-mail address was asked for");
    expect(notice.text).toContain(`The new address: ${newEmail}`);
    const [link] = await mailTo(newEmail);
    expect(link!.subject).toBe("Confirm your new SkinVault e-mail address");
    expect(link!.text).toContain(`${env.APP_ORIGIN}/confirm-new-email?token=`);

    // Until the link is used the old address stays: it signs in, the new one does not.
    expect(location(await login(user.email, user.password))).toBe("/profile");
    expect((await login(newEmail, user.password)).status).toBe(400);

    // Opening the link spends nothing, and names the address.
    const token = await mailedToken(newEmail);
    for (let i = 0; i < 2; i++) {
      const opened = await get(`/confirm-new-email?token=${token}`);
      expect(opened.status).toBe(200);
      const html = await opened.text();
      expect(html).toContain(`<strong>${newEmail}</strong>`);
      expect(html).toContain("Confirm new e-mail address");
    }
    expect(await addressOf(id)).toBe(user.email);

    // Confirmed where the account is signed in: back to its security page, with the new address.
    const confirmed = await confirm(token, user.cookie);
    expect(location(confirmed)).toBe("/profile/security?notice=email-changed");
    expect(await addressOf(id)).toBe(newEmail);
    expect(await (await get("/profile/security?notice=email-changed", user.cookie)).text()).toContain(`You sign in with <strong>${newEmail}</strong>`);
    expect((await login(user.email, user.password)).status).toBe(400);
    expect(location(await login(newEmail, user.password))).toBe("/profile");
    const changed = (await mailTo(user.email)).at(-1)!;
    expect(changed.subject).toBe("SkinVault: Your e-mail address was changed");
    expect(changed.text).toContain(`The new address: ${newEmail}`);

    // The link works once.
    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("Invalid or expired link.");
    expect(await (await get(`/confirm-new-email?token=${token}`)).text()).toContain("Invalid or expired link.");
  });

  it("confirmed in a browser not signed in, it sends to the login; a newer request voids the older link", async () => {
    const user = await signedInUser("change-twice");
    const first = uniqueEmail("change-first");
    const second = uniqueEmail("change-second");
    expect(location(await askFor(user.cookie, first, user.password))).toBe(SENT);
    const older = await mailedToken(first);
    expect(location(await askFor(user.cookie, second, user.password))).toBe(SENT);
    expect((await confirm(older)).status).toBe(400);
    expect(location(await confirm(await mailedToken(second)))).toBe("/login?mode=login&notice=email-changed");
    expect(await (await get("/login?mode=login&notice=email-changed")).text()).toContain("Your e-mail address is changed. Log in with the new one.");
    expect(location(await login(second, user.password))).toBe("/profile");
  });

  it("the link posted twice in one millisecond (a double click) changes the address once and tells the old address once", async () => {
    const user = await signedInUser("change-double");
    const newEmail = uniqueEmail("change-double-to");
    expect(location(await askFor(user.cookie, newEmail, user.password))).toBe(SENT);
    const token = await mailedToken(newEmail);
    const clock = vi.spyOn(Date, "now").mockReturnValue(Date.now());
    let answers: Response[];
    try {
      answers = await Promise.all([confirm(token), confirm(token)]);
    } finally {
      clock.mockRestore();
    }
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 400]);
    expect((await mailTo(user.email)).filter((mail) => mail.subject === "SkinVault: Your e-mail address was changed")).toHaveLength(1);
    expect(location(await login(newEmail, user.password))).toBe("/profile");
  });

  it("a link past its 30 minutes changes nothing", async () => {
    const user = await signedInUser("change-late");
    const newEmail = uniqueEmail("change-late-to");
    expect(location(await askFor(user.cookie, newEmail, user.password))).toBe(SENT);
    const token = await mailedToken(newEmail);
    const row = await env.DB.prepare("SELECT expires_at - created_at AS ttl FROM email_change_tokens WHERE token_hash = ?")
      .bind(hashToken(token))
      .first<{ ttl: number }>();
    expect(row!.ttl).toBe(EMAIL_CHANGE_TOKEN_TTL_MS);
    await env.DB.prepare("UPDATE email_change_tokens SET expires_at = ? WHERE token_hash = ?")
      .bind(Date.now() - 1, hashToken(token))
      .run();
    expect(await (await get(`/confirm-new-email?token=${token}`)).text()).toContain("Invalid or expired link.");
    expect((await confirm(token)).status).toBe(400);
    expect(location(await login(user.email, user.password))).toBe("/profile");
    expect((await login(newEmail, user.password)).status).toBe(400);
  });

  it("an address another account holds gets the same answer and page, and no mail; its owner hears nothing", async () => {
    const user = await signedInUser("change-taker");
    const holder = await signedInUser("change-holder");
    const holderMail = (await mailTo(holder.email)).length;
    const free = uniqueEmail("change-free");

    const toTaken = await askFor(user.cookie, holder.email, user.password);
    const toFree = await askFor((await signedInUser("change-other")).cookie, free, "secret-pass-1");
    expect([toTaken.status, location(toTaken)]).toEqual([toFree.status, location(toFree)]);
    expect(await (await get(SENT, user.cookie)).text()).toContain(`a link went to <strong>${holder.email}</strong>`);
    // The requester's own mailbox is told the same as for a free address.
    expect((await mailTo(user.email)).at(-1)!.subject).toBe("SkinVault: A new e-mail address was asked for");
    expect(await mailTo(holder.email)).toHaveLength(holderMail);
    expect(await mailTo(free)).toHaveLength(1);

    // Had the link reached anyone, it would change nothing: the address is taken.
    const token = randomToken();
    await env.DB.prepare("UPDATE email_change_tokens SET token_hash = ? WHERE user_id = ?")
      .bind(hashToken(token), await idOf(user.email))
      .run();
    const refused = await confirm(token);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Another SkinVault account has this address now, so the change was not made.");
    expect(location(await login(user.email, user.password))).toBe("/profile");
    expect(location(await login(holder.email, holder.password))).toBe("/profile");
  });

  it("an address registered after the request is refused at the link with a 409, not a 500, and the link stays unspent", async () => {
    const user = await signedInUser("change-race");
    const newEmail = uniqueEmail("change-race-to");
    expect(location(await askFor(user.cookie, newEmail, user.password))).toBe(SENT);
    const token = await mailedToken(newEmail);
    await registerUser(newEmail, "someone-else-1");
    expect(await (await get(`/confirm-new-email?token=${token}`)).text()).toContain("Another SkinVault account has this address now");
    expect((await confirm(token)).status).toBe(409);
    expect(await env.DB.prepare("SELECT used_at FROM email_change_tokens WHERE token_hash = ?").bind(hashToken(token)).first("used_at")).toBeNull();
    expect(location(await login(user.email, user.password))).toBe("/profile");
  });

  it("a wrong password says so, writes nothing, and counts: the sixth in 15 minutes is refused even when right", async () => {
    const user = await signedInUser("change-wrong");
    const newEmail = uniqueEmail("change-wrong-to");
    for (let i = 0; i < 5; i++) {
      const wrong = await askFor(user.cookie, newEmail, "not-the-password");
      expect(wrong.status).toBe(400);
      const html = await wrong.text();
      expect(html).toContain("Current password is incorrect");
      expect(html).not.toContain("not-the-password");
    }
    const limited = await askFor(user.cookie, newEmail, user.password);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await limited.text()).toContain("Too many wrong passwords.");
    expect(await mailTo(newEmail)).toEqual([]);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM email_change_tokens WHERE new_email = ?").bind(newEmail).first("n")).toBe(0);
    // The password change meets the same count.
    const password = await post(
      "/profile",
      { intent: "change-password", currentPassword: user.password, newPassword: "another-pass-2", confirmPassword: "another-pass-2" },
      { cookie: user.cookie },
    );
    expect(password.status).toBe(429);
  });

  it("refuses the account's own address, a bad address and a visitor", async () => {
    const user = await signedInUser("change-same");
    const same = await askFor(user.cookie, user.email, user.password);
    expect(same.status).toBe(400);
    expect(await same.text()).toContain("That is already the address of your account.");
    const bad = await askFor(user.cookie, "not-an-address", user.password);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Please enter a valid e-mail address.");
    expect(location(await post("/profile/security", { intent: "change-email", email: uniqueEmail(), currentPassword: "x" }))).toMatch(/^\/login\?/);
  });

  it("a password change or reset voids a change waiting (asked for by whoever had the password)", async () => {
    const user = await signedInUser("change-voided");
    const newEmail = uniqueEmail("change-voided-to");
    expect(location(await askFor(user.cookie, newEmail, user.password))).toBe(SENT);
    const token = await mailedToken(newEmail);
    const changed = await post(
      "/profile",
      { intent: "change-password", currentPassword: user.password, newPassword: "another-pass-2", confirmPassword: "another-pass-2" },
      { cookie: user.cookie },
    );
    expect(location(changed)).toBe("/profile?notice=password-updated");
    expect((await confirm(token)).status).toBe(400);
    expect(await (await get("/profile/security", user.cookie)).text()).not.toContain("Waiting for confirmation");
  });

  it("admin rights follow the confirmed address (ADMIN_EMAILS), never the one only asked for", async () => {
    await env.DB.prepare("DELETE FROM users WHERE email = 'admin@skinvault.test'").run();
    const user = await signedInUser("change-admin");
    expect(location(await askFor(user.cookie, "admin@skinvault.test", user.password))).toBe(SENT);
    expect(location(await get("/admin", user.cookie))).toBe("/");
    expect(location(await confirm(await mailedToken("admin@skinvault.test"), user.cookie))).toBe("/profile/security?notice=email-changed");
    expect((await get("/admin", user.cookie)).status).toBe(200);
    // And away from it: the rights go with the address.
    const away = uniqueEmail("change-admin-away");
    expect(location(await askFor(user.cookie, away, user.password))).toBe(SENT);
    expect(location(await confirm(await mailedToken(away), user.cookie))).toBe("/profile/security?notice=email-changed");
    expect(location(await get("/admin", user.cookie))).toBe("/");
    expect(sessionCookie(await login(away, user.password))).toMatch(/^skinvault_session=/);
  });
});
