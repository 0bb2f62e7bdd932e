import { describe, expect, it } from "vitest";
import { isSameSitePath } from "~/domain/same-site-path";
import { cookieConsentSchema } from "~/forms/cookie-consent";

describe("the consent form's return path", () => {
  it.each(["/", "/cookie-settings", "/category/Rifles?sort=price-asc", "/legal-notice?lang=de#top"])("accepts %s", (path) => {
    expect(isSameSitePath(path)).toBe(true);
  });

  it.each(["", "https://evil.example/", "//evil.example/", "/\\evil.example", "\\\\evil", "javascript:alert(1)", "/\tx", "cookie-settings"])(
    "refuses %j",
    (path) => {
      expect(isSameSitePath(path)).toBe(false);
    },
  );
});

describe("the consent form", () => {
  it("takes accept or decline and defaults the return path to /", () => {
    expect(cookieConsentSchema.parse({ intent: "accept" })).toEqual({ intent: "accept", redirectTo: "/" });
    expect(cookieConsentSchema.parse({ intent: "decline", redirectTo: "/contact", respond: "data" })).toEqual({
      intent: "decline",
      redirectTo: "/contact",
      respond: "data",
    });
  });

  it("refuses other intents and foreign return paths with clear messages", () => {
    const intent = cookieConsentSchema.safeParse({ intent: "maybe" });
    expect(intent.success).toBe(false);
    expect(intent.error?.issues[0]?.message).toBe("Choose 'accept' or 'decline'.");
    const path = cookieConsentSchema.safeParse({ intent: "accept", redirectTo: "//evil.example" });
    expect(path.error?.issues[0]?.message).toBe("The return path must be a path on this site.");
  });
});
