import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SALE_MESSAGES } from "~/forms/sale-texts";
import { TRACKER_MESSAGES } from "~/forms/resell-texts";
import { get, post, signedInUser } from "./helpers";

const SKIN = "ak-47-redline";
const DAY = "2026-01-02";

async function newTracker(cookie: string, fields: Record<string, string> = {}): Promise<number> {
  const response = await post(`/resell-tracker/new?skin=${SKIN}`, { skinId: SKIN, wear: "FT", boughtAt: DAY, buyPrice: "20.00", ...fields }, { cookie });
  expect(response.status).toBe(303);
  return (await env.DB.prepare("SELECT max(id) AS id FROM resell_trackers").first<{ id: number }>())!.id;
}
const row = (id: number) => env.DB.prepare("SELECT * FROM resell_trackers WHERE id = ?").bind(id).first<Record<string, unknown>>();
const sale = (fields: Record<string, string> = {}) => ({ intent: "sell", salePrice: "30.00", soldAt: "2026-01-10", market: "skinport", ...fields });

describe("the sale of a tracker", () => {
  it("records the sale with the market's fee, moves it to the Sold view, is corrected and undone", async () => {
    const { cookie } = await signedInUser("sale");
    const id = await newTracker(cookie);

    const sold = await post(`/resell-tracker/${id}/sale`, sale(), { cookie });
    expect(sold.status).toBe(303);
    expect(sold.headers.get("Location")).toBe(`/resell-tracker?view=sold&tracker=${id}&notice=sold#tracker-${id}`);
    expect(await row(id)).toMatchObject({
      sale_price_cents: 3000,
      sold_at: "2026-01-10",
      sale_market: "skinport",
      sale_fee_cents: 240,
      sale_fee_basis_points: null,
    });

    // The Sold view shows it with the realised profit after Skinport's 8 %; the Open view does not.
    const soldView = (await (await get("/resell-tracker?view=sold", cookie)).text()).replaceAll("<!-- -->", "");
    expect(soldView).toContain(`id="tracker-${id}"`);
    expect(soldView).toContain("+$7.60 (+38.0%)");
    expect(soldView).toContain("Fees paid");
    expect(await (await get("/resell-tracker", cookie)).text()).not.toContain(`id="tracker-${id}"`);

    // Corrected: Steam, with the player's own 10 % fee.
    expect((await post(`/resell-tracker/${id}/sale`, sale({ market: "steam", feePercent: "10" }), { cookie })).status).toBe(303);
    expect(await row(id)).toMatchObject({ sale_market: "steam", sale_fee_basis_points: 1000, sale_fee_cents: 300 });

    // The CSV carries the sale.
    const csv = await (await get("/resell-tracker.csv", cookie)).text();
    expect(csv.split("\r\n")[0]).toContain("Variant,Sold date,Sale price,Market,Fee override %,Fee,Realised profit,Realised profit %");
    expect(csv).toContain("normal,2026-01-10,30,Steam Community Market,10,3,7,35");

    // Undone: open again, and a second undo is refused.
    const undone = await post(`/resell-tracker/${id}/sale`, { intent: "undo" }, { cookie });
    expect(undone.headers.get("Location")).toBe(`/resell-tracker?view=open&tracker=${id}&notice=sale-undone#tracker-${id}`);
    expect(await row(id)).toMatchObject({ sale_price_cents: null, sold_at: null, sale_market: null, sale_fee_cents: null });
    const again = await post(`/resell-tracker/${id}/sale`, { intent: "undo" }, { cookie });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(SALE_MESSAGES.notSold);
  });

  it("Record sale, Correct sale and Undo come back to the list they were opened from (its sort kept), at the card in its new view", async () => {
    const { cookie } = await signedInUser("sale-back");
    const id = await newTracker(cookie);
    const list = "/resell-tracker?sort=bought-asc&page=2";
    const way = encodeURIComponent(list);

    // The card's links and Undo carry the list's way back; the sale form keeps it.
    const listHtml = await (await get("/resell-tracker?sort=bought-asc", cookie)).text();
    expect(listHtml).toContain(`href="/resell-tracker/${id}/sale?redirectTo=${encodeURIComponent("/resell-tracker?sort=bought-asc")}"`);
    const form = await (await get(`/resell-tracker/${id}/sale?redirectTo=${way}`, cookie)).text();
    expect(form).toContain(`<input type="hidden" name="redirectTo" value="${list.replaceAll("&", "&amp;")}"/>`);

    // Recorded: the Sold view at the card, sorted as before, on the page holding it.
    const sold = await post(`/resell-tracker/${id}/sale?redirectTo=${way}`, sale({ redirectTo: list }), { cookie });
    expect(sold.headers.get("Location")).toBe(`/resell-tracker?sort=bought-asc&view=sold&tracker=${id}&notice=sold#tracker-${id}`);
    // Corrected from the Sold view: back there.
    const soldList = "/resell-tracker?sort=bought-asc&view=sold";
    const corrected = await post(`/resell-tracker/${id}/sale`, sale({ market: "steam", redirectTo: soldList }), { cookie });
    expect(corrected.headers.get("Location")).toBe(`/resell-tracker?sort=bought-asc&view=sold&tracker=${id}&notice=sold#tracker-${id}`);
    // Undone from the Sold view: the Open view, the sort kept.
    const undone = await post(`/resell-tracker/${id}/sale`, { intent: "undo", redirectTo: soldList }, { cookie });
    expect(undone.headers.get("Location")).toBe(`/resell-tracker?sort=bought-asc&view=open&tracker=${id}&notice=sale-undone#tracker-${id}`);

    // From the profile's tab (open items only), the sold item is in the list's Sold view; off the site is never followed.
    const fromProfile = await post(`/resell-tracker/${id}/sale`, sale({ redirectTo: "/profile?tab=resell" }), { cookie });
    expect(fromProfile.headers.get("Location")).toBe(`/resell-tracker?view=sold&tracker=${id}&notice=sold#tracker-${id}`);
    const outside = await post(`/resell-tracker/${id}/sale`, { intent: "undo", redirectTo: "//evil.example/resell-tracker?sort=bought-asc" }, { cookie });
    expect(outside.headers.get("Location")).toBe(`/resell-tracker?view=open&tracker=${id}&notice=sale-undone#tracker-${id}`);

    // A refused sale comes back with its way back.
    const refused = await post(`/resell-tracker/${id}/sale?redirectTo=${way}`, sale({ soldAt: "2026-01-01", redirectTo: list }), { cookie });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(`action="/resell-tracker/${id}/sale?redirectTo=${way}"`);
  });

  it("refuses a sale before the bought date, in the future or without a market, writing nothing", async () => {
    const { cookie } = await signedInUser("sale-bad");
    const id = await newTracker(cookie);
    const before = await row(id);
    const cases: [Record<string, string>, string][] = [
      [sale({ soldAt: "2026-01-01" }), SALE_MESSAGES.beforeBought],
      [sale({ soldAt: "2999-01-01" }), SALE_MESSAGES.future],
      [sale({ market: "ebay" }), SALE_MESSAGES.market],
      [sale({ salePrice: "-1" }), SALE_MESSAGES.salePrice],
      [sale({ feePercent: "100" }), SALE_MESSAGES.fee],
      // Plain decimals only: not hex or an exponent, which Number() reads as 16 and 10.
      [sale({ salePrice: "0x10" }), SALE_MESSAGES.salePrice],
      [sale({ feePercent: "1e1" }), SALE_MESSAGES.fee],
    ];
    for (const [fields, message] of cases) {
      const response = await post(`/resell-tracker/${id}/sale`, fields, { cookie });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(message);
    }
    expect(await row(id)).toEqual(before);
  });

  it("a sold tracker's bought date cannot move past its sale date", async () => {
    const { cookie } = await signedInUser("sale-edit");
    const id = await newTracker(cookie);
    await post(`/resell-tracker/${id}/sale`, sale({ soldAt: "2026-01-05" }), { cookie });
    const response = await post(`/resell-tracker/${id}/edit`, { wear: "FT", boughtAt: "2026-01-06", buyPrice: "20.00" }, { cookie });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(TRACKER_MESSAGES.afterSale);
    expect(await row(id)).toMatchObject({ bought_at: DAY });
  });
});

