import { env } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PRICE_ALERT_MESSAGES } from "~/forms/price-alert";
import { createDatabase } from "~/server/db/client.server";
import { listFavoriteAlerts, notifyPriceAlerts } from "~/server/features/price-alerts/price-alerts.server";
import { get, post, signedInUser } from "./helpers";

const db = createDatabase(env.DB);
const ORIGIN = "https://skinvault.example";
const location = (response: Response) => response.headers.get("Location");

interface AlertRow {
  wear: string;
  variant: string;
  target_cents: number;
  last_price_cents: number | null;
  last_notified_at: number | null;
  updated_at: number;
}

/** A page's HTML without React's text separators (`<!-- -->`), as a reader sees the text. */
async function pageText(path: string, cookie: string): Promise<string> {
  return (await (await get(path, cookie)).text()).replaceAll("<!-- -->", "");
}
async function alertOf(email: string, skinId: string): Promise<AlertRow | null> {
  return env.DB.prepare("SELECT a.* FROM price_alerts a JOIN users u ON u.id = a.user_id WHERE u.email = ? AND a.skin_id = ?")
    .bind(email, skinId)
    .first<AlertRow>();
}
async function alertCount(): Promise<number> {
  return (await env.DB.prepare("SELECT count(*) AS n FROM price_alerts").first<{ n: number }>())!.n;
}
async function mailsTo(email: string) {
  return (
    await env.DB.prepare(`SELECT subject, text, html FROM mail_outbox WHERE "to" = ? AND subject LIKE 'Price alert:%' ORDER BY created_at`)
      .bind(email)
      .all<{ subject: string; text: string; html: string }>()
  ).results;
}
async function setPrice(skinId: string, wear: string, cents: number) {
  await env.DB.prepare("UPDATE skin_wears SET price_cents = ? WHERE skin_id = ? AND wear = ?").bind(cents, skinId, wear).run();
}
async function setVariantPrice(skinId: string, variant: string, wear: string, cents: number) {
  await env.DB.prepare(
    "INSERT INTO skin_variant_prices (skin_id, variant, wear, price_cents) VALUES (?, ?, ?, ?) ON CONFLICT (skin_id, variant, wear) DO UPDATE SET price_cents = excluded.price_cents",
  )
    .bind(skinId, variant, wear, cents)
    .run();
}
/** A skin of the seed matching `where` (SQL on skins `s`) with an enabled FT and MW, none of them used by another test. */
async function pickSkin(where: string, taken: Set<string>): Promise<string> {
  const rows = (
    await env.DB.prepare(
      `SELECT s.id FROM skins s WHERE ${where}
         AND (SELECT count(*) FROM skin_wears w WHERE w.skin_id = s.id AND w.enabled = 1 AND w.wear IN ('FT', 'MW')) = 2
       ORDER BY s.id LIMIT 50`,
    ).all<{ id: string }>()
  ).results;
  const id = rows.find((row) => !taken.has(row.id))?.id;
  if (!id) throw new Error(`no skin for ${where}`);
  taken.add(id);
  return id;
}
const taken = new Set<string>(["ak-47-redline"]);

async function favorite(cookie: string, skinId: string) {
  const response = await post("/favorites", { intent: "add", skinId }, { cookie });
  expect(response.status).toBe(303);
}
function setAlert(cookie: string, fields: Record<string, string>) {
  return post("/profile?tab=favorites", { intent: "set-alert", ...fields }, { cookie });
}
function removeAlert(cookie: string, skinId: string) {
  return post("/profile?tab=favorites", { intent: "remove-alert", skinId }, { cookie });
}
const notify = () => notifyPriceAlerts(db, { appOrigin: ORIGIN, now: Date.now() });

