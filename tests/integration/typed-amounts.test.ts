import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PRICE_ALERT_MESSAGES } from "~/forms/price-alert";
import { createDatabase } from "~/server/db/client.server";
import { notifyPriceAlerts } from "~/server/features/price-alerts/price-alerts.server";
import { get, post, signedInUser } from "./helpers";

// Amounts a player types (a sale price, a loadout's budget, an alert's target) are read in the
// page's currency and stored in US cents with what was typed and the rate (docs/features/currency.md).

/** The ECB's euro rates of these tests: one euro buys 1.25 US dollars, 0.85 pounds and 4.30 złoty: $1 is €0.80, £0.68, PLN 3.44. */
async function storeRates(usdPerEuro = 1.25) {
  await env.DB.prepare("DELETE FROM exchange_rates").run();
  await env.DB.prepare(
    "INSERT INTO exchange_rates (currency, per_euro, rate_date, source) VALUES ('USD', ?, '2026-11-30', 'ecb'), ('EUR', 1, '2026-11-30', 'ecb'), ('GBP', 0.85, '2026-11-30', 'ecb'), ('PLN', 4.3, '2026-11-30', 'ecb')",
  )
    .bind(usdPerEuro)
    .run();
}
async function choose(cookie: string, currency: string) {
  expect((await post("/currency", { currency, redirectTo: "/" }, { cookie })).status).toBe(303);
}
/** A page's HTML without React's text separators (`<!-- -->`), as a reader sees the text. */
async function pageText(path: string, cookie: string): Promise<string> {
  return (await (await get(path, cookie)).text()).replaceAll("<!-- -->", "");
}
async function userId(email: string): Promise<string> {
  return (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: string }>())!.id;
}

