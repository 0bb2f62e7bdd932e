import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { fetchWorker, get, post, signedInUser } from "./helpers";

/** The ECB's euro rates of the tests: one euro buys 1.25 US dollars and 0.85 pounds, so $1 is €0.80. */
async function storeRates() {
  await env.DB.prepare(
    "INSERT INTO exchange_rates (currency, per_euro, rate_date, source) VALUES ('USD', 1.25, '2026-11-30', 'ecb'), ('EUR', 1, '2026-11-30', 'ecb'), ('GBP', 0.85, '2026-11-27', 'ecb')",
  ).run();
}
/** The seeded AK-47 | Redline's Field-Tested price, in cents. */
async function redlineCents(): Promise<number> {
  const row = await env.DB.prepare("SELECT price_cents FROM skin_wears WHERE skin_id = 'ak-47-redline' AND wear = 'FT'").first<{ price_cents: number }>();
  return row!.price_cents;
}
const euros = (cents: number) => `€${((cents * 0.8) / 100).toFixed(2)}`;
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM exchange_rates").run();
});

describe("the player's currency", () => {
  it("shows US dollars until someone chooses, and the chosen currency at the ECB's rate with its day", async () => {
    await storeRates();
    const cents = await redlineCents();
    const plain = await (await get("/skins/ak-47-redline")).text();
    expect(plain).toContain(dollars(cents));
    expect(plain).toContain("Prices are estimates in US dollars.");

    const page = await get("/skins/ak-47-redline", "currency=EUR");
    expect(page.headers.get("X-D1-Round-Trips")).toBe("1");
    const html = await page.text();
    expect(html).toContain(euros(cents));
    expect(html).not.toContain(dollars(cents));
    expect(html).toContain("converted from US dollars at the European Central Bank&#x27;s reference rate of 2026-11-30");
    // The pound's rate is as old as its older half (the pound's day).
    expect(await (await get("/", "currency=GBP")).text()).toContain("reference rate of 2026-11-27");
  });

  it("falls back to US dollars and says so when the chosen currency has no rate yet (a fresh install)", async () => {
    const cents = await redlineCents();
    const html = await (await get("/skins/ak-47-redline", "currency=EUR")).text();
    expect(html).toContain(dollars(cents));
    expect(html).toContain("There is no exchange rate for Euros yet, so amounts are shown in US dollars.");
    expect(html).not.toContain("€");
    // A cookie that names no currency of the site is no choice.
    expect(await (await get("/skins/ak-47-redline", "currency=XAU")).text()).not.toContain("no exchange rate");
  });

  it("the header's form stores the choice in a cookie and sends the browser back; bad input is a 400", async () => {
    const chosen = await post("/currency", { currency: "EUR", redirectTo: "/skins/ak-47-redline?wear=FT" });
    expect(chosen.status).toBe(303);
    expect(chosen.headers.get("Location")).toBe("/skins/ak-47-redline?wear=FT");
    expect(chosen.headers.get("Set-Cookie")).toMatch(/^currency=EUR; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax; Secure$/);
    for (const fields of [{ currency: "XYZ" }, { currency: "EUR", redirectTo: "https://evil.example/" }, {}] as Record<string, string>[]) {
      const refused = await post("/currency", fields);
      expect(refused.status).toBe(400);
      expect(refused.headers.get("Set-Cookie")).toBeNull();
    }
    expect((await post("/currency", { currency: "EUR" }, { origin: "https://evil.example" })).status).toBe(403);
    expect((await get("/currency")).status).toBe(302);
  });

  it("a signed-in player's choice is their account's setting, which wins over the browser's cookie", async () => {
    await storeRates();
    const cents = await redlineCents();
    const { cookie, email } = await signedInUser("currency");
    await post("/currency", { currency: "EUR", redirectTo: "/" }, { cookie });
    const row = await env.DB.prepare("SELECT currency FROM users WHERE email = ?").bind(email).first<{ currency: string }>();
    expect(row?.currency).toBe("EUR");
    const page = await get("/skins/ak-47-redline", `${cookie}; currency=GBP`);
    expect(page.headers.get("X-D1-Round-Trips")).toBe("1");
    expect(await page.text()).toContain(euros(cents));
  });

  it("the edge cache keeps each currency's page under its own key", async () => {
    await storeRates();
    const cents = await redlineCents();
    const cachedEnv = { ...env, EDGE_CACHE_SECONDS: "60" };
    const visit = (cookie?: string) => fetchWorker(`https://example.com/skins/ak-47-redline?range=7`, { headers: cookie ? { Cookie: cookie } : {} }, cachedEnv);
    await visit("currency=EUR");
    const euro = await visit("currency=EUR");
    expect(euro.headers.get("X-Cache")).toBe("HIT");
    expect(await euro.text()).toContain(euros(cents));
    const dollar = await visit();
    expect(await dollar.text()).toContain(dollars(cents));
    const pound = await visit("currency=GBP");
    expect(pound.headers.get("X-Cache")).toBe("MISS");
    expect(await pound.text()).toContain("£");
  });

  it("a tracker bought for 12.50 typed in euros shows €12.50 back, and is stored in US cents with what was typed", async () => {
    await storeRates();
    const { cookie, email } = await signedInUser("currency-tracker");
    await post("/currency", { currency: "EUR", redirectTo: "/" }, { cookie });
    const created = await post("/resell-tracker/new", { skinId: "ak-47-redline", wear: "FT", boughtAt: "2026-11-02", buyPrice: "12.50" }, { cookie });
    expect(created.status).toBe(303);
    const row = await env.DB.prepare(
      "SELECT buy_price_cents, buy_currency, buy_typed_minor, buy_rate_per_usd FROM resell_trackers t JOIN users u ON u.id = t.user_id WHERE u.email = ?",
    )
      .bind(email)
      .first();
    // €12.50 at $1 = €0.80 is $15.625: 1563 cents.
    expect(row).toEqual({ buy_price_cents: 1563, buy_currency: "EUR", buy_typed_minor: 1250, buy_rate_per_usd: 0.8 });
    const list = await (await get("/resell-tracker", cookie)).text();
    expect(list).toContain("€12.50");
    // In pounds it is converted from the stored cents: $15.63 at $1 = £0.68 is £10.63.
    await post("/currency", { currency: "GBP", redirectTo: "/" }, { cookie });
    expect(await (await get("/resell-tracker", cookie)).text()).toContain("£10.63");
  });
});