describe("price alerts on the profile", () => {
  it("sets, shows, changes and removes an alert on the user's own favourite", async () => {
    const user = await signedInUser("alerts");
    const skin = "ak-47-redline";
    await setPrice(skin, "FT", 3000);
    await setPrice(skin, "MW", 1000);
    await favorite(user.cookie, skin);

    const saved = await setAlert(user.cookie, { skinId: skin, wear: "FT", target: "25" });
    expect(saved.status).toBe(303);
    expect(location(saved)).toBe(`/profile?tab=favorites&notice=alert-saved&alert=${skin}#alert-${skin}`);
    expect(await alertOf(user.email, skin)).toMatchObject({
      wear: "FT",
      variant: "normal",
      target_cents: 2500,
      last_price_cents: 3000,
      last_notified_at: null,
    });

    // The profile shows it, and the notice in its card, in one round trip.
    const page = await get(location(saved)!, user.cookie);
    expect(page.headers.get("X-D1-Round-Trips")).toBe("1");
    const html = (await page.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Price alerts");
    expect(html).toMatch("Mail me when AK-47 | Redline (Field-Tested) drops below <strong>$25.00</strong>. Now: $30.00.");
    expect(html).toContain(PRICE_ALERT_MESSAGES.saved);
    expect(html).toContain('value="25.00"');

    // Changing it: another wear whose price is already below the target says so.
    const changed = await setAlert(user.cookie, { skinId: skin, wear: "MW", target: "12.50" });
    expect(location(changed)).toContain("notice=alert-saved-below");
    expect(await alertOf(user.email, skin)).toMatchObject({ wear: "MW", target_cents: 1250, last_price_cents: 1000 });
    const below = await pageText(location(changed)!, user.cookie);
    expect(below).toContain("already below your target");
    expect(below).toContain("The price is already below your target, so no mail goes out now");

    // StatTrak™: the price comes from skin_variant_prices (none yet: no data).
    const stattrak = await setAlert(user.cookie, { skinId: skin, wear: "MW", variant: "stattrak", target: "40" });
    expect(location(stattrak)).toContain("notice=alert-saved&");
    expect(await alertOf(user.email, skin)).toMatchObject({ variant: "stattrak", target_cents: 4000, last_price_cents: null });
    expect(await pageText("/profile?tab=favorites", user.cookie)).toContain(
      "Mail me when StatTrak™ AK-47 | Redline (Minimal Wear) drops below <strong>$40.00</strong>. Now: No Data.",
    );

    // The data function lists the favourite with its possible wears, its variants and the alert.
    const id = (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(user.email).first<{ id: string }>())!.id;
    const updatedAt = (await alertOf(user.email, skin))!.updated_at;
    expect(await listFavoriteAlerts(db, id)).toEqual([
      {
        skinId: skin,
        name: "AK-47 | Redline",
        wears: ["MW", "FT", "WW", "BS"],
        variants: ["normal", "stattrak"],
        alert: {
          wear: "MW",
          variant: "stattrak",
          targetCents: 4000,
          target: "$40.00",
          targetInput: "40.00",
          currentPriceCents: 0,
          lastNotifiedAt: null,
          updatedAt,
        },
      },
    ]);

    const removed = await removeAlert(user.cookie, skin);
    expect(removed.status).toBe(303);
    expect(location(removed)).toBe(`/profile?tab=favorites&notice=alert-removed&alert=${skin}#alert-${skin}`);
    expect(await alertOf(user.email, skin)).toBeNull();
    expect(await pageText(location(removed)!, user.cookie)).toContain(PRICE_ALERT_MESSAGES.removed);
    // A second click (a double submit) changes nothing and does not fail.
    expect((await removeAlert(user.cookie, skin)).status).toBe(303);

    // Removing the favourite removes its alert (the foreign key cascades).
    await setAlert(user.cookie, { skinId: skin, wear: "FT", target: "25" });
    expect(await alertOf(user.email, skin)).not.toBeNull();
    await post("/favorites", { intent: "remove", skinId: skin }, { cookie: user.cookie });
    expect(await alertOf(user.email, skin)).toBeNull();
  });

  it("refuses bad targets, impossible wears and variants with the form's message and a 400, writing nothing", async () => {
    const user = await signedInUser("alerts-bad");
    const skin = await pickSkin("s.stattrak = 1 AND s.souvenir = 0 AND s.min_float >= 0.07", taken);
    await favorite(user.cookie, skin);
    const before = await alertCount();
    const cases: [Record<string, string>, string][] = [
      [{ wear: "FT", target: "0" }, PRICE_ALERT_MESSAGES.targetPositive],
      [{ wear: "FT", target: "-5" }, PRICE_ALERT_MESSAGES.targetPositive],
      [{ wear: "FT", target: "" }, PRICE_ALERT_MESSAGES.target],
      [{ wear: "FT", target: "abc" }, PRICE_ALERT_MESSAGES.target],
      [{ wear: "FT", target: "100000.01" }, PRICE_ALERT_MESSAGES.targetMax],
      // Not a plain decimal (an exponent, hex): the target's own message, not a number too large or 16.
      [{ wear: "FT", target: "1e308" }, PRICE_ALERT_MESSAGES.target],
      [{ wear: "FT", target: "0x10" }, PRICE_ALERT_MESSAGES.target],
      [{ wear: "FT", target: "1.234" }, PRICE_ALERT_MESSAGES.targetCents],
      [{ wear: "XX", target: "10" }, PRICE_ALERT_MESSAGES.wear],
      [{ target: "10" }, PRICE_ALERT_MESSAGES.wear],
      [{ wear: "FN", target: "10" }, PRICE_ALERT_MESSAGES.wearImpossible],
      [{ wear: "FT", variant: "souvenir", target: "10" }, PRICE_ALERT_MESSAGES.variantImpossible],
      [{ wear: "FT", variant: "golden", target: "10" }, PRICE_ALERT_MESSAGES.variant],
    ];
    for (const [fields, message] of cases) {
      const response = await setAlert(user.cookie, { skinId: skin, ...fields });
      expect(response.status, JSON.stringify(fields)).toBe(400);
      const html = await response.text();
      expect(html, JSON.stringify(fields)).toContain(message.replaceAll("'", "&#x27;"));
    }
    expect(await alertCount()).toBe(before);
    // The highest target is accepted.
    expect((await setAlert(user.cookie, { skinId: skin, wear: "FT", target: "100000" })).status).toBe(303);
    expect(await alertOf(user.email, skin)).toMatchObject({ target_cents: 10_000_000 });
  });

  it("answers 404 for another user's favourite, a skin that is not a favourite and an unknown skin, and sends visitors to login", async () => {
    const [owner, other] = await Promise.all([signedInUser("alerts-owner"), signedInUser("alerts-other")]);
    const skin = await pickSkin("s.stattrak = 1", taken);
    await favorite(owner.cookie, skin);
    expect((await setAlert(owner.cookie, { skinId: skin, wear: "FT", target: "25" })).status).toBe(303);
    const ownerAlert = await alertOf(owner.email, skin);

    // The other user cannot set, change or remove the owner's alert: to them it is not a favourite.
    const foreign = await setAlert(other.cookie, { skinId: skin, wear: "MW", target: "1" });
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toContain(PRICE_ALERT_MESSAGES.notFavorite);
    expect((await removeAlert(other.cookie, skin)).status).toBe(404);
    expect(await alertOf(owner.email, skin)).toEqual(ownerAlert);
    expect(await alertOf(other.email, skin)).toBeNull();

    const unknown = await setAlert(other.cookie, { skinId: "no-such-skin", wear: "FT", target: "25" });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain(PRICE_ALERT_MESSAGES.skinNotFound);
    expect((await removeAlert(other.cookie, "no-such-skin")).status).toBe(404);

    const visitor = await setAlert("", { skinId: skin, wear: "FT", target: "25" });
    expect([302, 303]).toContain(visitor.status);
    expect(location(visitor)).toBe("/login");
    expect(await alertOf(owner.email, skin)).toEqual(ownerAlert);
  });

  it("answers generated odd alert forms of a signed-in user with a 4xx or a redirect, never a 5xx, and writes only valid alerts", async () => {
    const user = await signedInUser("alerts-fuzz");
    const skin = await pickSkin("s.stattrak = 1 AND s.souvenir = 0 AND s.min_float >= 0.07", taken);
    await favorite(user.cookie, skin);
    const odd = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.constantFrom("", " ", "0", "-0", "NaN", "Infinity", "1e400", "0x10", "1,50", "$5", "12.345", "99999999999999999999", "<b>", "%%%"),
      fc.integer({ min: 300, max: 3000 }).map((n) => "9".repeat(n)),
    );
    const field = (valid: string[]) => fc.option(fc.oneof(fc.constantFrom(...valid), odd), { nil: undefined });
    const forms = fc.record({
      intent: fc.constantFrom("set-alert", "remove-alert"),
      skinId: field([skin, "ak-47-redline", "no-such-skin"]),
      wear: field(["FN", "MW", "FT", "WW", "BS"]),
      variant: field(["normal", "stattrak", "souvenir"]),
      target: field(["5", "25.50", "100000"]),
    });
    const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
    for (const form of fc.sample(forms, { numRuns: 50, seed })) {
      const fields = Object.fromEntries(Object.entries(form).filter((entry): entry is [string, string] => entry[1] !== undefined));
      const response = await post("/profile?tab=favorites", fields, { cookie: user.cookie });
      const label = `FUZZ_SEED=${seed} ${JSON.stringify(fields).slice(0, 200)}`;
      expect([303, 400, 404], label).toContain(response.status);
      await response.body?.cancel();
      // Only the user's favourite can ever carry an alert, and only a valid one.
      const rows = (
        await env.DB.prepare("SELECT a.skin_id, a.wear, a.target_cents FROM price_alerts a JOIN users u ON u.id = a.user_id WHERE u.email = ?")
          .bind(user.email)
          .all<{ skin_id: string; wear: string; target_cents: number }>()
      ).results;
      for (const row of rows) {
        expect(row.skin_id, label).toBe(skin);
        expect(row.target_cents, label).toBeGreaterThan(0);
        expect(row.target_cents, label).toBeLessThanOrEqual(10_000_000);
      }
    }
  }, 120_000);
});

