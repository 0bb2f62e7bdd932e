import { describe, expect, it } from "vitest";
import { consentChoiceHeaders, readConsent, readCookie, userSessionCookie } from "~/server/features/consent.server";
import { expireUserSessionCookie } from "~/server/http/cookies.server";

const request = (cookie?: string, url = "http://localhost/") => new Request(url, { headers: cookie ? { Cookie: cookie } : {} });

describe("reading the consent cookie", () => {
  it("finds no choice without the cookie or with a malformed one", () => {
    expect(readConsent(request())).toBeNull();
    expect(readConsent(request("other=1"))).toBeNull();
    expect(readConsent(request("cookie_consent=yes"))).toBeNull();
  });

  it("reads the stored choice among other cookies", () => {
    expect(readConsent(request("a=b; cookie_consent=1.1; c=d"))).toEqual({ accepted: true, enabled: true });
    expect(readConsent(request("cookie_consent=0.0"))).toEqual({ accepted: false, enabled: false });
  });

  it("does not mistake a cookie whose name ends the same way", () => {
    expect(readCookie(request("xcookie_consent=1.1"), "cookie_consent")).toBeNull();
    expect(readCookie(request("bad=%E0%A4%A"), "bad")).toBeNull();
  });
});

describe("the banner's choice", () => {
  it("accepting stores a browser-session cookie (no Max-Age, no Expires)", () => {
    const { consent, headers } = consentChoiceHeaders(request(), "accept");
    expect(consent).toEqual({ accepted: true, enabled: true });
    const cookies = headers.getSetCookie();
    expect(cookies).toEqual(["cookie_consent=1.1; Path=/; HttpOnly; SameSite=Lax"]);
  });

  it("declining stores the choice and expires user_session", () => {
    const { consent, headers } = consentChoiceHeaders(request("user_session=u1; cookie_consent=1.1"), "decline");
    expect(consent).toEqual({ accepted: false, enabled: false });
    const [stored, expired] = headers.getSetCookie();
    expect(stored).toBe("cookie_consent=0.0; Path=/; HttpOnly; SameSite=Lax");
    expect(expired).toMatch(/^user_session=; Max-Age=0; /);
  });

  it("marks cookies Secure over https", () => {
    const { headers } = consentChoiceHeaders(request(undefined, "https://skinvault.example/"), "accept");
    expect(headers.get("Set-Cookie")).toContain("; Secure");
  });
});

describe("user_session for the login", () => {
  it("is written for 7 days only with consent", () => {
    expect(userSessionCookie(request("cookie_consent=1.1"), "user 1")).toBe("user_session=user%201; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax");
  });

  it.each([undefined, "cookie_consent=0.0", "cookie_consent=1.0", "cookie_consent=0.1"])("is not written with %s", (cookie) => {
    expect(userSessionCookie(request(cookie), "u1")).toBeNull();
  });

  it("is expired on logout", () => {
    expect(expireUserSessionCookie(request())).toBe("user_session=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; HttpOnly; SameSite=Lax");
  });
});
