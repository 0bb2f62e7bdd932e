import { parseWithZod } from "@conform-to/zod/v4";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canAuthorEdit,
  craftGalleryPath,
  isCraftVisibleTo,
  matchesCraftKind,
  MAX_PENDING_CRAFTS,
  MAX_SUBMISSIONS_PER_DAY,
  orderCrafts,
  parseCraftKind,
  parseCraftOrder,
  submissionLimitReached,
} from "~/domain/community-crafts";
import { isExternalLink } from "~/domain/external-links";
import { communityCraftSchema, rejectCraftSchema } from "~/forms/community-craft";
import { normalisedSearch, stickerCraftPages } from "~/server/http/edge-cache-plan.server";

/** A submission's field errors (none when it succeeded). */
const errorsOf = (submission: { status?: string; error?: Record<string, unknown> | null }) => (submission.status === "error" ? submission.error : null);

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

describe("submission limits", () => {
  it("lets a submission in below both limits", () => {
    expect(submissionLimitReached({ pendingOthers: MAX_PENDING_CRAFTS - 1, lastDay: MAX_SUBMISSIONS_PER_DAY - 1 })).toBeNull();
  });
  it("names the pending limit first, then the daily one", () => {
    expect(submissionLimitReached({ pendingOthers: MAX_PENDING_CRAFTS, lastDay: MAX_SUBMISSIONS_PER_DAY })).toBe("pending");
    expect(submissionLimitReached({ pendingOthers: 0, lastDay: MAX_SUBMISSIONS_PER_DAY })).toBe("daily");
  });
});

describe("who sees a craft", () => {
  const author = { id: "author", isAdmin: false };
  const other = { id: "other", isAdmin: false };
  const admin = { id: "admin", isAdmin: true };
  it.each(["pending", "rejected"] as const)("a %s craft: its author and admins only", (status) => {
    const craft = { status, authorId: "author" };
    expect([null, other, author, admin].map((viewer) => isCraftVisibleTo(craft, viewer))).toEqual([false, false, true, true]);
  });
  it("a published craft, official or community: everyone", () => {
    for (const authorId of [null, "author"]) expect(isCraftVisibleTo({ status: "published", authorId }, null)).toBe(true);
  });
  it("the author edits a pending or rejected craft, never a published one", () => {
    expect([canAuthorEdit("pending"), canAuthorEdit("rejected"), canAuthorEdit("published")]).toEqual([true, true, false]);
  });
});

describe("the gallery's filter", () => {
  it("reads All for anything unknown, and All has no parameter", () => {
    expect([parseCraftKind(null), parseCraftKind("COMMUNITY"), parseCraftKind("official")]).toEqual(["all", "all", "official"]);
    expect(craftGalleryPath("all")).toBe("/sticker-crafts");
    expect(craftGalleryPath("community")).toBe("/sticker-crafts?kind=community");
    expect(craftGalleryPath("official", "cost-desc")).toBe("/sticker-crafts?kind=official&order=cost-desc");
  });
  it("keeps crafts of the chosen kind", () => {
    const crafts = [{ community: true }, { community: false }];
    expect(crafts.filter((c) => matchesCraftKind("community", c))).toEqual([{ community: true }]);
    expect(crafts.filter((c) => matchesCraftKind("official", c))).toEqual([{ community: false }]);
    expect(crafts.filter((c) => matchesCraftKind("all", c))).toHaveLength(2);
  });
  it("is part of the edge cache's key, and every filter in every order is purged with a craft", () => {
    expect(normalisedSearch("/sticker-crafts", new URLSearchParams("utm=x&kind=community"))).toBe("?kind=community");
    expect(normalisedSearch("/sticker-crafts", new URLSearchParams("order=cost-asc&kind=all"))).toBe("?order=cost-asc");
    expect(normalisedSearch("/sticker-crafts", new URLSearchParams("order=newest&kind=nothing"))).toBe("");
    expect(stickerCraftPages(null, [])).toEqual(expect.arrayContaining(["/sticker-crafts?order=cost-asc", "/sticker-crafts?kind=community&order=cost-desc"]));
    expect(stickerCraftPages(7, [])).toEqual(
      expect.arrayContaining([
        "/sticker-crafts",
        "/sticker-crafts?kind=community",
        "/sticker-crafts?kind=official",
        "/sticker-crafts/7",
        "/sticker-crafts/7.data",
      ]),
    );
  });
  it("purges with a craft the pages of its catalogue stickers, which list their newest crafts, under every price range", () => {
    const pages = stickerCraftPages(7, [1947, 12, 1947]);
    for (const sticker of [1947, 12]) {
      for (const page of [`/stickers/${sticker}`, `/stickers/${sticker}.data`]) {
        expect(pages).toEqual(expect.arrayContaining([page, `${page}?range=7`, `${page}?range=90`]));
      }
    }
    expect(pages.filter((page) => page === "/stickers/1947")).toHaveLength(1);
    expect(stickerCraftPages(7, []).some((page) => page.startsWith("/stickers/"))).toBe(false);
  });
});