describe("notifyPriceAlerts", () => {
  it("mails once per crossing, even with runs at once, and the mail names skin, wear, prices and links", async () => {
    const user = await signedInUser("alerts-cross");
    const skin = "ak-47-redline";
    await favorite(user.cookie, skin);
    await setPrice(skin, "FT", 3000);
    expect((await setAlert(user.cookie, { skinId: skin, wear: "FT", target: "25" })).status).toBe(303);

    await setPrice(skin, "FT", 2000);
    const runs = await Promise.all([notify(), notify(), notify()]);
    expect(runs.reduce((sum, run) => sum + run.notified, 0)).toBe(1);
    await notify();
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    const alert = await alertOf(user.email, skin);
    expect(alert).toMatchObject({ last_price_cents: 2000 });
    expect(alert!.last_notified_at).toBeGreaterThan(0);

    const [mail] = mails;
    expect(mail!.subject).toBe("Price alert: AK-47 | Redline (Field-Tested) is now $20.00");
    expect(mail!.text).toContain("The price of AK-47 | Redline (Field-Tested) dropped below your target of $25.00.");
    expect(mail!.text).toContain("Old price: $30.00. New price: $20.00.");
    expect(mail!.text).toContain(`See the skin: ${ORIGIN}/skins/ak-47-redline`);
    expect(mail!.text).toContain(`Change or remove this alert: ${ORIGIN}/profile?tab=favorites#alert-ak-47-redline`);
    expect(mail!.html).toContain(`<a href="${ORIGIN}/skins/ak-47-redline">See the skin</a>`);
    expect(mail!.html).toContain("AK-47 | Redline (Field-Tested)");

    // The profile shows when it mailed.
    expect(await pageText("/profile?tab=favorites", user.cookie)).toContain("Last alert mail:");
    await post("/favorites", { intent: "remove", skinId: skin }, { cookie: user.cookie });
  });

  it("does not mail without a crossing, ignores missing prices, and re-arms when the price rises to the target", async () => {
    const user = await signedInUser("alerts-rearm");
    const skin = await pickSkin("s.stattrak = 1", taken);
    await favorite(user.cookie, skin);
    await setPrice(skin, "FT", 3000);
    await setAlert(user.cookie, { skinId: skin, wear: "FT", target: "25" });
    const step = async (cents: number) => {
      await setPrice(skin, "FT", cents);
      await notify();
      return { mails: (await mailsTo(user.email)).length, last: (await alertOf(user.email, skin))!.last_price_cents };
    };

    expect(await step(2800)).toEqual({ mails: 0, last: 2800 }); // still above
    expect(await step(0)).toEqual({ mails: 0, last: 2800 }); // no data: nothing recorded
    expect(await step(2500)).toEqual({ mails: 0, last: 2500 }); // at the target is not below it
    expect(await step(2499)).toEqual({ mails: 1, last: 2499 }); // the crossing
    expect(await step(1500)).toEqual({ mails: 1, last: 1500 }); // lower still: no second mail
    expect(await step(2600)).toEqual({ mails: 1, last: 2600 }); // rises again: re-armed
    expect(await step(2400)).toEqual({ mails: 2, last: 2400 }); // the next crossing
    expect((await mailsTo(user.email))[1]!.text).toContain("Old price: $26.00. New price: $24.00.");
  });

  it("sets an alert below the current price without mailing, and mails after the price has risen and dropped", async () => {
    const user = await signedInUser("alerts-below");
    const skin = await pickSkin("s.stattrak = 1", taken);
    await favorite(user.cookie, skin);
    await setPrice(skin, "MW", 1000);
    expect(location(await setAlert(user.cookie, { skinId: skin, wear: "MW", target: "20" }))).toContain("notice=alert-saved-below");
    await notify();
    await setPrice(skin, "MW", 900);
    await notify();
    expect(await mailsTo(user.email)).toHaveLength(0);
    await setPrice(skin, "MW", 2100);
    await notify();
    await setPrice(skin, "MW", 1900);
    await notify();
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it("watches StatTrak™ prices in skin_variant_prices, and ignores normal price moves for them", async () => {
    const user = await signedInUser("alerts-stattrak");
    const skin = await pickSkin("s.stattrak = 1", taken);
    await favorite(user.cookie, skin);
    await setVariantPrice(skin, "stattrak", "FT", 9000);
    await setAlert(user.cookie, { skinId: skin, wear: "FT", variant: "stattrak", target: "80" });
    expect(await alertOf(user.email, skin)).toMatchObject({ last_price_cents: 9000 });
    await setPrice(skin, "FT", 100);
    await notify();
    expect(await mailsTo(user.email)).toHaveLength(0);
    await setVariantPrice(skin, "stattrak", "FT", 7500);
    await Promise.all([notify(), notify()]);
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("StatTrak™");
    expect(mails[0]!.text).toContain("Old price: $90.00. New price: $75.00.");
  });

  it("works through more alerts than one page and one batch", async () => {
    // 250 users' alerts on one skin (two pages of 200, several batches of 40), all crossing at once.
    const skin = await pickSkin("s.stattrak = 1", taken);
    await setPrice(skin, "FT", 5000);
    const ids = Array.from({ length: 250 }, (_, i) => `bulk-${Date.now().toString(36)}-${i}`);
    const statements = ids.flatMap((id) => [
      env.DB.prepare("INSERT INTO users (id, email, password_hash) VALUES (?, ?, 'x')").bind(id, `${id}@example.test`),
      env.DB.prepare("INSERT INTO user_favorites (user_id, skin_id) VALUES (?, ?)").bind(id, skin),
      env.DB.prepare("INSERT INTO price_alerts (user_id, skin_id, wear, target_cents, last_price_cents) VALUES (?, ?, 'FT', 4000, 5000)").bind(id, skin),
    ]);
    for (let i = 0; i < statements.length; i += 90) await env.DB.batch(statements.slice(i, i + 90));
    await setPrice(skin, "FT", 3500);
    const [first, second] = await Promise.all([notify(), notify()]);
    expect(first.notified + second.notified).toBe(250);
    const count = await env.DB.prepare(`SELECT count(*) AS n FROM mail_outbox WHERE "to" LIKE 'bulk-%'`).first<{ n: number }>();
    expect(count!.n).toBe(250);
    expect((await notify()).notified).toBe(0);
    await env.DB.batch(ids.map((id) => env.DB.prepare("DELETE FROM users WHERE id = ?").bind(id)).slice(0, 250));
    expect(await env.DB.prepare("SELECT count(*) AS n FROM price_alerts WHERE user_id LIKE 'bulk-%'").first<{ n: number }>()).toEqual({ n: 0 });
  }, 60_000);
});