describe("a tracker's sale price", () => {
  async function soldTracker(cookie: string, email: string) {
    const created = await post("/resell-tracker/new", { skinId: "ak-47-redline", wear: "FT", boughtAt: "2026-11-02", buyPrice: "12.50" }, { cookie });
    expect(created.status).toBe(303);
    const { id } = (await env.DB.prepare("SELECT t.id FROM resell_trackers t WHERE t.user_id = ?")
      .bind(await userId(email))
      .first<{ id: number }>())!;
    return id;
  }
  const saleOf = (id: number) =>
    env.DB.prepare(
      "SELECT sale_price_cents, sale_currency, sale_typed_minor, sale_rate_per_usd, sale_fee_cents, sale_fee_typed_minor FROM resell_trackers WHERE id = ?",
    )
      .bind(id)
      .first();

  it("typed in euros is stored in US cents with what was typed, shown back as typed, with the profit from the typed figures", async () => {
    await storeRates();
    const { cookie, email } = await signedInUser("typed-sale");
    await choose(cookie, "EUR");
    const id = await soldTracker(cookie, email);
    const form = await pageText(`/resell-tracker/${id}/sale`, cookie);
    expect(form).toContain(" for €12.50.");
    expect(form).toContain("Sale price (€)");

    const sold = await post(
      `/resell-tracker/${id}/sale`,
      { intent: "sell", salePrice: "20.00", soldAt: "2026-11-20", market: "other", feePercent: "8" },
      { cookie },
    );
    expect(sold.status).toBe(303);
    // €20.00 at $1 = €0.80 is $25.00; the fee, 8 %, is $2.00 of that and €1.60 of what was typed.
    expect(await saleOf(id)).toEqual({
      sale_price_cents: 2500,
      sale_currency: "EUR",
      sale_typed_minor: 2000,
      sale_rate_per_usd: 0.8,
      sale_fee_cents: 200,
      sale_fee_typed_minor: 160,
    });

    // The rate moves on ($1 is €0.90 now): what was typed in euros stays as typed, and the profit
    // is €20.00 - €1.60 - €12.50 = €5.90 (47.2 % of €12.50), as the player worked it out.
    await storeRates(1 / 0.9);
    const list = await pageText(`/resell-tracker?view=sold`, cookie);
    for (const figure of ["€12.50", "€20.00", "€1.60", "+€5.90 (+47.2%)"]) expect(list).toContain(figure);
    expect(await pageText(`/resell-tracker/${id}/sale`, cookie)).toContain('value="20.00"');

    // Saved again unchanged at the new rate, the stored amount stays (a conversion never changes one).
    const again = await post(
      `/resell-tracker/${id}/sale`,
      { intent: "sell", salePrice: "20.00", soldAt: "2026-11-20", market: "other", feePercent: "8" },
      { cookie },
    );
    expect(again.status).toBe(303);
    expect(await saleOf(id)).toMatchObject({ sale_price_cents: 2500, sale_typed_minor: 2000, sale_rate_per_usd: 0.8 });
    // Changed, it is read at the new rate: €18.00 at $1 = €0.90 is $20.00.
    await post(`/resell-tracker/${id}/sale`, { intent: "sell", salePrice: "18.00", soldAt: "2026-11-20", market: "other" }, { cookie });
    expect(await saleOf(id)).toMatchObject({
      sale_price_cents: 2000,
      sale_currency: "EUR",
      sale_typed_minor: 1800,
      sale_fee_cents: 0,
      sale_fee_typed_minor: 0,
    });

    // In US dollars the stored cents show, and the CSV export stays in US dollars.
    await choose(cookie, "USD");
    const dollars = await pageText(`/resell-tracker?view=sold`, cookie);
    expect(dollars).toContain("$20.00");
    expect(dollars).toContain("$15.63");
    const [header, row] = (await (await get("/resell-tracker.csv", cookie)).text()).trim().split(/\r?\n/);
    const cell = (name: string) => row!.split(",")[header!.split(",").indexOf(name)];
    expect([cell("Buy price"), cell("Sale price"), cell("Currency")]).toEqual(["15.63", "20", "USD"]);

    // Undone, nothing of the sale is left.
    await post(`/resell-tracker/${id}/sale`, { intent: "undo" }, { cookie });
    expect(await saleOf(id)).toEqual({
      sale_price_cents: null,
      sale_currency: null,
      sale_typed_minor: null,
      sale_rate_per_usd: null,
      sale_fee_cents: null,
      sale_fee_typed_minor: null,
    });
  });

  it("a malformed sale price in euros is refused with its message and writes nothing", async () => {
    await storeRates();
    const { cookie, email } = await signedInUser("typed-sale-bad");
    await choose(cookie, "EUR");
    const id = await soldTracker(cookie, email);
    for (const salePrice of ["abc", "1.234", "-1", "1e3"]) {
      const refused = await post(`/resell-tracker/${id}/sale`, { intent: "sell", salePrice, soldAt: "2026-11-20", market: "other" }, { cookie });
      expect(refused.status, salePrice).toBe(400);
      expect(await refused.text()).toContain("Please enter a valid sale price.");
    }
    expect(await saleOf(id)).toMatchObject({ sale_price_cents: null, sale_currency: null });
  });

  it("the edit form shows the buy price as typed and keeps the stored amount when it comes back unchanged", async () => {
    await storeRates();
    const { cookie, email } = await signedInUser("typed-buy-edit");
    await choose(cookie, "EUR");
    const id = await soldTracker(cookie, email);
    await storeRates(1 / 0.9);
    expect(await pageText(`/resell-tracker/${id}/edit`, cookie)).toContain('value="12.50"');
    const saved = await post(`/resell-tracker/${id}/edit`, { wear: "FT", boughtAt: "2026-11-02", buyPrice: "12.50", notes: "kept" }, { cookie });
    expect(saved.status).toBe(303);
    const row = () => env.DB.prepare("SELECT buy_price_cents, buy_typed_minor, buy_rate_per_usd, notes FROM resell_trackers WHERE id = ?").bind(id).first();
    expect(await row()).toEqual({ buy_price_cents: 1563, buy_typed_minor: 1250, buy_rate_per_usd: 0.8, notes: "kept" });
    // A tracker typed in US dollars, shown in euros and saved unchanged, keeps its cents too.
    await env.DB.prepare("UPDATE resell_trackers SET buy_price_cents = 1001, buy_currency = NULL, buy_typed_minor = NULL, buy_rate_per_usd = NULL WHERE id = ?")
      .bind(id)
      .run();
    // $10.01 at $1 = €0.90 is €9.009: shown as 9.01.
    expect(await pageText(`/resell-tracker/${id}/edit`, cookie)).toContain('value="9.01"');
    await post(`/resell-tracker/${id}/edit`, { wear: "FT", boughtAt: "2026-11-02", buyPrice: "9.01" }, { cookie });
    expect(await row()).toMatchObject({ buy_price_cents: 1001, buy_typed_minor: null, buy_rate_per_usd: null });
  });
});

