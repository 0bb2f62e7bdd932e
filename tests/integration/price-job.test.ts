import { env } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAX_DRIFT } from "~/domain/price-drift";
import { historyCutoffDay, utcDay } from "~/domain/price-history";
import { MAX_FEED_BYTES } from "~/server/jobs/price-feed-fetch.server";
import { runPriceJob, type PriceJobResult } from "~/server/jobs/price-job.server";
import { PRICE_LEASE_MS } from "~/server/jobs/price-lease.server";
import { DEMO_FEED } from "~/server/jobs/price-plan.server";
import { runScheduled, SCHEDULES } from "~/server/jobs/scheduled.server";
import { withFaults } from "./faults";
import { casePageValue, collectingWarnings, get, listedCaseValue, post, signedInUser } from "./helpers";

const PROVIDER = env.TEST_PRICE_FEED;
const FEED_URL = `${PROVIDER}/v1/items?app_id=730&currency=USD`;
const FEED = new URL(FEED_URL).host;
const feedEnv = { ...env, PRICE_FEED_URL: FEED_URL, PRICE_FEED_TIMEOUT_MS: "300" };
const demoEnv = { ...env, PRICE_FEED_URL: undefined };
/** The seed's `last_price_update` (tests/integration/vitest.config.ts). */
const SEEDED_UPDATE = Date.UTC(2026, 0, 1);
const NOW = Date.UTC(2026, 10, 23, 18, 0, 0);
const TODAY = utcDay(NOW);

async function control(body: Record<string, unknown>) {
  await (await fetch(`${PROVIDER}/__control`, { method: "POST", body: JSON.stringify(body) })).text();
}
async function feedFetches(): Promise<number> {
  return (await (await fetch(`${PROVIDER}/__log`)).json<{ fetches: number }>()).fetches;
}
/** A feed item as Skinport's /v1/items lists it (prices in dollars). */
function item(name: string, minPrice: number | null, suggestedPrice: number | null = null, currency = "USD") {
  return {
    market_hash_name: name,
    currency,
    suggested_price: suggestedPrice,
    item_page: `https://skinport.com/item/${encodeURIComponent(name)}`,
    market_page: `https://skinport.com/market?item=${encodeURIComponent(name)}`,
    min_price: minPrice,
    max_price: minPrice,
    mean_price: minPrice,
    median_price: minPrice,
    quantity: minPrice === null ? 0 : 4,
    created_at: 1_535_988_253,
    updated_at: 1_763_900_000,
  };
}

async function price(skinId: string, wear: string): Promise<number> {
  const row = await env.DB.prepare("SELECT price_cents FROM skin_wears WHERE skin_id = ? AND wear = ?").bind(skinId, wear).first<{ price_cents: number }>();
  return row!.price_cents;
}
async function variantPrices(): Promise<Record<string, number>> {
  const rows = (
    await env.DB.prepare("SELECT skin_id, variant, wear, price_cents FROM skin_variant_prices").all<{
      skin_id: string;
      variant: string;
      wear: string;
      price_cents: number;
    }>()
  ).results;
  return Object.fromEntries(rows.map((r) => [`${r.skin_id} ${r.variant} ${r.wear}`, r.price_cents]));
}
async function history(): Promise<Record<string, number>> {
  const rows = (
    await env.DB.prepare("SELECT skin_id, variant, wear, day, price_cents FROM price_history").all<{
      skin_id: string;
      variant: string;
      wear: string;
      day: string;
      price_cents: number;
    }>()
  ).results;
  return Object.fromEntries(rows.map((r) => [`${r.skin_id} ${r.variant} ${r.wear} ${r.day}`, r.price_cents]));
}
async function skin(id: string) {
  return env.DB.prepare("SELECT last_price_update, price_source FROM skins WHERE id = ?").bind(id).first<{ last_price_update: number; price_source: string }>();
}
async function feedRun(feed = FEED) {
  return env.DB.prepare("SELECT * FROM price_feed_runs WHERE feed = ?").bind(feed).first<{
    lease_until: number | null;
    last_run_at: number | null;
    last_success_at: number | null;
    last_error: string | null;
    matched: number;
    unmatched: number;
    unchanged: number;
  }>();
}
async function phoenixValue() {
  return env.DB.prepare(
    "SELECT expected_cents, coverage, updated_at FROM case_values WHERE crate_id = (SELECT id FROM crates WHERE slug = 'operation-phoenix-weapon-case')",
  ).first<{
    expected_cents: number;
    coverage: number;
    updated_at: number;
  }>();
}
function done(result: PriceJobResult) {
  if (result.status !== "done") throw new Error(`run ${result.status}: ${"error" in result ? result.error : result.reason}`);
  return result;
}

const ITEM_TABLES = { sticker: "stickers", crate: "crates", key: "case_keys" } as const;
type ItemKind = keyof typeof ITEM_TABLES;
async function itemRow(kind: ItemKind, id: number) {
  return env.DB.prepare(`SELECT price_cents, last_price_update, price_source FROM ${ITEM_TABLES[kind]} WHERE id = ?`)
    .bind(id)
    .first<{ price_cents: number; last_price_update: number; price_source: string }>();
}
async function itemHistory(): Promise<Record<string, number>> {
  const rows = (
    await env.DB.prepare("SELECT kind, item_id, day, price_cents FROM item_price_history").all<{
      kind: string;
      item_id: number;
      day: string;
      price_cents: number;
    }>()
  ).results;
  return Object.fromEntries(rows.map((r) => [`${r.kind} ${r.item_id} ${r.day}`, r.price_cents]));
}

