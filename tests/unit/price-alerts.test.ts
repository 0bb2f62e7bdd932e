import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { alertAnchor, alertItemName, alertMailLines, alertStep, isBelowTarget, isCrossing } from "~/domain/price-alerts";
import { PRICE_ALERT_MESSAGES, priceAlertSchema, priceAlertWrite } from "~/forms/price-alert";
import { moneyFor, US_DOLLARS } from "~/domain/money";

describe("the crossing rule", () => {
  // last seen, current, target -> mail?
  it.each([
    [3000, 2000, 2500, true], // from above to below
    [2500, 2499, 2500, true], // from exactly the target to one cent below
    [3000, 2500, 2500, false], // at the target is not below it
    [3000, 2800, 2500, false], // still above
    [2000, 1500, 2500, false], // already below: no second mail
    [2000, 2600, 2500, false], // rising back: re-arms, no mail
    [3000, 0, 2500, false], // no data
    [null, 2000, 2500, false], // no price seen before (set while the wear had no data)
    [0, 2000, 2500, false], // a stored 0 is below the target, not a crossing
  ] as const)("last %s, now %s, target %s: mail %s", (last, current, target, mail) => {
    expect(isCrossing(last, current, target)).toBe(mail);
  });

  it("records a moved price, ignores no data and an unchanged price", () => {
    expect(alertStep(3000, 2000, 2500)).toEqual({ record: true, notify: true });
    expect(alertStep(3000, 2800, 2500)).toEqual({ record: true, notify: false });
    expect(alertStep(null, 2800, 2500)).toEqual({ record: true, notify: false });
    expect(alertStep(3000, 0, 2500)).toEqual({ record: false });
    expect(alertStep(2000, 2000, 2500)).toEqual({ record: false });
  });

  it("walks a price series: one mail per crossing, re-armed by a rise to the target", () => {
    let last: number | null = 3000;
    const mails: number[] = [];
    for (const price of [2900, 0, 2400, 2300, 0, 2500, 2600, 2499, 2499, 3000, 1000]) {
      const step = alertStep(last, price, 2500);
      if (!step.record) continue;
      if (step.notify) mails.push(price);
      last = price;
    }
    expect(mails).toEqual([2400, 2499, 1000]);
  });

  it("says when a price is already below the target (no data is not)", () => {
    expect(isBelowTarget(2000, 2500)).toBe(true);
    expect(isBelowTarget(2500, 2500)).toBe(false);
    expect(isBelowTarget(0, 2500)).toBe(false);
    expect(isBelowTarget(null, 2500)).toBe(false);
  });
});

describe("alert names and mail text", () => {
  it("names the item as players do", () => {
    expect(alertItemName("AK-47 | Redline", "normal", "FT")).toBe("AK-47 | Redline (Field-Tested)");
    expect(alertItemName("AK-47 | Redline", "stattrak", "MW")).toBe("StatTrak™ AK-47 | Redline (Minimal Wear)");
    expect(alertItemName("AWP | Dragon Lore", "souvenir", "FN")).toBe("Souvenir AWP | Dragon Lore (Factory New)");
    expect(alertAnchor("ak-47-redline")).toBe("alert-ak-47-redline");
  });

  it("names skin, wear, target, old and new price in the player's currency", () => {
    const facts = {
      skinName: "AK-47 | Redline",
      variant: "normal" as const,
      wear: "FT" as const,
      targetCents: 2500,
      targetTyped: null,
      oldCents: 2610,
      newCents: 2399,
    };
    const { subject, lines } = alertMailLines(facts, US_DOLLARS);
    expect(subject).toBe("Price alert: AK-47 | Redline (Field-Tested) is now $23.99");
    expect(lines).toEqual(["The price of AK-47 | Redline (Field-Tested) dropped below your target of $25.00.", "Old price: $26.10. New price: $23.99."]);
    // In the player's currency (one dollar buys €0.80 here).
    const euros = moneyFor({ currency: "EUR", perUsd: 0.8, date: "2026-11-30" });
    expect(alertMailLines(facts, euros).lines).toEqual([
      "The price of AK-47 | Redline (Field-Tested) dropped below your target of €20.00.",
      "Old price: €20.88. New price: €19.19.",
    ]);
    // A target typed in euros is written as typed in euros, whatever the rate now; in another currency it is converted.
    const typed = { ...facts, targetCents: 3125, targetTyped: { currency: "EUR" as const, minorUnits: 2500 } };
    expect(alertMailLines(typed, euros).lines[0]).toBe("The price of AK-47 | Redline (Field-Tested) dropped below your target of €25.00.");
    expect(alertMailLines(typed, US_DOLLARS).lines[0]).toBe("The price of AK-47 | Redline (Field-Tested) dropped below your target of $31.25.");
  });
});

describe("the alert form", () => {
  const parse = (fields: Record<string, string>) => {
    const formData = new FormData();
    for (const [name, value] of Object.entries(fields)) formData.set(name, value);
    return parseWithZod(formData, { schema: priceAlertSchema });
  };
  const targetError = (target: string) => {
    const submission = parse({ skinId: "ak-47-redline", wear: "FT", target });
    return submission.status === "success" ? null : submission.error?.target?.[0];
  };

  it("reads the target into whole minor units of the page's currency, normal without a variant", () => {
    for (const [target, cents] of [
      ["25", 2500],
      ["25.5", 2550],
      ["0.01", 1],
      ["19.99", 1999],
      ["100000", 10_000_000],
      [" 7.10 ", 710],
    ] as const) {
      const submission = parse({ skinId: "ak-47-redline", wear: "FT", target });
      expect(submission.status, target).toBe("success");
      if (submission.status !== "success") continue;
      expect(priceAlertWrite(submission.value)).toEqual({ skinId: "ak-47-redline", wear: "FT", variant: "normal", targetMinor: cents });
    }
    const stattrak = parse({ skinId: "ak-47-redline", wear: "MW", variant: "stattrak", target: "40" });
    expect(stattrak.status === "success" && priceAlertWrite(stattrak.value).variant).toBe("stattrak");
  });

  it("refuses targets that are not a price above 0 and up to 100,000 in cents, with a clear message", () => {
    expect(targetError("")).toBe(PRICE_ALERT_MESSAGES.target);
    expect(targetError("abc")).toBe(PRICE_ALERT_MESSAGES.target);
    expect(targetError("Infinity")).toBe(PRICE_ALERT_MESSAGES.target);
    expect(targetError("0")).toBe(PRICE_ALERT_MESSAGES.targetPositive);
    expect(targetError("-3")).toBe(PRICE_ALERT_MESSAGES.targetPositive);
    expect(targetError("100000.01")).toBe(PRICE_ALERT_MESSAGES.targetMax);
    expect(targetError("1.999")).toBe(PRICE_ALERT_MESSAGES.targetCents);
    expect(targetError("0.001")).toBe(PRICE_ALERT_MESSAGES.targetCents);
  });

  it("refuses a missing or unknown wear and variant", () => {
    const wear = parse({ skinId: "ak-47-redline", wear: "XX", target: "5" });
    expect(wear.status === "error" && wear.error?.wear?.[0]).toBe(PRICE_ALERT_MESSAGES.wear);
    const variant = parse({ skinId: "ak-47-redline", wear: "FT", variant: "golden", target: "5" });
    expect(variant.status === "error" && variant.error?.variant?.[0]).toBe(PRICE_ALERT_MESSAGES.variant);
    const skin = parse({ wear: "FT", target: "5" });
    expect(skin.status === "error" && skin.error?.skinId?.[0]).toBe(PRICE_ALERT_MESSAGES.skin);
  });
});
