import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SESSION_SEEN_EVERY_MS } from "~/server/auth/session.server";
import { get, loginFrom, post, registerUser, sessionCookie, signedInUser, uniqueEmail } from "./helpers";

const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

/** The handles of the sessions the page lists with a Sign out button (every one but the current). */
function revokableHandles(html: string): string[] {
  return [...html.matchAll(/name="session" value="([0-9a-f]{32})"/g)].map((match) => match[1]!);
}

const location = (response: Response) => response.headers.get("Location");

describe("the account's sessions", () => {
  it("lists every session with its rough device, marks this one, and signs one out", async () => {
    const email = uniqueEmail("sessions");
    const password = "secret-pass-1";
    await registerUser(email, password);
    const laptop = await loginFrom(email, password, FIREFOX_LINUX);
    const phone = await loginFrom(email, password, SAFARI_IPHONE);

    const page = await get("/profile/security", laptop);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Firefox on Linux");
    expect(html).toContain("Safari on iOS, mobile");
    expect(html).toContain("This device");
    // The session ids (the cookie's secret part) never reach the page: only their handles.
    const stored = await env.DB.prepare("SELECT s.id FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = ?").bind(email).all<{ id: string }>();
    expect(stored.results).toHaveLength(2);
    for (const { id } of stored.results) expect(html).not.toContain(id);
    const handles = revokableHandles(html);
    expect(handles).toHaveLength(1);

    const ended = await post("/profile/security", { intent: "revoke-session", session: handles[0]! }, { cookie: laptop });
    expect(ended.status).toBe(303);
    expect(location(ended)).toBe("/profile/security?notice=session-ended");
    // The phone's next request is signed out; the laptop stays in.
    expect(location(await get("/profile/security", phone))).toMatch(/^\/login\?/);
    expect((await get("/profile/security", laptop)).status).toBe(200);

    // Ended already: the same handle is now a 404 that changes nothing.
    const again = await post("/profile/security", { intent: "revoke-session", session: handles[0]! }, { cookie: laptop });
    expect(again.status).toBe(404);
    expect(await again.text()).toContain("That session is not one of yours, or it has already ended.");
  });

  it("answers another user's session, a made-up handle and a malformed one with 404, ending nothing", async () => {
    const owner = await signedInUser("sessions-owner");
    const ownerSecond = sessionCookie(await post("/login?mode=login", { intent: "login", email: owner.email, password: owner.password }));
    const other = await signedInUser("sessions-other");
    const [ownerHandle] = revokableHandles(await (await get("/profile/security", owner.cookie)).text());
    expect(ownerHandle).toMatch(/^[0-9a-f]{32}$/);

    for (const session of [ownerHandle!, "0".repeat(32), "not-a-handle", ""]) {
      const refused = await post("/profile/security", { intent: "revoke-session", session }, { cookie: other.cookie });
      expect(refused.status).toBe(404);
    }
    expect((await get("/profile/security", ownerSecond)).status).toBe(200);
    expect((await get("/profile/security", owner.cookie)).status).toBe(200);
  });

  it("signs out everywhere else, keeping this session", async () => {
    const owner = await signedInUser("sessions-all");
    const cookies = [];
    for (let i = 0; i < 3; i++) cookies.push(sessionCookie(await post("/login?mode=login", { intent: "login", email: owner.email, password: owner.password })));
    const response = await post("/profile/security", { intent: "revoke-other-sessions" }, { cookie: owner.cookie });
    expect(location(response)).toBe("/profile/security?notice=others-ended");
    for (const cookie of cookies) expect(location(await get("/profile/security", cookie))).toMatch(/^\/login\?/);
    const kept = await get("/profile/security?notice=others-ended", owner.cookie);
    expect(kept.status).toBe(200);
    const html = await kept.text();
    expect(html).toContain("Every other session was signed out.");
    expect(html).toContain("This is your only signed-in session.");
    const none = await post("/profile/security", { intent: "revoke-other-sessions" }, { cookie: owner.cookie });
    expect(location(none)).toBe("/profile/security?notice=no-others");
  });

  it("changing the password signs the other sessions out and says so", async () => {
    const owner = await signedInUser("sessions-password");
    const second = sessionCookie(await post("/login?mode=login", { intent: "login", email: owner.email, password: owner.password }));
    const changed = await post(
      "/profile",
      { intent: "change-password", currentPassword: owner.password, newPassword: "new-secret-2", confirmPassword: "new-secret-2" },
      { cookie: owner.cookie },
    );
    expect(location(changed)).toBe("/profile?notice=password-updated");
    expect(await (await get("/profile?notice=password-updated", owner.cookie)).text()).toContain("Every other session was signed out.");
    expect(location(await get("/profile/security", second))).toMatch(/^\/login\?/);
  });

  it("moves last seen forward only when it is older than a few minutes, after the response", async () => {
    const owner = await signedInUser("sessions-seen");
    const row = () =>
      env.DB.prepare("SELECT s.last_seen_at AS seen FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = ?")
        .bind(owner.email)
        .first<{ seen: number }>();
    const atLogin = (await row())!.seen;
    expect(atLogin).toBeGreaterThan(0);
    await get("/profile", owner.cookie);
    expect((await row())!.seen).toBe(atLogin);
    const longAgo = Date.now() - SESSION_SEEN_EVERY_MS - 60_000;
    await env.DB.prepare("UPDATE sessions SET last_seen_at = ? WHERE user_id = (SELECT id FROM users WHERE email = ?)").bind(longAgo, owner.email).run();
    await get("/profile", owner.cookie);
    expect((await row())!.seen).toBeGreaterThan(longAgo + SESSION_SEEN_EVERY_MS);
  });

  it("sends a visitor to log in, coming back here", async () => {
    expect(location(await get("/profile/security"))).toBe("/login?redirectTo=%2Fprofile%2Fsecurity");
    expect(location(await post("/profile/security", { intent: "revoke-other-sessions" }))).toMatch(/^\/login\?/);
  });
});