async function vanillaKnife(name: string) {
  return env.DB.prepare("SELECT id, price_cents, stattrak_price_cents, last_price_update, price_source FROM vanilla_knives WHERE name = ?")
    .bind(name)
    .first<{ id: number; price_cents: number; stattrak_price_cents: number; last_price_update: number; price_source: string }>();
}

/** The seeded prices, put back before each test (the tests of a file share one D1). */
let seededWears = "[]";
let seededKnives = "[]";
const seededItems: Record<ItemKind, string> = { sticker: "[]", crate: "[]", key: "[]" };
beforeAll(async () => {
  const rows = (await env.DB.prepare("SELECT skin_id, wear, price_cents FROM skin_wears").all<{ skin_id: string; wear: string; price_cents: number }>())
    .results;
  seededWears = JSON.stringify(rows.map((r) => [r.skin_id, r.wear, r.price_cents]));
  for (const [kind, table] of Object.entries(ITEM_TABLES) as [ItemKind, string][]) {
    const items = (await env.DB.prepare(`SELECT id, price_cents FROM ${table}`).all<{ id: number; price_cents: number }>()).results;
    seededItems[kind] = JSON.stringify(items.map((r) => [r.id, r.price_cents]));
  }
  const knives = (
    await env.DB.prepare("SELECT id, price_cents, stattrak_price_cents FROM vanilla_knives").all<{
      id: number;
      price_cents: number;
      stattrak_price_cents: number;
    }>()
  ).results;
  seededKnives = JSON.stringify(knives.map((r) => [r.id, r.price_cents, r.stattrak_price_cents]));
});
beforeEach(async () => {
  await env.DB.batch([
    env.DB.prepare(
      `UPDATE skin_wears SET price_cents = json_extract(seed.value, '$[2]') FROM json_each(?1) AS seed
       WHERE skin_wears.skin_id = json_extract(seed.value, '$[0]') AND skin_wears.wear = json_extract(seed.value, '$[1]')`,
    ).bind(seededWears),
    env.DB.prepare("UPDATE skins SET last_price_update = ?1, price_source = 'demo'").bind(SEEDED_UPDATE),
    env.DB.prepare("DELETE FROM skin_variant_prices"),
    env.DB.prepare("DELETE FROM price_history"),
    env.DB.prepare("DELETE FROM price_feed_runs"),
    env.DB.prepare("DELETE FROM item_price_history"),
    ...(Object.entries(ITEM_TABLES) as [ItemKind, string][]).map(([kind, table]) =>
      env.DB.prepare(
        `UPDATE ${table} SET price_cents = json_extract(seed.value, '$[1]'), last_price_update = ?2, price_source = 'demo' FROM json_each(?1) AS seed
         WHERE ${table}.id = json_extract(seed.value, '$[0]')`,
      ).bind(seededItems[kind], SEEDED_UPDATE),
    ),
    env.DB.prepare(
      `UPDATE vanilla_knives SET price_cents = json_extract(seed.value, '$[1]'), stattrak_price_cents = json_extract(seed.value, '$[2]'),
       last_price_update = ?2, price_source = 'demo' FROM json_each(?1) AS seed WHERE vanilla_knives.id = json_extract(seed.value, '$[0]')`,
    ).bind(seededKnives, SEEDED_UPDATE),
  ]);
  await control({ mode: "ok", items: [], delayMs: 0, reset: true });
});

