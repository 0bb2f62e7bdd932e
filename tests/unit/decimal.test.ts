import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseDecimal } from "~/forms/decimal";
import { createLoadoutSchema } from "~/forms/loadouts";
import { trackerSchema } from "~/forms/resell";
import { saleSchema } from "~/forms/sale";
import { parseForm } from "~/server/http/form-reply.server";

const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
};

describe("a number field's text", () => {
  it("reads plain decimals, spaces around allowed", () => {
    expect(parseDecimal("16")).toBe(16);
    expect(parseDecimal("16.50")).toBe(16.5);
    expect(parseDecimal(" 0.25 ")).toBe(0.25);
    expect(parseDecimal(".5")).toBe(0.5);
    expect(parseDecimal("5.")).toBe(5);
    expect(parseDecimal("-1")).toBe(-1);
    expect(parseDecimal("007")).toBe(7);
  });

  it("refuses what Number() would read but a person does not write as a price: hex, binary, octal, exponents, Infinity", () => {
    for (const text of [
      "0x10",
      "0X10",
      "0b11",
      "0o17",
      "1e3",
      "1E-2",
      "Infinity",
      "-Infinity",
      "+5",
      "16,00",
      "$16",
      "1 000",
      "",
      " ",
      ".",
      "-",
      "1.2.3",
      "١٦",
    ]) {
      expect(parseDecimal(text), text).toBeNaN();
    }
  });

  it("reads every decimal a number field shows back as the same number", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), fc.integer({ min: 0, max: 99 }), (whole, cents) => {
        const text = `${whole}.${String(cents).padStart(2, "0")}`;
        expect(parseDecimal(text)).toBe(Number(text));
      }),
    );
  });

  it("is how every form's money and number fields are parsed: budget, buy price, float, sale price and fee refuse 0x10 with their own message", () => {
    const budget = parseForm(formOf({ title: "Hex", budget: "0x10" }), createLoadoutSchema);
    expect(budget.status).toBe("error");
    expect(budget.reply().error?.budget).toEqual(["Budget must be a number."]);
    const tracker = parseForm(formOf({ skinId: "ak-47-redline", wear: "FT", boughtAt: "2026-01-02", buyPrice: "0x10", wearValue: "0x0" }), trackerSchema());
    expect(Object.keys(tracker.reply().error ?? {}).sort()).toEqual(["buyPrice", "wearValue"]);
    const sale = parseForm(formOf({ intent: "sell", salePrice: "0x10", soldAt: "2026-01-10", market: "steam", feePercent: "1e1" }), saleSchema());
    expect(Object.keys(sale.reply().error ?? {}).sort()).toEqual(["feePercent", "salePrice"]);
    // The same fields, written plainly, pass.
    expect(parseForm(formOf({ title: "Plain", budget: "16.00" }), createLoadoutSchema).status).toBe("success");
  });
});
