import { describe, expect, it } from "vitest";
import { backoffMs, isFinalAttempt, MAIL_LEASE_MS, MAIL_MAX_ATTEMPTS } from "~/domain/mail-retry";
import { strengthErrors } from "~/domain/password-rules";
import { decide, formatCooldown, RATE_LIMITS } from "~/domain/rate-limits";
import { isAdminEmail } from "~/domain/roles";
import { changePasswordSchema, registerSchema, resetPasswordSchema } from "~/forms/auth";
import { isCrossOriginWrite } from "~/server/http/origin-check.server";

describe("reset password strength rules", () => {
  it("lists every broken rule with the spec's wording", () => {
    expect(strengthErrors("")).toEqual([
      "Password must be at least 8 characters long",
      "Password must contain at least one uppercase letter",
      "Password must contain at least one lowercase letter",
      "Password must contain at least one number",
      "Password must contain at least one special character",
    ]);
    expect(strengthErrors("Abcdefg1!")).toEqual([]);
    expect(strengthErrors("abcdefg1!")).toEqual(["Password must contain at least one uppercase letter"]);
  });

  it("the reset schema also requires matching passwords and a token", () => {
    const result = resetPasswordSchema.safeParse({ token: "", newPassword: "Abcdefg1!", confirmPassword: "x" });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => issue.message);
    expect(messages).toContain("Passwords do not match.");
    expect(messages).toContain("Invalid or missing token.");
  });
});

describe("change password and register schemas", () => {
  it("use the spec's messages", () => {
    const short = changePasswordSchema.safeParse({ currentPassword: "x", newPassword: "abc", confirmPassword: "abc" });
    expect(short.error!.issues[0]!.message).toBe("New password must be at least 6 characters long");
    const mismatch = changePasswordSchema.safeParse({ currentPassword: "x", newPassword: "abcdef", confirmPassword: "abcdeg" });
    expect(mismatch.error!.issues[0]!.message).toBe("New passwords don't match");
  });

  it("lower-cases and trims the e-mail", () => {
    expect(registerSchema.parse({ email: "  Someone@Example.COM ", password: "secret" }).email).toBe("someone@example.com");
    expect(registerSchema.safeParse({ email: "nope", password: "secret" }).success).toBe(false);
  });
});

describe("rate limits", () => {
  const rule = RATE_LIMITS.loginByAccountAndIp;
  const start = 1_000_000;
  it("allow up to the limit within a window, then refuse until it ends", () => {
    expect(decide(rule, null, start)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(decide(rule, { count: 4, windowStart: start }, start + 1000).allowed).toBe(true);
    expect(decide(rule, { count: 5, windowStart: start }, start + 1000)).toEqual({ allowed: false, retryAfterSeconds: 899 });
    expect(decide(rule, { count: 5, windowStart: start }, start + 900_000).allowed).toBe(true);
  });

  it("the reset cooldown is one request per 300 seconds", () => {
    expect(RATE_LIMITS.resetByEmail).toMatchObject({ limit: 1, windowSeconds: 300 });
    expect(decide(RATE_LIMITS.resetByEmail, { count: 1, windowStart: start }, start)).toEqual({ allowed: false, retryAfterSeconds: 300 });
  });

  it("formats the cooldown as m:ss", () => {
    expect(formatCooldown(300)).toBe("5:00");
    expect(formatCooldown(61)).toBe("1:01");
    expect(formatCooldown(9)).toBe("0:09");
    expect(formatCooldown(-3)).toBe("0:00");
  });
});

describe("roles", () => {
  it("an admin is a listed e-mail compared in lower case", () => {
    const list = "Admin@SkinVault.test, second@example.com";
    expect(isAdminEmail("admin@skinvault.test", list)).toBe(true);
    expect(isAdminEmail("SECOND@example.com", list)).toBe(true);
    expect(isAdminEmail("other@example.com", list)).toBe(false);
    expect(isAdminEmail(null, list)).toBe(false);
    expect(isAdminEmail("admin@skinvault.test", "")).toBe(false);
  });
});

describe("mail retries", () => {
  it("back off doubling up to an hour, and stop after a bound", () => {
    expect(backoffMs(1)).toBe(30_000);
    expect(backoffMs(2)).toBe(60_000);
    expect(backoffMs(20)).toBe(3_600_000);
    expect(isFinalAttempt(MAIL_MAX_ATTEMPTS - 1)).toBe(false);
    expect(isFinalAttempt(MAIL_MAX_ATTEMPTS)).toBe(true);
    expect(MAIL_LEASE_MS).toBeGreaterThan(10_000);
  });
});

describe("origin check", () => {
  const request = (method: string, headers: Record<string, string>) => new Request("https://skinvault.example/login", { method, headers });
  it("refuses cross-site writes and lets same-origin ones and reads through", () => {
    expect(isCrossOriginWrite(request("POST", { Origin: "https://evil.example" }))).toBe(true);
    expect(isCrossOriginWrite(request("POST", { "Sec-Fetch-Site": "cross-site" }))).toBe(true);
    expect(isCrossOriginWrite(request("POST", { "Sec-Fetch-Site": "same-site" }))).toBe(true);
    expect(isCrossOriginWrite(request("POST", { Origin: "https://skinvault.example", "Sec-Fetch-Site": "same-origin" }))).toBe(false);
    expect(isCrossOriginWrite(request("GET", { Origin: "https://evil.example" }))).toBe(false);
    expect(isCrossOriginWrite(request("DELETE", { Origin: "null" }))).toBe(true);
  });
});
