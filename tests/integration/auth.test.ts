import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fetchWorker, get, login, post, registerUser, sessionCookie, signedInAdmin, signedInUser, TEST_ADMIN_PASSWORD, uniqueEmail, uniqueIp } from "./helpers";

const location = (response: Response) => response.headers.get("Location");

describe("register, confirm and log in", () => {
  it("registers an unconfirmed account, queues a confirmation mail, and confirms it by POST", async () => {
    const email = uniqueEmail("reg");
    const response = await post("/login?mode=register", { intent: "register", email, password: "secret1" });
    expect(response.status).toBe(302);
    expect(location(response)).toBe("/login?mode=login&notice=registered");

    const user = await env.DB.prepare("SELECT password_hash, email_confirmed_at FROM users WHERE email = ?")
      .bind(email)
      .first<{ password_hash: string; email_confirmed_at: number | null }>();
    expect(user?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user?.email_confirmed_at).toBeNull();
    const mail = await env.DB.prepare('SELECT text FROM mail_outbox WHERE "to" = ?').bind(email).first<{ text: string }>();
    const link = /http\S+\/confirm-email\?token=(\S+)/.exec(mail!.text);
    expect(link).not.toBeNull();

    const refused = await login(email, "secret1");
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("not confirmed yet");

    // Opening the link spends nothing; the POST confirms.
    expect((await get(`/confirm-email?token=${link![1]}`)).status).toBe(200);
    const confirmed = await post("/confirm-email", { intent: "confirm-email", token: decodeURIComponent(link![1]!) });
    expect(confirmed.status).toBe(302);
    const again = await post("/confirm-email", { intent: "confirm-email", token: decodeURIComponent(link![1]!) });
    expect(again.status).toBe(400);

    const ok = await login(email, "secret1");
    expect(ok.status).toBe(302);
    expect(location(ok)).toBe("/profile");
    expect(ok.headers.get("Set-Cookie")).toMatch(/skinvault_session=.*HttpOnly.*SameSite=Lax/i);
  });

  it("a hash made by @node-rs/argon2 verifies inside workerd, also for a non-ASCII password", async () => {
    const email = uniqueEmail("nodehash");
    await env.DB.prepare("INSERT INTO users (id, email, password_hash, email_confirmed_at, created_at) VALUES (?, ?, ?, ?, ?)")
      .bind(crypto.randomUUID(), email, env.TEST_NODE_HASH, Date.now(), Date.now())
      .run();
    expect((await login(email, env.TEST_NODE_HASH_PASSWORD)).status).toBe(302);
    expect((await login(email, "Nöde-made pässword")).status).toBe(400);
  });

  it("refuses a wrong password with the server message and a 4xx", async () => {
    const email = uniqueEmail("wrong");
    await registerUser(email, "secret1");
    const response = await login(email, "nope-nope");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Invalid login credentials");
  });

  it("the sixth failed login in a row from one address is refused with 429", async () => {
    // Failures count per account and address pair (docs/decisions/008-rate-limits-in-d1-without-lockout.md); auth-limits.test.ts covers the rest.
    const email = uniqueEmail("brute");
    const ip = uniqueIp();
    await registerUser(email, "secret1");
    for (let i = 0; i < 5; i++) {
      const response = await login(email, `wrong-${i}`, ip);
      expect(response.status).toBe(400);
      await response.body?.cancel();
    }
    const sixth = await login(email, "secret1", ip);
    expect(sixth.status).toBe(429);
    expect(await sixth.text()).toContain("Too many login attempts");
  });

  it("a signed-in visitor is redirected from /login to /profile; pages cost one round trip", async () => {
    const { cookie } = await signedInUser();
    const loginPage = await get("/login", cookie);
    expect(loginPage.status).toBe(302);
    expect(location(loginPage)).toBe("/profile");
    for (const path of ["/", "/profile"]) {
      const response = await get(path, cookie);
      const html = await response.text();
      expect(response.headers.get("X-D1-Round-Trips")).toBe("1");
      expect(html).toContain('href="/profile"');
    }
    const anonymous = await get("/login");
    await anonymous.text();
    expect(anonymous.headers.get("X-D1-Round-Trips")).toBe("1");
  });

  it("a session whose row is gone is signed out, not an error", async () => {
    const { cookie } = await signedInUser();
    await env.DB.prepare("DELETE FROM sessions").run();
    const response = await get("/profile", cookie);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Go to Login");
  });

  it("logout deletes the session", async () => {
    const { cookie } = await signedInUser();
    const out = await post("/logout", { intent: "logout" }, { cookie });
    expect(out.status).toBe(302);
    expect(out.headers.get("Set-Cookie")).toMatch(/skinvault_session=;/);
    expect(await (await get("/profile", cookie)).text()).toContain("Go to Login");
  });

  it("a honeypot submission answers as usual and creates nothing", async () => {
    const email = uniqueEmail("bot");
    const response = await post("/login?mode=register", { intent: "register", email, password: "secret1", website: "http://spam" });
    expect(response.status).toBe(302);
    expect(await env.DB.prepare("SELECT 1 FROM users WHERE email = ?").bind(email).first()).toBeNull();
  });
});

