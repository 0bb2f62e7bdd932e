import fc from "fast-check";
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { isExternalLink, leavingLink, LINK_RULE, MAX_LINK_LENGTH, parseExternalLink } from "~/domain/external-links";
import { communityCraftSchema } from "~/forms/community-craft";
import { stickerCraftSchema } from "~/forms/sticker-craft";

describe("links out", () => {
  it.each([
    ["https://steamcommunity.com/market/listings/730/Sticker", "steamcommunity.com"],
    ["https://example.com:8443/craft?x=1#top", "example.com:8443"],
    ["https://EXAMPLE.com./craft", "example.com."],
    ["https://ёxample.com/", "xn--xample-ouf.com"],
    ["https://1.2.3.4/", "1.2.3.4"],
  ])("%s goes to %s", (value, host) => {
    expect(parseExternalLink(value)?.host).toBe(host);
  });

  it.each([
    ["https://steamcommunity.com@evil.example/", "a user name before the real host"],
    ["https://steamcommunity.com:password@evil.example/", "a user name and password"],
    ["https://:secret@evil.example/", "a password alone"],
    ["http://example.com/", "http"],
    ["javascript:alert(1)", "a script"],
    ["data:text/html,<b>x</b>", "data"],
    ["//example.com/", "protocol-relative"],
    ["/leaving?to=x", "a path on this site"],
    ["https:///evil.example", "a third slash the parser skips"],
    ["https:\\\\evil.example/", "backslashes read as slashes"],
    ["https://evil.example\\@steamcommunity.com/", "a backslash that hides the host"],
    ["https://exa\tmple.com/", "a tab the parser would drop"],
    ["https://example.com/\n", "a line break"],
    [" https://example.com/", "space around it"],
    [`https://example.com/${"a".repeat(MAX_LINK_LENGTH)}`, "too long"],
    ["", "empty"],
  ])("refuses %s (%s)", (value) => {
    expect(parseExternalLink(value)).toBeNull();
    expect(leavingLink(value)).toBeNull();
  });

  it("refuses any link that carries a user name or a password, whatever the host", () => {
    fc.assert(
      fc.property(fc.domain(), fc.domain(), fc.constantFrom("", ":", ":secret"), fc.webPath(), (looksLike, host, password, path) => {
        expect(parseExternalLink(`https://${looksLike}${password}@${host}${path}`)).toBeNull();
        expect(parseExternalLink(`https://${host}${path}`)?.host).toBe(new URL(`https://${host}${path}`).host);
      }),
    );
  }, 30_000);

  it("accepts only https links without credentials, and the leaving page's link reads back to the same destination", () => {
    fc.assert(
      fc.property(
        fc.webUrl({
          validSchemes: ["http", "https", "ftp"],
          withQueryParameters: true,
          withFragments: true,
          authoritySettings: { withUserInfo: true, withPort: true },
        }),
        (value) => {
          const link = parseExternalLink(value);
          let url: URL | null = null;
          try {
            url = new URL(value);
          } catch {
            url = null;
          }
          const acceptable =
            url !== null &&
            url.protocol === "https:" &&
            url.username === "" &&
            url.password === "" &&
            url.href.length <= MAX_LINK_LENGTH &&
            value.length <= MAX_LINK_LENGTH;
          expect(link !== null).toBe(acceptable);
          if (link && url) {
            expect(link.host).toBe(url.host);
            const leaving = leavingLink(value);
            expect(leaving?.host).toBe(url.host);
            const to = new URL(leaving?.path ?? "", "https://skinvault.test").searchParams.get("to") ?? "";
            expect(parseExternalLink(to)).toEqual(link);
          }
        },
      ),
    );
  }, 30_000);

  it("is the rule of both craft forms", () => {
    const community = parseWithZod(formOf({ name: "Craft", skinId: "ak-47-redline", externalCraftLink: "https://steamcommunity.com@evil.example/" }), {
      schema: communityCraftSchema,
    });
    expect(community.status === "error" && community.error?.externalCraftLink).toEqual([LINK_RULE]);
    const admin = parseWithZod(
      formOf({
        name: "Craft",
        skinId: "ak-47-redline",
        externalCraftLink: "http://example.com/",
        "stickers[0].name": "Sticker",
        "stickers[0].link": "https://a:b@example.com/",
      }),
      { schema: stickerCraftSchema },
    );
    const errors = admin.status === "error" ? admin.error : null;
    expect(errors?.externalCraftLink).toEqual([LINK_RULE]);
    expect(errors?.["stickers[0].link"]).toEqual([LINK_RULE]);
    expect(isExternalLink("https://steamcommunity.com/market/")).toBe(true);
  });
});

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}