describe("a loadout's budget", () => {
  const budgetOf = (id: number) =>
    env.DB.prepare("SELECT budget_cents, budget_currency, budget_typed_minor, budget_rate_per_usd, version FROM user_loadouts WHERE id = ?").bind(id).first();

  it("typed in euros is stored in US cents with what was typed, and shown back as typed on every page", async () => {
    await storeRates();
    const { cookie } = await signedInUser("typed-budget");
    await choose(cookie, "EUR");
    expect(await pageText("/loadouts/new", cookie)).toContain("Budget in € (optional)");
    const created = await post("/loadouts/new", { title: "Euro loadout", budget: "50" }, { cookie });
    expect(created.status).toBe(302);
    const id = Number(/\/loadouts\/edit\/(\d+)/.exec(created.headers.get("Location")!)![1]);
    // €50.00 at $1 = €0.80 is $62.50.
    expect(await budgetOf(id)).toEqual({ budget_cents: 6250, budget_currency: "EUR", budget_typed_minor: 5000, budget_rate_per_usd: 0.8, version: 1 });

    await storeRates(1 / 0.9);
    const editor = await pageText(`/loadouts/edit/${id}`, cookie);
    expect(editor).toContain('value="50.00"');
    expect(editor).toContain("€50.00");
    expect(await pageText(`/loadouts/user/${id}`, cookie)).toContain("Budget: €50.00");
    expect(await pageText("/loadouts", cookie)).toContain("Budget €50.00");
    expect(await pageText("/profile?tab=loadouts", cookie)).toContain("Budget €50.00");

    // Saved unchanged at the new rate, the budget stays as stored; changed, it is read at the new rate.
    const save = (budget: string, version: number) =>
      post(`/loadouts/edit/${id}`, { intent: "save", title: "Euro loadout", description: "", budget, version: String(version), side: "t" }, { cookie });
    expect((await save("50.00", 1)).status).toBe(302);
    expect(await budgetOf(id)).toMatchObject({ budget_cents: 6250, budget_typed_minor: 5000, budget_rate_per_usd: 0.8, version: 2 });
    expect((await save("45", 2)).status).toBe(302);
    // €45.00 at $1 = €0.90 is $50.00.
    expect(await budgetOf(id)).toMatchObject({ budget_cents: 5000, budget_currency: "EUR", budget_typed_minor: 4500, version: 3 });
    expect((await save("", 3)).status).toBe(302);
    expect(await budgetOf(id)).toEqual({ budget_cents: null, budget_currency: null, budget_typed_minor: null, budget_rate_per_usd: null, version: 4 });
    // A malformed budget is refused with its message, nothing written.
    const refused = await save("1e3", 4);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Budget must be a number.");
    expect(await budgetOf(id)).toMatchObject({ budget_cents: null, version: 4 });
  });

  it("'Fill empty slots within budget' fills to the budget as typed, at today's rate", async () => {
    await storeRates();
    const { cookie } = await signedInUser("typed-budget-fill");
    await choose(cookie, "EUR");
    const created = await post("/loadouts/new", { title: "Euro fill", budget: "50" }, { cookie });
    const id = Number(/\/loadouts\/edit\/(\d+)/.exec(created.headers.get("Location")!)![1]);
    expect(await budgetOf(id)).toMatchObject({ budget_cents: 6250, budget_typed_minor: 5000 });
    // The euro falls to $0.90: €50.00 is $45.00 today. The proposal stays within €50.00 as the page shows it.
    await storeRates(0.9);
    const fill = await get(`/loadouts/user/${id}/fill?side=both`, cookie);
    expect(fill.status).toBe(200);
    const html = (await fill.text()).replaceAll("<!-- -->", "");
    const newTotal = /data-testid="fill-new-total">€([\d,]+\.\d\d)</.exec(html)?.[1];
    expect(newTotal).toBeDefined();
    const total = Number(newTotal!.replaceAll(",", ""));
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(50);
    expect(html).not.toContain('data-testid="over-budget"');
  });

  it("without a rate for the chosen currency the budget is read as US dollars, and the page says so", async () => {
    await env.DB.prepare("DELETE FROM exchange_rates").run();
    const { cookie } = await signedInUser("typed-budget-norate");
    await choose(cookie, "EUR");
    const page = await pageText("/loadouts/new", cookie);
    expect(page).toContain("Budget in $ (optional)");
    expect(page).toContain("There is no exchange rate for Euros yet, so amounts are shown in US dollars.");
    const created = await post("/loadouts/new", { title: "Dollar loadout", budget: "50" }, { cookie });
    const id = Number(/\/loadouts\/edit\/(\d+)/.exec(created.headers.get("Location")!)![1]);
    expect(await budgetOf(id)).toMatchObject({ budget_cents: 5000, budget_currency: "USD", budget_typed_minor: 5000, budget_rate_per_usd: 1 });
  });
});

