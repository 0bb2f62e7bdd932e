import { describe, expect, it } from "vitest";
import { ACCOUNT_LIMITS, LIMIT_MESSAGES } from "~/domain/limits";
import { ITEMS_PER_PAGE, pageOf, parsePage, requestedPage, searchOfPage } from "~/domain/pages";
import { favoritesPage } from "~/domain/price-alerts";
import { trackerListPage } from "~/domain/resell";

const params = (query: string) => new URLSearchParams(query);
const trackers = Array.from({ length: 130 }, (_, i) => ({
  id: i + 1,
  createdAt: i,
  buyPriceCents: 100,
  currentCents: i % 2 ? 150 : 0,
  boughtAt: "2026-01-01",
  sale: null,
}));

describe("limits", () => {
  it("the messages name the numbers, with thousands separated", () => {
    expect(LIMIT_MESSAGES.trackers).toContain("1,000 resell trackers");
    expect(LIMIT_MESSAGES.loadouts).toContain(`${ACCOUNT_LIMITS.loadouts} loadouts`);
  });
});

describe("pages of long lists", () => {
  it.each([
    ["", 1],
    ["page=2", 2],
    ["page=9999", 9999],
    ["page=0", 1],
    ["page=-1", 1],
    ["page=1.5", 1],
    ["page=02", 1],
    ["page=10000", 1],
    ["page=abc", 1],
  ])("reads '%s' as page %i", (search, page) => {
    expect(parsePage(params(search))).toBe(page);
  });

  it("cuts a list into pages, the last one shorter; past the end is the last page, no items one empty page", () => {
    const numbers = Array.from({ length: 100 }, (_, i) => i);
    expect(pageOf(numbers, 1)).toEqual({ items: numbers.slice(0, ITEMS_PER_PAGE), page: 1, pageCount: 3 });
    expect(pageOf(numbers, 3)).toEqual({ items: numbers.slice(2 * ITEMS_PER_PAGE), page: 3, pageCount: 3 });
    expect(pageOf(numbers, 7)).toMatchObject({ page: 3 });
    expect(pageOf([], 2)).toEqual({ items: [], page: 1, pageCount: 1 });
  });

  it("links another page with the sort kept", () => {
    expect(searchOfPage("?sort=bought-asc&page=2", 3)).toBe("?sort=bought-asc&page=3");
    expect(searchOfPage("?tab=resell&page=2", 1)).toBe("?tab=resell");
    expect(searchOfPage("", 2)).toBe("?page=2");
  });

  it("the page asked for; else the page holding the item pointed at; else the first", () => {
    const items = Array.from({ length: 100 }, (_, i) => i);
    expect(requestedPage(params("page=2&item=99"), items, (n) => n === 99, 48)).toBe(2);
    expect(requestedPage(params(""), items, (n) => n === 99, 48)).toBe(3);
    expect(requestedPage(params(""), items, (n) => n === 47, 48)).toBe(1);
    expect(requestedPage(params(""), items, () => false, 48)).toBe(1);
  });

  it("trackers: a page of the sorted list", () => {
    const first = trackerListPage(trackers, "newest", "open", params(""));
    expect(first.trackers).toHaveLength(ITEMS_PER_PAGE);
    expect(first.trackers[0]!.id).toBe(130);
    expect(first.pageCount).toBe(3);
    expect(trackerListPage(trackers, "newest", "open", params("page=3")).trackers).toHaveLength(130 - 2 * ITEMS_PER_PAGE);
    expect(trackerListPage(trackers, "newest", "open", params("page=9")).page).toBe(3);
    expect(trackerListPage(trackers, "newest", "open", params("tracker=1")).page).toBe(3);
  });

  it("favourites: the page's cards with their alerts only", () => {
    const cards = Array.from({ length: 60 }, (_, i) => ({ id: `skin-${i}` }));
    const alerts = [{ skinId: "skin-1" }, { skinId: "skin-55" }];
    const first = favoritesPage(cards, alerts, params(""));
    expect(first.favorites).toHaveLength(ITEMS_PER_PAGE);
    expect(first.alerts).toEqual([{ skinId: "skin-1" }]);
    const pointed = favoritesPage(cards, alerts, params("alert=skin-55"));
    expect(pointed.page).toBe(2);
    expect(pointed.alerts).toEqual([{ skinId: "skin-55" }]);
  });
});