describe("the price job reading the feed", () => {
  const FULL_FEED = [
    item("AK-47 | Redline (Field-Tested)", 25.5, 27.1),
    item("StatTrak™ AK-47 | Redline (Minimal Wear)", 80),
    item("Souvenir AWP | Dragon Lore (Factory New)", 12000),
    item("★ Karambit | Doppler (Factory New)", 1100),
    item("★ Sport Gloves | Vice (Field-Tested)", null, 900.12), // no listing: the suggested price
    item("AK-47 | Redline (Well-Worn)", 22.62), // the stored price already
    item("AK-47 | Redline (Battle-Scarred)", null, null), // no price at all: the stored one stays
    item("AK-47 | Redline (Factory New)", 99), // Redline has no Factory New
    item("Sticker | Titan (Holo) | Katowice 2014", 65000),
    item("★ Karambit", 700), // a vanilla knife (no finish): its normal price
    item("★ StatTrak™ Karambit", 820.5), // and its StatTrak™ price
    item("Kilowatt Case", 1.02),
    item("Operation Riptide Pass", 14), // not in the catalogue
  ];

  it("writes prices in cents, StatTrak and Souvenir rows, last_price_update, today's history and the counts", async () => {
    await control({ mode: "ok", items: FULL_FEED });
    const phoenixBefore = await phoenixValue();
    const result = done(await runPriceJob(env.DB, feedEnv, NOW));
    expect(result).toMatchObject({ matched: 11, unmatched: 2, unchanged: 2, casesValued: 42 });

    // AK-47 | Redline and the vanilla Karambit drop from the Operation Phoenix case: its stored
    // expected value is worked out again, and the list of cases shows what the case's page computes.
    expect(await phoenixValue()).not.toEqual(phoenixBefore);
    expect((await phoenixValue())!.updated_at).toBe(NOW);
    expect(listedCaseValue(await (await get("/cases")).text(), "operation-phoenix-weapon-case")).toBe(await casePageValue("operation-phoenix-weapon-case"));

    expect(await price("ak-47-redline", "FT")).toBe(2550);
    expect(await price("ak-47-redline", "WW")).toBe(2262);
    expect(await price("ak-47-redline", "BS")).toBe(1939);
    expect(await price("sport-gloves-vice", "FT")).toBe(90012);
    // One market name for every Doppler phase: the regular phases take it, the gems keep theirs.
    for (const phase of [1, 2, 3, 4]) expect(await price(`karambit-doppler-phase-${phase}`, "FN")).toBe(110000);
    expect(await price("karambit-doppler-ruby", "FN")).toBe(57049);
    expect(await variantPrices()).toEqual({ "ak-47-redline stattrak MW": 8000, "awp-dragon-lore souvenir FN": 1200000 });

    expect(await skin("ak-47-redline")).toEqual({ last_price_update: NOW, price_source: FEED });
    expect(await skin("karambit-doppler-phase-3")).toEqual({ last_price_update: NOW, price_source: FEED });
    expect(await skin("karambit-doppler-ruby")).toEqual({ last_price_update: SEEDED_UPDATE, price_source: "demo" });
    expect(await skin("awp-asiimov")).toEqual({ last_price_update: SEEDED_UPDATE, price_source: "demo" });

    expect(await history()).toEqual({
      [`ak-47-redline normal FT ${TODAY}`]: 2550,
      [`ak-47-redline normal WW ${TODAY}`]: 2262,
      [`ak-47-redline stattrak MW ${TODAY}`]: 8000,
      [`awp-dragon-lore souvenir FN ${TODAY}`]: 1200000,
      [`sport-gloves-vice normal FT ${TODAY}`]: 90012,
      ...Object.fromEntries([1, 2, 3, 4].map((phase) => [`karambit-doppler-phase-${phase} normal FN ${TODAY}`, 110000])),
    });
    expect(await vanillaKnife("Karambit")).toMatchObject({ price_cents: 70000, stattrak_price_cents: 82050, last_price_update: NOW, price_source: FEED });
    expect(await feedRun()).toMatchObject({
      matched: 11,
      unmatched: 2,
      unchanged: 2,
      last_error: null,
      lease_until: null,
      last_run_at: NOW,
      last_success_at: NOW,
    });

    // The skin page shows the new price and when it came.
    const page = await (await get("/skins/ak-47-redline")).text();
    expect(page).toContain("$25.50");
    expect(page).toContain("November 23, 2026, 18:00 UTC");
  });

  it("a second run with the same feed changes nothing and counts everything unchanged", async () => {
    await control({ mode: "ok", items: FULL_FEED });
    done(await runPriceJob(env.DB, feedEnv, NOW));
    const before = await history();
    const again = done(await runPriceJob(env.DB, feedEnv, NOW + 600_000));
    expect(again).toMatchObject({ matched: 11, unchanged: 11, written: 0, changedSkinIds: [] });
    expect((await skin("ak-47-redline"))!.last_price_update).toBe(NOW);
    expect(await history()).toEqual(before);
  });

  it("a later price of the same day replaces the day's history row; a new day adds one", async () => {
    await control({ mode: "ok", items: [item("AK-47 | Redline (Field-Tested)", 25.5)] });
    done(await runPriceJob(env.DB, feedEnv, NOW));
    await control({ mode: "ok", items: [item("AK-47 | Redline (Field-Tested)", 26)] });
    done(await runPriceJob(env.DB, feedEnv, NOW + 600_000));
    expect(await history()).toEqual({ [`ak-47-redline normal FT ${TODAY}`]: 2600 });
    done(await runPriceJob(env.DB, feedEnv, NOW + 86_400_000));
    expect(await history()).toEqual({ [`ak-47-redline normal FT ${TODAY}`]: 2600, [`ak-47-redline normal FT ${utcDay(NOW + 86_400_000)}`]: 2600 });
  });

  it("a partial feed leaves the prices it does not name as they are", async () => {
    await control({ mode: "ok", items: [item("AK-47 | Redline (Field-Tested)", 25.5), item("AK-47 | Redline (Minimal Wear)", 40)] });
    done(await runPriceJob(env.DB, feedEnv, NOW));
    await control({ mode: "ok", items: [item("AK-47 | Redline (Field-Tested)", 24)] });
    expect(done(await runPriceJob(env.DB, feedEnv, NOW + 600_000))).toMatchObject({ matched: 1, unmatched: 0, unchanged: 0 });
    expect(await price("ak-47-redline", "FT")).toBe(2400);
    expect(await price("ak-47-redline", "MW")).toBe(4000);
    expect(await price("awp-asiimov", "FT")).toBe(1550);
  });
});

