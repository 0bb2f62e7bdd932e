// The European Central Bank's daily euro reference rates (eurofxref-daily.xml), read into the rates
// the site shows amounts with. The document (docs/features/currency.md):
//   <gesmes:Envelope ...><Cube><Cube time="2026-11-30"><Cube currency="USD" rate="1.0812"/>...</Cube></Cube></gesmes:Envelope>
// one rate per currency: how many units of it one euro buys, published on TARGET working days.
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { z } from "zod";
import { CURRENCY_CODES, STORED_CURRENCY, isCurrencyCode, type CurrencyCode } from "./currency";

/** A currency's euro rate as published: units of the currency one euro buys, on `date`. */
export interface EuroRate {
  currency: CurrencyCode;
  perEuro: number;
}

export type EcbParseResult = { ok: true; date: string; rates: EuroRate[]; missing: CurrencyCode[] } | { ok: false; error: string };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  removeNSPrefix: true,
  // Attribute values stay text: "1.0812" is read by Number below, "2026-11-30" stays a date.
  parseAttributeValue: false,
  // No entity expansion: the document has none, and a hostile one would only cost memory.
  processEntities: false,
  isArray: (_name, path) => path === "Envelope.Cube.Cube.Cube",
});

const rateText = z.string().regex(/^\d+(\.\d+)?$/, "a rate is a positive decimal");
const documentShape = z.object({
  Envelope: z.object({
    Cube: z.object({
      Cube: z.object({
        time: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "the day is YYYY-MM-DD"),
        Cube: z.array(z.object({ currency: z.string(), rate: rateText })),
      }),
    }),
  }),
});

/**
 * Reads the ECB's daily document. Every currency of the site it lists comes back with its euro
 * rate (EUR itself is 1); those it lacks are listed in `missing`. A document that is not XML, has
 * another shape, or lacks the US dollar (without which no rate can be worked out) is refused whole.
 */
export function parseEcbRates(xml: string): EcbParseResult {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) return { ok: false, error: `Rates document is not XML (${valid.err.msg} at line ${valid.err.line})` };
  const shaped = documentShape.safeParse(parser.parse(xml));
  if (!shaped.success) {
    const issue = shaped.error.issues[0];
    return { ok: false, error: `Rates document has another shape (${issue?.path.join(".")}: ${issue?.message})` };
  }
  const day = shaped.data.Envelope.Cube.Cube;
  const published = new Map<CurrencyCode, number>([["EUR", 1]]);
  for (const { currency, rate } of day.Cube) {
    const perEuro = Number(rate);
    if (isCurrencyCode(currency) && perEuro > 0 && Number.isFinite(perEuro)) published.set(currency, perEuro);
  }
  if (!published.has(STORED_CURRENCY)) return { ok: false, error: "Rates document has no USD rate" };
  const rates = CURRENCY_CODES.flatMap((currency) => {
    const perEuro = published.get(currency);
    return perEuro === undefined ? [] : [{ currency, perEuro }];
  });
  return { ok: true, date: day.time, rates, missing: CURRENCY_CODES.filter((currency) => !published.has(currency)) };
}