describe("variants", () => {
  it("a StatTrak tracker is valued at the StatTrak price; a variant the skin lacks is refused", async () => {
    const skin = (await env.DB.prepare("SELECT stattrak, souvenir FROM skins WHERE id = ?").bind(SKIN).first<{ stattrak: number; souvenir: number }>())!;
    expect(skin).toEqual({ stattrak: 1, souvenir: 0 });
    await env.DB.prepare("INSERT OR REPLACE INTO skin_variant_prices (skin_id, variant, wear, price_cents) VALUES (?, 'stattrak', 'FT', 98765)")
      .bind(SKIN)
      .run();
    const { cookie } = await signedInUser("variant");
    const refused = await post(
      `/resell-tracker/new?skin=${SKIN}`,
      { skinId: SKIN, wear: "FT", boughtAt: DAY, buyPrice: "20.00", variant: "souvenir" },
      { cookie },
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(TRACKER_MESSAGES.variantImpossible);

    const id = await newTracker(cookie, { variant: "stattrak" });
    expect(await row(id)).toMatchObject({ variant: "stattrak" });
    // React separates text parts with comments in the server's HTML.
    const list = (await (await get("/resell-tracker", cookie)).text()).replaceAll("<!-- -->", "");
    expect(list).toContain("StatTrak™ · Field-Tested");
    expect(list).toContain("$987.65");
  });
});