describe("stickers, containers and keys from the feed", () => {
  const TITAN_HOLO = 1917; // "Titan (Holo) | Katowice 2014"
  const HARP_HOLO = 1947; // "Harp of War (Holo)", a Community Sticker Capsule 1 sticker
  const CROWN_FOIL = 1880;
  const MIRAGE_GOLD = [8444, 12009]; // two catalogue stickers named "Mirage (Gold)"
  const KILOWATT_CASE = 11422;
  const PARIS_LEGENDS_CAPSULE = 9487;
  const SOUVENIR_PACKAGE = 9147; // ESL One Cologne 2014 Dust II Souvenir Package
  const KILOWATT_KEY = 11423;

  it("writes their prices, last_price_update, source and today's history; ambiguous and unknown names are counted and written nowhere", async () => {
    const mirageBefore = await Promise.all(MIRAGE_GOLD.map((id) => itemRow("sticker", id)));
    await control({
      mode: "ok",
      items: [
        item("Sticker | Titan (Holo) | Katowice 2014", 650.5),
        item("Sticker | Harp of War (Holo)", 2.25),
        item("Sticker | Crown (Foil)", null, null), // no price: the stored one stays
        item("Kilowatt Case", 1.02),
        item("Paris 2023 Legends Sticker Capsule", 0.31),
        item("ESL One Cologne 2014 Dust II Souvenir Package", null, 410), // no listing: the suggested price
        item("Kilowatt Case Key", 2.49),
        item("Sticker | Mirage (Gold)", 3), // two catalogue stickers: refused
        item("Sticker | Harp of War", 1), // no such sticker; never the nearest name
        item("Sticker | Titan (Holo) | Katowice 2013", 1), // no such event
      ],
    });
    const result = done(await runPriceJob(env.DB, feedEnv, NOW));
    expect(result).toMatchObject({ matched: 7, unmatched: 3, unchanged: 1, written: 6, changedSkinIds: [] });
    const priced = { last_price_update: NOW, price_source: FEED };
    expect(await itemRow("sticker", TITAN_HOLO)).toEqual({ price_cents: 65050, ...priced });
    expect(await itemRow("sticker", HARP_HOLO)).toEqual({ price_cents: 225, ...priced });
    expect(await itemRow("crate", KILOWATT_CASE)).toEqual({ price_cents: 102, ...priced });
    expect(await itemRow("crate", PARIS_LEGENDS_CAPSULE)).toEqual({ price_cents: 31, ...priced });
    expect(await itemRow("crate", SOUVENIR_PACKAGE)).toEqual({ price_cents: 41000, ...priced });
    expect(await itemRow("key", KILOWATT_KEY)).toEqual({ price_cents: 249, ...priced });
    expect((await itemRow("sticker", CROWN_FOIL))!.price_source).toBe("demo");
    expect(await Promise.all(MIRAGE_GOLD.map((id) => itemRow("sticker", id)))).toEqual(mirageBefore);
    expect(await itemHistory()).toEqual({
      [`sticker ${TITAN_HOLO} ${TODAY}`]: 65050,
      [`sticker ${HARP_HOLO} ${TODAY}`]: 225,
      [`crate ${KILOWATT_CASE} ${TODAY}`]: 102,
      [`crate ${PARIS_LEGENDS_CAPSULE} ${TODAY}`]: 31,
      [`crate ${SOUVENIR_PACKAGE} ${TODAY}`]: 41000,
      [`key ${KILOWATT_KEY} ${TODAY}`]: 249,
    });
    expect(await history()).toEqual({});
  });
});

describe("vanilla knives from the feed", () => {
  it("'★ Karambit' and '★ StatTrak™ Karambit' price the vanilla Karambit by its exact name, with history; the cases that drop it are valued again", async () => {
    const karambit = (await vanillaKnife("Karambit"))!;
    const bayonet = (await vanillaKnife("Bayonet"))!;
    await control({
      mode: "ok",
      items: [
        item("★ Karambit", 650),
        item("★ StatTrak™ Karambit", 812.34),
        item("★ Bayonet", bayonet.price_cents / 100), // the stored price already
        item("★ StatTrak™ Bayonet", null, null), // no price: the stored one stays
        item("★ M9 Bayonet", 400), // no vanilla knife of a case in the catalogue: unmatched
        item("Karambit", 650), // without the star no knife's name
      ],
    });
    const phoenixBefore = await phoenixValue();
    const result = done(await runPriceJob(env.DB, feedEnv, NOW));
    expect(result).toMatchObject({ matched: 4, unmatched: 2, unchanged: 2, written: 2, changedSkinIds: [], casesValued: 42 });
    expect(await vanillaKnife("Karambit")).toEqual({
      id: karambit.id,
      price_cents: 65000,
      stattrak_price_cents: 81234,
      last_price_update: NOW,
      price_source: FEED,
    });
    // Its price confirmed, the Bayonet's source is the feed; its StatTrak™ price stays, and nothing changed.
    expect(await vanillaKnife("Bayonet")).toEqual({ ...bayonet, last_price_update: SEEDED_UPDATE, price_source: FEED });
    expect(await itemHistory()).toEqual({
      [`vanilla_knife ${karambit.id} ${TODAY}`]: 65000,
      [`vanilla_knife_stattrak ${karambit.id} ${TODAY}`]: 81234,
      [`vanilla_knife ${bayonet.id} ${TODAY}`]: bayonet.price_cents,
    });
    expect(await history()).toEqual({});
    // The Operation Phoenix case drops the vanilla Karambit: its stored value moves, as its page's.
    expect((await phoenixValue())!.expected_cents).not.toBe(phoenixBefore!.expected_cents);
    const slug = "operation-phoenix-weapon-case";
    expect(listedCaseValue(await (await get("/cases")).text(), slug)).toBe(await casePageValue(slug));

    const again = done(await runPriceJob(env.DB, feedEnv, NOW + 600_000));
    expect(again).toMatchObject({ matched: 4, unchanged: 4, written: 0 });
    expect((await vanillaKnife("Karambit"))!.last_price_update).toBe(NOW);
  });
});