describe("password change", () => {
  it("checks the spec rules, then changes the password and ends the other sessions", async () => {
    const { email, password, cookie } = await signedInUser("change");
    const other = sessionCookie(await login(email, password));

    const short = await post("/profile", { intent: "change-password", currentPassword: password, newPassword: "abc", confirmPassword: "abc" }, { cookie });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("New password must be at least 6 characters long");
    const mismatch = await post(
      "/profile",
      { intent: "change-password", currentPassword: password, newPassword: "abcdef", confirmPassword: "abcdeg" },
      { cookie },
    );
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("New passwords don&#x27;t match");

    const ok = await post(
      "/profile",
      { intent: "change-password", currentPassword: password, newPassword: "new-secret-2", confirmPassword: "new-secret-2" },
      { cookie },
    );
    expect(ok.status).toBe(302);
    expect(location(ok)).toBe("/profile?notice=password-updated");
    expect(await (await get("/profile", cookie)).text()).toContain("Signed in as");
    expect(await (await get("/profile", other)).text()).toContain("Go to Login");
    expect((await login(email, password)).status).toBe(400);
    expect((await login(email, "new-secret-2")).status).toBe(302);
  });
});

describe("delete account", () => {
  it("removes the user's rows in one batch and ends the session", async () => {
    const { email, password, cookie } = await signedInUser("delete");
    const refused = await post("/profile", { intent: "delete-account", confirm: "nope" }, { cookie });
    expect(refused.status).toBe(400);
    const response = await post("/profile", { intent: "delete-account", confirm: "DELETE" }, { cookie });
    expect(response.status).toBe(302);
    expect(await env.DB.prepare("SELECT 1 FROM users WHERE email = ?").bind(email).first()).toBeNull();
    expect((await login(email, password)).status).toBe(400);
  });
});

describe("/admin", () => {
  it("sends visitors to /login (coming back after it), users to /, and shows admins the dashboard", async () => {
    const visitor = await get("/admin");
    expect(visitor.status).toBe(302);
    expect(location(visitor)).toBe("/login?redirectTo=%2Fadmin");

    const { cookie } = await signedInUser("plain");
    const user = await get("/admin", cookie);
    expect(user.status).toBe(302);
    expect(location(user)).toBe("/");

    // ADMIN_EMAILS (wrangler.toml) names admin@skinvault.test, compared in lower case.
    await env.DB.prepare("DELETE FROM users WHERE email = 'admin@skinvault.test'").run();
    await registerUser("Admin@SkinVault.test", "admin-pass-1");
    const adminCookie = sessionCookie(await login("admin@skinvault.test", "admin-pass-1"));
    const admin = await get("/admin", adminCookie);
    expect(admin.status).toBe(200);
    const html = await admin.text();
    expect(html).toContain("Admin Dashboard");
    expect(html).toContain('href="/admin/sticker-crafts"');
    const home = await (await get("/", adminCookie)).text();
    expect(home).toContain('href="/admin/loadouts"');
    expect(await (await get("/", cookie)).text()).not.toContain('href="/admin/loadouts"');
  });
});

describe("an admin page asked for while signed out", () => {
  it("is where logging in lands an admin (the page's state kept, same-site only); a user still goes home", async () => {
    const asked = "/admin/sticker-crafts/queue?craft=12";
    const visitor = await get(asked);
    expect(location(visitor)).toBe(`/login?redirectTo=${encodeURIComponent(asked)}`);

    const { email } = await signedInAdmin();
    const password = TEST_ADMIN_PASSWORD;
    const admin = await post("/login?mode=login", { intent: "login", email, password, redirectTo: asked });
    expect(admin.status).toBe(302);
    expect(location(admin)).toBe(asked);

    const user = await signedInUser("admin-target");
    const plain = await post("/login?mode=login", { intent: "login", email: user.email, password: user.password, redirectTo: asked });
    expect(location(plain)).toBe(asked);
    expect(location(await get(asked, sessionCookie(plain)))).toBe("/");

    // A way back off the site is not followed.
    const outside = await post("/login?mode=login", { intent: "login", email, password, redirectTo: "//evil.example/admin" });
    expect(location(outside)).toBe("/profile");
  });
});

describe("origin check", () => {
  it.each([
    "/login?mode=login",
    "/login?mode=register",
    "/login?mode=forgot",
    "/profile",
    "/logout",
    "/reset-password",
    "/confirm-email",
    "/confirm-new-email",
    "/profile/security",
    "/api/password-reset-simple",
  ])("refuses a cross-origin POST to %s", async (path) => {
    const byOrigin = await post(path, { intent: "login" }, { origin: "https://evil.example" });
    expect(byOrigin.status).toBe(403);
    const bySite = await post(path, { intent: "login" }, { secFetchSite: "cross-site" });
    expect(bySite.status).toBe(403);
  });

  it("lets a same-origin POST through", async () => {
    const response = await post(
      "/login?mode=login",
      { intent: "login", email: "x@example.test", password: "y" },
      { origin: "https://example.com", secFetchSite: "same-origin" },
    );
    expect(response.status).toBe(400);
  });
});

describe("security headers", () => {
  it("sends an enforced CSP with a fresh nonce on every page", async () => {
    const first = await fetchWorker("https://example.com/login");
    const html = await first.text();
    const csp = first.headers.get("Content-Security-Policy")!;
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    expect(csp).toContain("img-src 'self' data: https://cdn.cstrike.app");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(html).toContain(`nonce="${nonce}"`);
    const second = await fetchWorker("https://example.com/login");
    await second.text();
    expect(second.headers.get("Content-Security-Policy")).not.toContain(nonce);
    expect(first.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("redirects and API answers carry the baseline headers too", async () => {
    const redirect = await get("/admin");
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("X-Frame-Options")).toBe("DENY");
    const api = await post("/api/password-reset-simple", {});
    await api.text();
    expect(api.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });
});
