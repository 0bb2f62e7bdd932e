import { describe, expect, it } from "vitest";
import { createSessionCookie, sessionCookieName } from "~/server/auth/session.server";

describe("session cookie", () => {
  it("is named skinvault_session outside production, signed, HttpOnly, SameSite=Lax, 7 days", async () => {
    const env = { ENVIRONMENT: "development", SESSION_SECRET: "dev-secret" };
    expect(sessionCookieName(env)).toBe("skinvault_session");
    const header = await createSessionCookie(env).serialize("abc");
    expect(header).toMatch(/^skinvault_session=/);
    expect(header).toContain("HttpOnly");
    expect(header).toContain("SameSite=Lax");
    expect(header).toContain("Max-Age=604800");
    expect(header).not.toContain("Secure");
    expect(await createSessionCookie(env).parse(header.split(";")[0]!)).toBe("abc");
  });

  it("is __Host- prefixed and Secure in production, and needs a secret everywhere (none is built in)", async () => {
    expect(() => createSessionCookie({ ENVIRONMENT: "production" })).toThrow(/SESSION_SECRET/);
    expect(() => createSessionCookie({ ENVIRONMENT: "development" })).toThrow(/SESSION_SECRET/);
    const env = { ENVIRONMENT: "production", SESSION_SECRET: "s3cret" };
    const header = await createSessionCookie(env).serialize("abc");
    expect(header).toMatch(/^__Host-skinvault_session=/);
    expect(header).toContain("Secure");
    expect(header).toContain("Path=/");
    expect(header).not.toContain("Domain");
  });

  it("a tampered or foreign signature reads as no session", async () => {
    const header = await createSessionCookie({ ENVIRONMENT: "production", SESSION_SECRET: "one" }).serialize("abc");
    expect(await createSessionCookie({ ENVIRONMENT: "production", SESSION_SECRET: "two" }).parse(header.split(";")[0]!)).toBeNull();
  });
});