describe("feed faults change no price and keep the error", () => {
  const GOOD = [item("AK-47 | Redline (Field-Tested)", 25.5), item("Sticker | Harp of War (Holo)", 2.25)];

  async function expectFault(setup: Record<string, unknown>, error: RegExp) {
    await control({ mode: "ok", items: GOOD });
    done(await runPriceJob(env.DB, feedEnv, NOW));
    await control({ items: [item("AK-47 | Redline (Field-Tested)", 99), item("Sticker | Harp of War (Holo)", 9)], ...setup });
    const result = await runPriceJob(env.DB, feedEnv, NOW + 600_000);
    expect(result.status).toBe("failed");
    expect(await price("ak-47-redline", "FT")).toBe(2550);
    expect(await history()).toEqual({ [`ak-47-redline normal FT ${TODAY}`]: 2550 });
    expect(await itemRow("sticker", 1947)).toEqual({ price_cents: 225, last_price_update: NOW, price_source: FEED });
    expect(await itemHistory()).toEqual({ [`sticker 1947 ${TODAY}`]: 225 });
    const run = await feedRun();
    expect(run).toMatchObject({ last_run_at: NOW + 600_000, last_success_at: NOW, lease_until: null });
    expect(run!.last_error).toMatch(error);
    // The next good run clears the error.
    await control({ mode: "ok", items: GOOD });
    done(await runPriceJob(env.DB, feedEnv, NOW + 1_200_000));
    expect((await feedRun())!.last_error).toBeNull();
  }

  it("a provider error (5xx)", () => expectFault({ mode: "fail" }, /503/));
  it("a timeout", () => expectFault({ mode: "hang" }, /timeout/i));
  it("an answer that is not JSON", () => expectFault({ mode: "garbage" }, /not JSON/));
  it("JSON of the wrong shape", () => expectFault({ mode: "shape" }, /wrong shape/));
  it("a price that is not a number", () =>
    expectFault({ mode: "ok", items: [{ ...item("AK-47 | Redline (Field-Tested)", 1), min_price: "12.00" }] }, /wrong shape: 0\.min_price/));
  it("another currency than USD", () =>
    expectFault({ mode: "ok", items: [item("AK-47 | Redline (Field-Tested)", 20, null, "EUR")] }, /wrong shape: 0\.currency: expected currency USD/));
  it("more malformed items than a hundredth of the feed", () =>
    expectFault(
      { mode: "ok", items: [...GOOD, { ...item("AWP | Asiimov (Field-Tested)", 20_000_000) }] },
      /wrong shape: 2\.min_price: .* \(1 of 3 items malformed\)$/,
    ));

  // A body that never ends, or says it is too long, is not read past the cap (a slower timeout: the
  // stand-in sends megabytes).
  const patient = { ...feedEnv, PRICE_FEED_TIMEOUT_MS: "15000" };
  it("a body larger than the cap: reading stops there", async () => {
    await control({ mode: "ok", items: GOOD });
    done(await runPriceJob(env.DB, feedEnv, NOW));
    await control({ mode: "huge", bytes: 4 * MAX_FEED_BYTES });
    const result = await runPriceJob(env.DB, patient, NOW + 600_000);
    expect(result).toMatchObject({ status: "failed", error: `Feed is larger than the ${MAX_FEED_BYTES} bytes a run reads (too large); reading stopped there` });
    expect(await price("ak-47-redline", "FT")).toBe(2550);
    expect(await feedRun()).toMatchObject({
      last_run_at: NOW + 600_000,
      last_success_at: NOW,
      lease_until: null,
      last_error: result.status === "failed" && result.error,
    });
  });
  it("a Content-Length above the cap: the body is never read", async () => {
    await control({ mode: "declared", bytes: MAX_FEED_BYTES + 1 });
    const result = await runPriceJob(env.DB, { ...feedEnv, PRICE_FEED_TIMEOUT_MS: "2000" }, NOW);
    expect(result).toMatchObject({
      status: "failed",
      error: `Feed declares ${MAX_FEED_BYTES + 1} bytes, more than the ${MAX_FEED_BYTES} a run reads (too large)`,
    });
    expect(await feedRun()).toMatchObject({
      last_run_at: NOW,
      last_success_at: null,
      lease_until: null,
      last_error: result.status === "failed" && result.error,
    });
  });

  it("one listing's odd price among a hundred items is skipped with a warning; every other price is written", async () => {
    const unknown = Array.from({ length: 100 }, (_, n) => item(`Sticker | Not In The Catalogue ${n}`, 1));
    const absurd = item("AWP | Asiimov (Field-Tested)", 20_000_000);
    await control({ mode: "ok", items: [...unknown.slice(0, 50), absurd, ...GOOD, ...unknown.slice(50)], reset: true });
    const { result, warnings } = await collectingWarnings(() => runPriceJob(env.DB, feedEnv, NOW));
    expect(done(result)).toMatchObject({ matched: 2, unmatched: 100 });
    expect(warnings).toEqual([
      expect.stringMatching(new RegExp(`^\\[prices\\] ${FEED}: 1 malformed item skipped \\(50\\.min_price: .*\\); the others are priced$`)),
    ]);
    expect(await price("ak-47-redline", "FT")).toBe(2550);
    expect(await itemRow("sticker", 1947)).toEqual({ price_cents: 225, last_price_update: NOW, price_source: FEED });
    expect((await skin("awp-asiimov"))!.price_source).toBe("demo");
    expect(await feedRun()).toMatchObject({ last_success_at: NOW, last_error: null, matched: 2, unmatched: 100 });
  });
});

