import { describe, expect, it } from "vitest";
import { login, post, registerUser, sessionCookie, uniqueEmail } from "./helpers";

const ACCEPTED = "cookie_consent=1.1";
const DECLINED = "cookie_consent=0.0";

function userSessionHeader(response: Response): string | undefined {
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith("user_session="));
}

describe("the non-essential user_session cookie", () => {
  it("is written at login only when cookies were accepted", async () => {
    const email = uniqueEmail("consent");
    await registerUser(email, "secret1");

    const withoutChoice = await login(email, "secret1");
    expect(withoutChoice.status).toBe(302);
    expect(userSessionHeader(withoutChoice)).toBeUndefined();

    const declined = await post("/login?mode=login", { intent: "login", email, password: "secret1" }, { cookie: DECLINED });
    expect(declined.status).toBe(302);
    expect(userSessionHeader(declined)).toBeUndefined();

    const accepted = await post("/login?mode=login", { intent: "login", email, password: "secret1" }, { cookie: ACCEPTED });
    expect(accepted.status).toBe(302);
    expect(userSessionHeader(accepted)).toMatch(/^user_session=[^;]+;.*Max-Age=604800/i);
  });

  it("is expired on logout", async () => {
    const email = uniqueEmail("consent-out");
    await registerUser(email, "secret1");
    const signedIn = await post("/login?mode=login", { intent: "login", email, password: "secret1" }, { cookie: ACCEPTED });
    const cookie = `${sessionCookie(signedIn)}; ${ACCEPTED}; ${userSessionHeader(signedIn)!.split(";")[0]}`;

    const loggedOut = await post("/logout", {}, { cookie });
    expect(loggedOut.status).toBe(302);
    expect(userSessionHeader(loggedOut)).toMatch(/^user_session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i);
  });
});
