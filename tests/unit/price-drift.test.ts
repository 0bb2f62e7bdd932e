import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DRIFT_BUCKET_MS, driftBucket, driftedPriceCents, driftFactor, MAX_DRIFT, MIN_DRIFT_PRICE_CENTS } from "~/domain/price-drift";
import { historyCutoffDay, isExpiredDay, PRICE_HISTORY_KEEP_DAYS, utcDay } from "~/domain/price-history";
import { WEARS } from "~/domain/wear";

const wear = fc.constantFrom(...WEARS);
const variant = fc.constantFrom("normal" as const, "stattrak" as const, "souvenir" as const);
const skinId = fc.stringMatching(/^[a-z0-9-]{1,40}$/);
const bucket = fc.integer({ min: 0, max: 2 ** 31 });

describe("demo price drift", () => {
  it("is the same for the same skin, wear, variant and bucket", () => {
    expect(driftedPriceCents(2500, "ak-47-redline", "FT", "normal", 29_000_000)).toBe(driftedPriceCents(2500, "ak-47-redline", "FT", "normal", 29_000_000));
  });

  it("moves a price by at most 3 % a run, in whole cents, never below 3 cents", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), skinId, wear, variant, bucket, (price, id, w, v, b) => {
        const next = driftedPriceCents(price, id, w, v, b);
        expect(Number.isInteger(next)).toBe(true);
        expect(next).toBeGreaterThanOrEqual(MIN_DRIFT_PRICE_CENTS);
        expect(next).toBeGreaterThanOrEqual(Math.min(price, Math.floor(price * (1 - MAX_DRIFT))));
        expect(next).toBeLessThanOrEqual(Math.max(MIN_DRIFT_PRICE_CENTS, Math.ceil(price * (1 + MAX_DRIFT))));
      }),
    );
  });

  it("never turns no data (0) into a price", () => {
    fc.assert(
      fc.property(skinId, wear, variant, bucket, (id, w, v, b) => {
        expect(driftedPriceCents(0, id, w, v, b)).toBe(0);
      }),
    );
  });

  it("moves prices both ways across skins and runs, and differently per wear and variant", () => {
    const factors = Array.from({ length: 200 }, (_, i) => driftFactor(`skin-${i}`, "FT", "normal", 7));
    expect(factors.some((f) => f > 1.01)).toBe(true);
    expect(factors.some((f) => f < 0.99)).toBe(true);
    expect(driftFactor("ak-47-redline", "FT", "normal", 7)).not.toBe(driftFactor("ak-47-redline", "MW", "normal", 7));
    expect(driftFactor("ak-47-redline", "FT", "normal", 7)).not.toBe(driftFactor("ak-47-redline", "FT", "stattrak", 7));
    expect(driftFactor("ak-47-redline", "FT", "normal", 7)).not.toBe(driftFactor("ak-47-redline", "FT", "normal", 8));
  });

  it("buckets runs by the minute", () => {
    const t = Date.UTC(2026, 10, 23, 18, 40, 5);
    expect(driftBucket(t)).toBe(driftBucket(t + 50_000));
    expect(driftBucket(t + DRIFT_BUCKET_MS)).toBe(driftBucket(t) + 1);
  });
});

describe("price history retention", () => {
  const at = (iso: string) => Date.parse(iso);
  it("the day of a history row is the UTC day", () => {
    expect(utcDay(at("2026-11-23T23:59:59.999Z"))).toBe("2026-11-23");
    expect(utcDay(at("2026-11-24T00:00:00.000Z"))).toBe("2026-11-24");
  });
  it(`keeps ${PRICE_HISTORY_KEEP_DAYS} days, today included`, () => {
    expect(PRICE_HISTORY_KEEP_DAYS).toBeGreaterThanOrEqual(90); // the longest chart range
    expect(historyCutoffDay(at("2026-11-23T18:00:00Z"))).toBe("2026-07-27");
    expect(historyCutoffDay(at("2026-11-23T00:00:00Z"))).toBe("2026-07-27");
    expect(historyCutoffDay(at("2026-11-23T18:00:00Z"), 1)).toBe("2026-11-23");
    expect(historyCutoffDay(at("2026-03-01T12:00:00Z"), 2)).toBe("2026-02-28");
    expect(historyCutoffDay(at("2028-03-01T12:00:00Z"), 2)).toBe("2028-02-29");
  });
  it("a row expires the day after it leaves the window", () => {
    const now = at("2026-11-23T18:00:00Z");
    expect(isExpiredDay("2026-07-27", now)).toBe(false);
    expect(isExpiredDay("2026-07-26", now)).toBe(true);
    expect(isExpiredDay("2026-11-23", now)).toBe(false);
    expect(isExpiredDay("2026-07-27", at("2026-11-24T00:00:00Z"))).toBe(true);
  });
  it("refuses a window of no days", () => {
    expect(() => historyCutoffDay(0, 0)).toThrow(RangeError);
  });
});