describe("overlapping runs", () => {
  it("two runs at once: one does the work, the other skips; the result is written once", async () => {
    await control({ mode: "ok", items: [item("AK-47 | Redline (Field-Tested)", 25.5)], delayMs: 200, reset: true });
    const results = await Promise.all([runPriceJob(env.DB, feedEnv, NOW), runPriceJob(env.DB, feedEnv, NOW + 1)]);
    expect(results.map((r) => r.status).sort()).toEqual(["done", "skipped"]);
    expect(await feedFetches()).toBe(1);
    expect(await price("ak-47-redline", "FT")).toBe(2550);
    expect(await history()).toEqual({ [`ak-47-redline normal FT ${TODAY}`]: 2550 });
    // The lease is given back: the next run works (answered at once: 200 ms of 300 left no room on a busy machine).
    await control({ delayMs: 0 });
    expect((await runPriceJob(env.DB, feedEnv, NOW + 600_000)).status).toBe("done");
  });

  it("a run that outlived its lease writes nothing: the newer run that took the lease keeps its prices", async () => {
    const KILOWATT_CASE = 11422;
    await control({ mode: "ok", items: [item("AK-47 | Redline (Field-Tested)", 25.5), item("Kilowatt Case", 1.02)] });
    let tookOver = false;
    // The slow run has its feed and is about to write; meanwhile its lease expired, and the next
    // run took the feed, read newer prices and wrote them.
    const slow = withFaults({
      before: async (query) => {
        if (tookOver || !query.includes('insert into "price_history"')) return;
        tookOver = true;
        await control({ items: [item("AK-47 | Redline (Field-Tested)", 30), item("Kilowatt Case", 1.5)] });
        done(await runPriceJob(env.DB, feedEnv, NOW + PRICE_LEASE_MS));
      },
    });
    const stale = await runPriceJob(slow.env.DB, feedEnv, NOW);
    expect(tookOver).toBe(true);
    expect(stale.status).toBe("failed");
    expect("error" in stale && stale.error).toMatch(/outlived its 5-minute lease, which another run took; it wrote no price$/);
    expect(await price("ak-47-redline", "FT")).toBe(3000);
    expect(await history()).toEqual({ [`ak-47-redline normal FT ${TODAY}`]: 3000 });
    expect(await itemRow("crate", KILOWATT_CASE)).toMatchObject({ price_cents: 150, last_price_update: NOW + PRICE_LEASE_MS });
    expect(await itemHistory()).toEqual({ [`crate ${KILOWATT_CASE} ${TODAY}`]: 150 });
    // The record stays the newer run's (its times, counts and released lease); the error says what happened.
    const run = await feedRun();
    expect(run).toMatchObject({ last_run_at: NOW + PRICE_LEASE_MS, last_success_at: NOW + PRICE_LEASE_MS, lease_until: null, matched: 2, unchanged: 0 });
    expect(run!.last_error).toMatch(/^The run started at 2026-11-23T18:00:00.000Z outlived its 5-minute lease/);
  });

  it("a lease left by a crashed run expires", async () => {
    await control({ mode: "ok", items: [item("AK-47 | Redline (Field-Tested)", 25.5)] });
    await env.DB.prepare("INSERT INTO price_feed_runs (feed, lease_until) VALUES (?, ?)")
      .bind(FEED, NOW + 60_000)
      .run();
    expect((await runPriceJob(env.DB, feedEnv, NOW)).status).toBe("skipped");
    expect((await runPriceJob(env.DB, feedEnv, NOW + 60_000)).status).toBe("done");
  });
});

describe("history retention", () => {
  it(`a run deletes history rows older than the kept window (cut-off ${historyCutoffDay(NOW)})`, async () => {
    const cutoff = historyCutoffDay(NOW);
    const dayBefore = utcDay(Date.parse(`${cutoff}T00:00:00Z`) - 86_400_000);
    await env.DB.batch(
      [dayBefore, cutoff, "2025-01-01"].map((day) =>
        env.DB.prepare("INSERT INTO price_history (skin_id, variant, wear, day, price_cents) VALUES ('awp-asiimov', 'normal', 'FT', ?, 1500)").bind(day),
      ),
    );
    await control({ mode: "ok", items: [item("AK-47 | Redline (Field-Tested)", 25.5)] });
    done(await runPriceJob(env.DB, feedEnv, NOW));
    expect(await history()).toEqual({ [`awp-asiimov normal FT ${cutoff}`]: 1500, [`ak-47-redline normal FT ${TODAY}`]: 2550 });
  });
});

