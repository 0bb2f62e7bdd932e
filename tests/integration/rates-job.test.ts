import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { runRatesJob } from "~/server/jobs/rates-job.server";
import { runScheduled, SCHEDULES } from "~/server/jobs/scheduled.server";
import { ECB_RATES, ecbDocument } from "../fixtures/ecb-rates";
import { collectingWarnings } from "./helpers";

const SOURCE = env.TEST_EXCHANGE_RATES;
const ratesEnv = { ...env, EXCHANGE_RATES_URL: `${SOURCE}/eurofxref-daily.xml`, EXCHANGE_RATES_TIMEOUT_MS: "1000" };

async function serve(body: string, status = 200) {
  await (await fetch(`${SOURCE}/__control`, { method: "POST", body: JSON.stringify({ body, status }) })).text();
}
async function storedRates(): Promise<Record<string, { per_euro: number; rate_date: string; source: string }>> {
  const { results } = await env.DB.prepare("SELECT currency, per_euro, rate_date, source FROM exchange_rates").all<{
    currency: string;
    per_euro: number;
    rate_date: string;
    source: string;
  }>();
  return Object.fromEntries(results.map(({ currency, ...rest }) => [currency, rest]));
}

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM exchange_rates").run();
});

describe("the rates job (the ECB's eurofxref-daily.xml)", () => {
  it("stores every currency the site shows with the ECB's day, EUR as 1, and skips currencies it does not show", async () => {
    await serve(ecbDocument("2026-11-30", ECB_RATES));
    expect(await runRatesJob(env.DB, ratesEnv)).toEqual({
      status: "done",
      date: "2026-11-30",
      currencies: ["USD", "EUR", "GBP", "PLN", "BRL", "CNY"],
      missing: [],
    });
    expect(await storedRates()).toEqual({
      USD: { per_euro: 1.0812, rate_date: "2026-11-30", source: "ecb" },
      EUR: { per_euro: 1, rate_date: "2026-11-30", source: "ecb" },
      GBP: { per_euro: 0.8565, rate_date: "2026-11-30", source: "ecb" },
      PLN: { per_euro: 4.271, rate_date: "2026-11-30", source: "ecb" },
      BRL: { per_euro: 6.102, rate_date: "2026-11-30", source: "ecb" },
      CNY: { per_euro: 7.8235, rate_date: "2026-11-30", source: "ecb" },
    });
  });

  it("runs on its own schedule", async () => {
    await serve(ecbDocument("2026-11-30", ECB_RATES));
    const { result } = await collectingWarnings(() => runScheduled(SCHEDULES.hourly, ratesEnv));
    expect(result).toEqual(["rates"]);
    expect(Object.keys(await storedRates())).toHaveLength(6);
  });

  it("leaves the stored rates alone when the document is malformed, not XML, or the source fails", async () => {
    await serve(ecbDocument("2026-11-27", ECB_RATES));
    await runRatesJob(env.DB, ratesEnv);
    const before = await storedRates();
    for (const [body, status, error] of [
      ["<html><body>Bad gateway", 200, /not XML/],
      [ecbDocument("2026-11-30", ECB_RATES).replace("</gesmes:Envelope>", ""), 200, /not XML/],
      [ecbDocument("30.11.2026", ECB_RATES), 200, /another shape/],
      [ecbDocument("2026-11-30", { ...ECB_RATES, USD: "one" }), 200, /another shape/],
      ["<rates><rate currency='USD'>1.08</rate></rates>", 200, /another shape/],
      ["", 503, /answered 503/],
    ] as const) {
      await serve(body, status);
      const { result, warnings } = await collectingWarnings(() => runRatesJob(env.DB, ratesEnv));
      expect(result).toEqual({ status: "failed", error: expect.stringMatching(error) as string });
      expect(warnings).toEqual([expect.stringMatching(/rates stay as they are/)]);
    }
    expect(await storedRates()).toEqual(before);
  });

  it("keeps a currency's last rate when a document lacks it, and refuses a document without USD", async () => {
    await serve(ecbDocument("2026-11-27", ECB_RATES));
    await runRatesJob(env.DB, ratesEnv);
    const { PLN: _lacking, ...withoutZloty } = ECB_RATES;
    await serve(ecbDocument("2026-11-30", { ...withoutZloty, USD: "1.0900" }));
    const { result, warnings } = await collectingWarnings(() => runRatesJob(env.DB, ratesEnv));
    expect(result).toMatchObject({ status: "done", missing: ["PLN"] });
    expect(warnings).toEqual(["[rates] 2026-11-30: no rate for PLN; their last rates stay"]);
    const stored = await storedRates();
    expect(stored.PLN).toEqual({ per_euro: 4.271, rate_date: "2026-11-27", source: "ecb" });
    expect(stored.USD).toEqual({ per_euro: 1.09, rate_date: "2026-11-30", source: "ecb" });

    const { USD: _dollar, ...withoutDollar } = ECB_RATES;
    await serve(ecbDocument("2026-12-01", withoutDollar));
    const refused = await collectingWarnings(() => runRatesJob(env.DB, ratesEnv));
    expect(refused.result).toEqual({ status: "failed", error: "Rates document has no USD rate" });
    expect(await storedRates()).toEqual(stored);
  });

  it("run twice, or twice at once, leaves the same rows; an older day's document changes nothing", async () => {
    await serve(ecbDocument("2026-11-30", ECB_RATES));
    await runRatesJob(env.DB, ratesEnv);
    const once = await storedRates();
    await Promise.all([runRatesJob(env.DB, ratesEnv), runRatesJob(env.DB, ratesEnv)]);
    expect(await storedRates()).toEqual(once);
    await serve(ecbDocument("2026-11-27", { ...ECB_RATES, USD: "1.2000" }));
    await runRatesJob(env.DB, ratesEnv);
    expect(await storedRates()).toEqual(once);
  });

  it("replaces the seed's demo rates with the ECB's", async () => {
    await env.DB.prepare("INSERT INTO exchange_rates (currency, per_euro, rate_date, source) VALUES ('USD', 1.08, '2026-11-30', 'demo')").run();
    await serve(ecbDocument("2026-11-30", ECB_RATES));
    await runRatesJob(env.DB, ratesEnv);
    expect((await storedRates()).USD).toEqual({ per_euro: 1.0812, rate_date: "2026-11-30", source: "ecb" });
  });

  it("does nothing without EXCHANGE_RATES_URL", async () => {
    expect(await runRatesJob(env.DB, { ...env, EXCHANGE_RATES_URL: "" })).toEqual({ status: "skipped", reason: "EXCHANGE_RATES_URL is not set" });
    expect(await storedRates()).toEqual({});
  });
});