describe("the gallery's order", () => {
  const crafts = [
    { id: 1, craftCents: 500 },
    { id: 2, craftCents: null },
    { id: 3, craftCents: 12_000 },
    { id: 4, craftCents: 500 },
  ];
  it("reads Newest for anything unknown", () => {
    expect([parseCraftOrder(null), parseCraftOrder("COST-DESC"), parseCraftOrder("cost-asc")]).toEqual(["newest", "newest", "cost-asc"]);
  });
  it("orders by craft cost, crafts without a cost last, ties newest first", () => {
    expect(orderCrafts(crafts, "cost-desc").map((c) => c.id)).toEqual([3, 1, 4, 2]);
    expect(orderCrafts(crafts, "cost-asc").map((c) => c.id)).toEqual([1, 4, 3, 2]);
    expect(orderCrafts(crafts, "newest").map((c) => c.id)).toEqual([1, 2, 3, 4]);
  });
  it("keeps every craft and sorts the priced ones monotonically", () => {
    const craftList = fc.array(fc.record({ id: fc.nat(), craftCents: fc.option(fc.nat({ max: 10_000_000 }), { nil: null }) }), { maxLength: 30 });
    fc.assert(
      fc.property(craftList, fc.constantFrom("cost-asc" as const, "cost-desc" as const), (list, order) => {
        const ordered = orderCrafts(list, order);
        expect([...ordered].sort((a, b) => a.id - b.id || (a.craftCents ?? -1) - (b.craftCents ?? -1))).toEqual(
          [...list].sort((a, b) => a.id - b.id || (a.craftCents ?? -1) - (b.craftCents ?? -1)),
        );
        const costs = ordered.map((craft) => craft.craftCents);
        const firstUnpriced = costs.indexOf(null);
        const priced = (firstUnpriced === -1 ? costs : costs.slice(0, firstUnpriced)) as number[];
        if (firstUnpriced !== -1) expect(costs.slice(firstUnpriced).every((cost) => cost === null)).toBe(true);
        priced.slice(1).forEach((cost, index) => expect(order === "cost-asc" ? cost >= priced[index]! : cost <= priced[index]!).toBe(true));
      }),
    );
  });
});

describe("the player's form", () => {
  it.each([
    ["https://example.com/craft", true],
    ["http://example.com/craft", false],
    ["javascript:alert(1)", false],
    ["data:text/html,<b>x</b>", false],
    ["//example.com", false],
    [`https://example.com/${"a".repeat(2048)}`, false],
    ["https://steamcommunity.com@evil.example/", false],
  ])("%s is a valid link: %s", (value, valid) => {
    expect(isExternalLink(value)).toBe(valid);
  });

  it("answers the spec's texts for a missing name and skin", () => {
    const submission = parseWithZod(form({ name: " ", skinId: "" }), { schema: communityCraftSchema });
    expect(submission.status).toBe("error");
    expect(errorsOf(submission)?.name).toEqual(["Name is required"]);
    expect(errorsOf(submission)?.skinId).toEqual(["Skin is required"]);
  });

  it("caps the text lengths", () => {
    const submission = parseWithZod(form({ name: "n".repeat(121), skinId: "ak-47-redline", description: "d".repeat(2001) }), { schema: communityCraftSchema });
    expect(errorsOf(submission)?.name).toEqual(["Names are at most 120 characters."]);
    expect(errorsOf(submission)?.description).toEqual(["Descriptions are at most 2,000 characters."]);
  });

  it("takes catalogue stickers by id at their positions", () => {
    const submission = parseWithZod(form({ name: "Craft", skinId: "ak-47-redline", "stickers[2].stickerId": "42", "stickers[0].keep": "on" }), {
      schema: communityCraftSchema,
    });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value.stickers).toEqual([{ keep: "on" }, undefined, { stickerId: 42 }]);
  });

  it("a rejection needs a reason", () => {
    expect(errorsOf(parseWithZod(form({ id: "3", version: "2", reason: "  " }), { schema: rejectCraftSchema }))?.reason).toEqual(["Give the author a reason."]);
  });
});