describe("the local demo drift (no PRICE_FEED_URL)", () => {
  it("moves every demo price by at most 3 %, writes today's history, and moves last_price_update", async () => {
    const before = new Map((JSON.parse(seededWears) as [string, string, number][]).map(([id, wear, cents]) => [`${id} ${wear}`, cents]));
    const result = done(await runPriceJob(env.DB, demoEnv, NOW));
    expect(result.feed).toBe(DEMO_FEED);
    const rows = (
      await env.DB.prepare("SELECT skin_id, wear, enabled, price_cents FROM skin_wears").all<{
        skin_id: string;
        wear: string;
        enabled: number;
        price_cents: number;
      }>()
    ).results;
    let moved = 0;
    for (const row of rows) {
      const was = before.get(`${row.skin_id} ${row.wear}`)!;
      if (was === 0 || !row.enabled) {
        expect(row.price_cents).toBe(was); // no data stays no data
        continue;
      }
      if (row.price_cents !== was) moved++;
      expect(row.price_cents).toBeGreaterThanOrEqual(Math.max(3, Math.floor(was * (1 - MAX_DRIFT))));
      expect(row.price_cents).toBeLessThanOrEqual(Math.max(3, Math.ceil(was * (1 + MAX_DRIFT))));
    }
    const priced = rows.filter((row) => row.enabled && row.price_cents > 0).length;
    expect(moved).toBeGreaterThan(priced / 2); // a few cents moved by under 3 % can round to the same cent
    // Stickers, containers and keys drift alike, within 3 %, with today's history.
    let items = 0;
    let itemsMoved = 0;
    for (const [kind, table] of Object.entries(ITEM_TABLES) as [ItemKind, string][]) {
      const now = new Map(
        (await env.DB.prepare(`SELECT id, price_cents FROM ${table}`).all<{ id: number; price_cents: number }>()).results.map((r) => [r.id, r.price_cents]),
      );
      for (const [id, was] of JSON.parse(seededItems[kind]) as [number, number][]) {
        const cents = now.get(id)!;
        if (was === 0) {
          expect(cents).toBe(0);
          continue;
        }
        items++;
        if (cents !== was) itemsMoved++;
        expect(Math.abs(cents - was)).toBeLessThanOrEqual(Math.max(1, Math.ceil(was * MAX_DRIFT)));
      }
    }
    expect(itemsMoved).toBeGreaterThan(items / 2);
    const rowsMoved = itemsMoved;
    // Vanilla knives too, their normal and StatTrak™ prices.
    const knivesNow = new Map(
      (
        await env.DB.prepare("SELECT id, price_cents, stattrak_price_cents FROM vanilla_knives").all<{
          id: number;
          price_cents: number;
          stattrak_price_cents: number;
        }>()
      ).results.map((r) => [r.id, r]),
    );
    let knivesMoved = 0;
    for (const [id, ...was] of JSON.parse(seededKnives) as [number, number, number][]) {
      const now = knivesNow.get(id)!;
      const moved = [now.price_cents, now.stattrak_price_cents].filter((cents, i) => cents !== was[i]).length;
      [now.price_cents, now.stattrak_price_cents].forEach((cents, i) => expect(Math.abs(cents - was[i]!)).toBeLessThanOrEqual(Math.ceil(was[i]! * MAX_DRIFT)));
      items += 2;
      itemsMoved += moved;
      if (moved > 0) knivesMoved++;
    }
    expect(knivesMoved).toBeGreaterThan(0);
    expect(Object.keys(await itemHistory())).toHaveLength(items);
    const stamped = await env.DB.prepare(
      "SELECT (SELECT count(*) FROM stickers WHERE last_price_update = ?1) + (SELECT count(*) FROM crates WHERE last_price_update = ?1) + (SELECT count(*) FROM case_keys WHERE last_price_update = ?1) AS n",
    )
      .bind(NOW)
      .first<{ n: number }>();
    const knivesStamped = await env.DB.prepare("SELECT count(*) AS n FROM vanilla_knives WHERE last_price_update = ?").bind(NOW).first<{ n: number }>();
    // last_price_update moves with the price
    expect(stamped!.n).toBe(rowsMoved);
    expect(knivesStamped!.n).toBe(knivesMoved);
    expect(result).toMatchObject({ matched: priced + items, unmatched: 0, unchanged: priced - moved + items - itemsMoved });
    const historyRows = await env.DB.prepare("SELECT count(*) AS n FROM price_history WHERE day = ?").bind(TODAY).first<{ n: number }>();
    expect(historyRows!.n).toBe(priced);
    expect(await skin("ak-47-redline")).toEqual({ last_price_update: NOW, price_source: "demo" });
    expect(await feedRun(DEMO_FEED)).toMatchObject({ matched: priced + items, last_error: null, last_success_at: NOW });
  });

  it("moves once a minute, and leaves skins a feed has priced alone", async () => {
    await env.DB.prepare("UPDATE skins SET price_source = 'api.example' WHERE id = 'awp-asiimov'").run();
    done(await runPriceJob(env.DB, demoEnv, NOW));
    const first = await price("ak-47-redline", "FT");
    expect(await runPriceJob(env.DB, demoEnv, NOW + 30_000)).toMatchObject({ status: "skipped" });
    expect(await price("ak-47-redline", "FT")).toBe(first);
    done(await runPriceJob(env.DB, demoEnv, NOW + 60_000));
    expect(await price("awp-asiimov", "FT")).toBe(1550);
    expect((await skin("awp-asiimov"))!.last_price_update).toBe(SEEDED_UPDATE);
  });

  it("production without PRICE_FEED_URL keeps its prices", async () => {
    const result = await runPriceJob(env.DB, { ...demoEnv, ENVIRONMENT: "production" }, NOW);
    expect(result).toMatchObject({ status: "skipped", reason: "PRICE_FEED_URL is not set" });
    expect(await price("ak-47-redline", "FT")).toBe(2693);
    expect(await history()).toEqual({});
  });
});