describe("a price alert's target", () => {
  const db = createDatabase(env.DB);
  const targetOf = (email: string) =>
    env.DB.prepare(
      "SELECT a.target_cents, a.target_currency, a.target_typed_minor, a.target_rate_per_usd FROM price_alerts a JOIN users u ON u.id = a.user_id WHERE u.email = ?",
    )
      .bind(email)
      .first();
  const setAlert = (cookie: string, target: string) =>
    post("/profile?tab=favorites", { intent: "set-alert", skinId: "ak-47-redline", wear: "FT", target }, { cookie });

  it("typed in euros is stored in US cents with what was typed, shown back as typed, and the mail writes it so", async () => {
    await storeRates();
    const { cookie, email } = await signedInUser("typed-alert");
    await choose(cookie, "EUR");
    expect((await post("/favorites", { intent: "add", skinId: "ak-47-redline" }, { cookie })).status).toBe(303);
    expect((await setAlert(cookie, "20")).status).toBe(303);
    // €20.00 at $1 = €0.80 is $25.00: the check compares US cents with US prices.
    expect(await targetOf(email)).toEqual({ target_cents: 2500, target_currency: "EUR", target_typed_minor: 2000, target_rate_per_usd: 0.8 });

    await storeRates(1 / 0.9);
    const profile = await pageText("/profile?tab=favorites", cookie);
    expect(profile).toContain("drops below <strong>€20.00</strong>");
    expect(profile).toContain("Target price (€)");
    expect(profile).toContain('value="20.00"');
    // Saved again unchanged, the target stays as stored.
    expect((await setAlert(cookie, "20.00")).status).toBe(303);
    expect(await targetOf(email)).toMatchObject({ target_cents: 2500, target_rate_per_usd: 0.8 });

    // The price crosses the target: the mail, in the player's currency, writes the target as typed.
    await env.DB.prepare("UPDATE skin_wears SET price_cents = 3000 WHERE skin_id = 'ak-47-redline' AND wear = 'FT'").run();
    await notifyPriceAlerts(db, { appOrigin: "https://skinvault.example" });
    await env.DB.prepare("UPDATE skin_wears SET price_cents = 2400 WHERE skin_id = 'ak-47-redline' AND wear = 'FT'").run();
    await notifyPriceAlerts(db, { appOrigin: "https://skinvault.example" });
    const mail = await env.DB.prepare(`SELECT text FROM mail_outbox WHERE "to" = ? AND subject LIKE 'Price alert:%'`).bind(email).first<{ text: string }>();
    expect(mail?.text).toContain("dropped below your target of €20.00.");
  });

  it("a target worth less than a US cent, or malformed, is refused with its message and writes nothing", async () => {
    await storeRates();
    const { cookie, email } = await signedInUser("typed-alert-small");
    await choose(cookie, "PLN");
    expect((await post("/favorites", { intent: "add", skinId: "ak-47-redline" }, { cookie })).status).toBe(303);
    // PLN 0.01 at $1 = PLN 3.44 is a third of a US cent.
    for (const [target, message] of [
      ["0.01", PRICE_ALERT_MESSAGES.targetTooSmall],
      ["abc", PRICE_ALERT_MESSAGES.target],
      ["1.234", PRICE_ALERT_MESSAGES.targetCents],
    ]) {
      const refused = await setAlert(cookie, target!);
      expect(refused.status, target).toBe(400);
      expect(await refused.text()).toContain(message);
    }
    expect(await targetOf(email)).toBeNull();
    // PLN 0.02 is $0.0058: one cent.
    expect((await setAlert(cookie, "0.02")).status).toBe(303);
    expect(await targetOf(email)).toEqual({ target_cents: 1, target_currency: "PLN", target_typed_minor: 2, target_rate_per_usd: 3.44 });
  });
});