describe("scheduling", () => {
  it("the ten-minute schedule runs the price job, and only it", async () => {
    await control({ mode: "ok", items: [item("AK-47 | Redline (Field-Tested)", 25.5)] });
    expect(await runScheduled(SCHEDULES.everyTenMinutes, feedEnv)).toEqual(["prices"]);
    expect(await price("ak-47-redline", "FT")).toBe(2550);
    expect(await runScheduled(SCHEDULES.everyMinute, feedEnv)).not.toContain("prices");
  });

  it("a run that drops a favourite's price below its alert's target mails its owner once", async () => {
    const user = await signedInUser("price-job-alert");
    expect((await post("/favorites", { intent: "add", skinId: "ak-47-redline" }, { cookie: user.cookie })).status).toBe(303);
    await env.DB.prepare("UPDATE skin_wears SET price_cents = 2550 WHERE skin_id = 'ak-47-redline' AND wear = 'FT'").run();
    const saved = await post(
      "/profile?tab=favorites",
      { intent: "set-alert", skinId: "ak-47-redline", wear: "FT", variant: "normal", target: "20.00" },
      { cookie: user.cookie },
    );
    expect(saved.status).toBe(303);
    const mails = async () =>
      (await env.DB.prepare(`SELECT text FROM mail_outbox WHERE "to" = ? AND subject LIKE 'Price alert:%'`).bind(user.email).all<{ text: string }>()).results;

    await control({ mode: "ok", items: [item("AK-47 | Redline (Field-Tested)", 19.5)] });
    await runScheduled(SCHEDULES.everyTenMinutes, feedEnv);
    await env.DB.prepare("UPDATE price_feed_runs SET lease_until = NULL").run();
    await runScheduled(SCHEDULES.everyTenMinutes, feedEnv);

    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain("$19.50");
    expect(sent[0]!.text).toContain("/skins/ak-47-redline");
  });
});

describe("a feed of 40,000 items (skins, stickers, containers, keys)", () => {
  it("is read, mapped and written in one run, in one batch of a little over a hundred statements", async () => {
    const skins = (
      await env.DB.prepare(
        `SELECT s.name, w.wear, s.stattrak, s.souvenir, c.category FROM skins s JOIN skin_wears w ON w.skin_id = s.id AND w.enabled = 1 JOIN weapons c ON c.name = s.weapon`,
      ).all<{ name: string; wear: string; stattrak: number; souvenir: number; category: string }>()
    ).results;
    const wearNames: Record<string, string> = { FN: "Factory New", MW: "Minimal Wear", FT: "Field-Tested", WW: "Well-Worn", BS: "Battle-Scarred" };
    const names = new Set<string>();
    for (const row of skins) {
      const star = row.category === "Knives" || row.category === "Gloves" ? "★ " : "";
      const base = row.name.replace(/ \((Phase \d|Ruby|Sapphire|Black Pearl|Emerald)\)$/, "");
      names.add(`${star}${base} (${wearNames[row.wear]})`);
      if (row.stattrak) names.add(`${star}StatTrak™ ${base} (${wearNames[row.wear]})`);
      if (row.souvenir) names.add(`Souvenir ${base} (${wearNames[row.wear]})`);
    }
    const others = (
      await env.DB.prepare(
        "SELECT 'Sticker | ' || name AS name FROM stickers UNION ALL SELECT name FROM crates UNION ALL SELECT name FROM case_keys UNION ALL SELECT '★ ' || name FROM vanilla_knives UNION ALL SELECT '★ StatTrak™ ' || name FROM vanilla_knives",
      ).all<{
        name: string;
      }>()
    ).results;
    for (const row of others) names.add(row.name);
    const items = [...names].map((name, index) => item(name, 0.5 + (index % 9000) / 3));
    for (let i = 0; items.length < 40_000; i++) items.push(item(`Sticker | Test ${i} | Paris 2023`, 0.1 + (i % 100)));
    await control({ mode: "ok", items });

    const feedEnvSlow = { ...feedEnv, PRICE_FEED_TIMEOUT_MS: "15000" };
    const started = performance.now();
    const result = done(await runPriceJob(env.DB, feedEnvSlow, NOW));
    const ms = performance.now() - started;
    expect(result.matched).toBeGreaterThan(24_000);
    expect(result.matched + result.unmatched).toBe(40_000);
    // 123: the default prices, history and Skinport's market rows (the multi-market document's 193: tests/bench/price-feed.ts).
    expect(result.statements).toBeLessThan(130);
    const skinportRows = await env.DB.prepare("SELECT count(*) AS n FROM skin_market_prices WHERE market = 'skinport' AND updated_at = ?")
      .bind(NOW)
      .first<{ n: number }>();
    expect(skinportRows!.n).toBeGreaterThan(14_000);
    const historyRows = await env.DB.prepare("SELECT count(*) AS n FROM price_history").first<{ n: number }>();
    expect(historyRows!.n).toBeGreaterThan(14_000);
    expect(Object.keys(await itemHistory()).length).toBeGreaterThan(10_000);
    console.info(
      `[prices] 40,000-item feed: ${Math.round(ms)} ms wall time in workerd (fetch, parse, map, ${result.statements} statements), ${result.matched} matched, ${historyRows!.n} history rows`,
    );
  }, 60_000);
});
