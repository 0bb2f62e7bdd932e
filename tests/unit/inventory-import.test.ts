import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCsv, toCsv } from "~/domain/csv";
import { IMPORT_PARSE_MESSAGES, matchImport, parseImport, SKIP_REASONS, type ImportSkin } from "~/domain/inventory-import";
import { MARKETS, type Market } from "~/domain/market-fees";
import { floatText, TRACKER_CSV_HEADER, trackerCsvRow, type CsvTracker } from "~/domain/tracker-csv";
import { VARIANTS } from "~/domain/variants";
import { wearForFloat, WEARS } from "~/domain/wear";

const description = (classid: string, name: string, extra: Record<string, unknown> = {}) => ({
  appid: 730,
  classid,
  instanceid: "0",
  market_hash_name: name,
  ...extra,
});
const asset = (assetid: string, classid: string) => ({ appid: 730, contextid: "2", assetid, classid, instanceid: "0", amount: "1" });

describe("a Steam inventory", () => {
  it("reads the assets + descriptions shape: skins to match, the rest with its reason", () => {
    const inventory = {
      assets: [asset("1", "10"), asset("2", "11"), asset("3", "12"), asset("4", "13"), asset("5", "14"), asset("1", "10"), asset("6", "99")],
      descriptions: [
        description("10", "AK-47 | Redline (Field-Tested)"),
        description("11", "StatTrak™ AWP | Asiimov (Battle-Scarred)"),
        description("12", "Sticker | Titan (Holo) | Katowice 2014", { tags: [{ category: "Type", internal_name: "CSGO_Tool_Sticker" }] }),
        description("13", "Operation Bravo Case"),
        description("14", "Sir Bloody Miami Darryl | The Professionals"),
      ],
      total_inventory_count: 7,
    };
    const parsed = parseImport(JSON.stringify(inventory));
    expect(parsed).toEqual({
      ok: true,
      format: "steam",
      lines: [
        {
          label: "AK-47 | Redline (Field-Tested)",
          item: {
            skin: { by: "name", name: "AK-47 | Redline" },
            wear: "FT",
            variant: "normal",
            wearValue: null,
            assetId: "1",
            exportKey: null,
            bought: null,
            notes: null,
            sale: null,
          },
        },
        {
          label: "StatTrak™ AWP | Asiimov (Battle-Scarred)",
          item: {
            skin: { by: "name", name: "AWP | Asiimov" },
            wear: "BS",
            variant: "stattrak",
            wearValue: null,
            assetId: "2",
            exportKey: null,
            bought: null,
            notes: null,
            sale: null,
          },
        },
        { label: "Sticker | Titan (Holo) | Katowice 2014", reason: "stickerOrCase" },
        { label: "Operation Bravo Case", reason: "stickerOrCase" },
        { label: "Sir Bloody Miami Darryl | The Professionals", reason: "notASkin" },
        { label: "AK-47 | Redline (Field-Tested)", reason: "duplicate" },
        { label: "Item 6", reason: "unknown" },
      ],
    });
  });

  it("reads the older rgInventory + rgDescriptions shape", () => {
    const parsed = parseImport(
      JSON.stringify({
        success: true,
        rgInventory: { "7": { id: "7", classid: "20", instanceid: "5", amount: "1", pos: 1 } },
        rgDescriptions: { "20_5": { appid: "730", classid: "20", instanceid: "5", market_hash_name: "Souvenir AWP | Dragon Lore (Factory New)" } },
      }),
    );
    expect(parsed.ok && parsed.lines).toEqual([
      {
        label: "Souvenir AWP | Dragon Lore (Factory New)",
        item: {
          skin: { by: "name", name: "AWP | Dragon Lore" },
          wear: "FN",
          variant: "souvenir",
          wearValue: null,
          assetId: "7",
          exportKey: null,
          bought: null,
          notes: null,
          sale: null,
        },
      },
    ]);
  });

  it("refuses what is not JSON, not an inventory, or too long", () => {
    expect(parseImport('{"assets": [')).toEqual({ ok: false, message: IMPORT_PARSE_MESSAGES.notJson });
    expect(parseImport('{"items": []}')).toEqual({ ok: false, message: IMPORT_PARSE_MESSAGES.notInventory });
    expect(parseImport('{"assets": [{"classid": "1"}], "descriptions": []}')).toEqual({
      ok: false,
      message: "Item 1 of the inventory has no assetid or classid.",
    });
    const many = { assets: Array.from({ length: 1001 }, (_, i) => asset(String(i + 1), "10")), descriptions: [] };
    expect(parseImport(JSON.stringify(many))).toEqual({ ok: false, message: IMPORT_PARSE_MESSAGES.tooMany });
  });
});

describe("the tracker's CSV", () => {
  it("reads the export's columns, neutralising formula signs in the notes as the export does", () => {
    const csv = toCsv([
      ["Skin", "Skin ID", "Wear", "Float", "Bought date", "Buy price", "Notes", "Variant", "Sold date", "Sale price", "Market", "Fee override %"],
      ["AK-47 | Redline", "ak-47-redline", "FT", 0.25, "2026-01-02", 20, "=HYPERLINK(1)", "stattrak", "2026-01-10", 30, "Skinport", null],
    ]);
    // The export wrote the apostrophe already; a hand-made CSV without it gets it on the way in.
    const handMade = csv.replace("'=HYPERLINK", "=HYPERLINK");
    for (const text of [csv, handMade]) {
      const parsed = parseImport(text);
      expect(parsed.ok && parsed.lines).toEqual([
        {
          label: "AK-47 | Redline",
          item: {
            skin: { by: "id", id: "ak-47-redline" },
            wear: "FT",
            variant: "stattrak",
            wearValue: 0.25,
            assetId: null,
            exportKey: null,
            bought: { date: "2026-01-02", priceCents: 2000 },
            notes: "'=HYPERLINK(1)",
            sale: { priceCents: 3000, soldAt: "2026-01-10", market: "skinport", feeBasisPoints: null },
          },
        },
      ]);
    }
  });

  it("refuses a CSV that is not the export, naming the row", () => {
    const header = "Skin,Skin ID,Wear,Bought date,Buy price";
    expect(parseImport('a,"b\r\n')).toEqual({
      ok: false,
      message: "This CSV is not a resell tracker export: line 1 has a quote that is not closed or stands inside a cell.",
    });
    expect(parseImport("Skin,Wear\r\nx,FT")).toEqual({
      ok: false,
      message: 'This CSV is not a resell tracker export: the first row has no column "Skin ID", "Bought date", "Buy price".',
    });
    const refusal = (row: string) => {
      const parsed = parseImport(`${header}\r\nx,x-id,${row}`);
      return parsed.ok ? null : parsed.message;
    };
    expect(refusal("XX,2026-01-02,1")).toContain("row 2: the wear");
    expect(refusal("FT,2026-02-30,1")).toContain("row 2: the bought date");
    expect(refusal("FT,2026-01-02,1.001")).toContain("row 2: the buy price");
    expect(parseImport(header)).toEqual({ ok: false, message: IMPORT_PARSE_MESSAGES.empty });
  });

  it("reads the tracker key and Steam asset ID; the same key or asset a second time is a Duplicate; a malformed one refuses the file", () => {
    const header = "Skin,Skin ID,Wear,Bought date,Buy price,Tracker key,Steam asset ID";
    const [a, b] = ["0123456789abcdef0123456789abcdef", "fedcba9876543210fedcba9876543210"];
    const parsed = parseImport(
      `${header}\r\nA,ak-47-redline,FT,2026-01-02,1,${a},77\r\nB,ak-47-redline,FT,2026-01-02,1,${a},\r\nC,ak-47-redline,FT,2026-01-02,1,${b},77\r\nD,ak-47-redline,FT,2026-01-02,1,,`,
    );
    expect(
      parsed.ok && parsed.lines.map((line) => ("item" in line ? [line.label, line.item.exportKey, line.item.assetId] : [line.label, line.reason])),
    ).toEqual([
      ["A", a, "77"],
      ["B", "duplicate"],
      ["C", "duplicate"],
      ["D", null, null],
    ]);
    const refusal = (key: string, assetId = "") => {
      const answer = parseImport(`${header}\r\nA,ak-47-redline,FT,2026-01-02,1,${a},\r\nB,ak-47-redline,FT,2026-01-02,1,${key},${assetId}`);
      return answer.ok ? null : answer.message;
    };
    for (const key of [a.toUpperCase(), a.slice(1), `${a}0`, "g".repeat(32)]) {
      expect(refusal(key)).toBe("This CSV is not a resell tracker export: row 3: the tracker key is not 32 characters of 0-9 and a-f.");
    }
    expect(refusal(b, "12x")).toBe("This CSV is not a resell tracker export: row 3: the Steam asset ID is not a number of up to 20 digits.");
    expect(refusal(b, "1".repeat(21))).toContain("row 3: the Steam asset ID");
  });

  // The export's rows carry "USD" (its round trip is the property below).
  it("names its currency in a column, and reads no other currency back", () => {
    expect(TRACKER_CSV_HEADER.at(-1)).toBe("Currency");
    const header = "Skin,Skin ID,Wear,Bought date,Buy price,Currency";
    for (const currency of ["USD", "usd", ""]) expect(parseImport(`${header}\r\nA,ak-47-redline,FT,2026-01-02,12.50,${currency}`).ok).toBe(true);
    expect(parseImport(`${header}\r\nA,ak-47-redline,FT,2026-01-02,12.50,EUR`)).toEqual({
      ok: false,
      message: "This CSV is not a resell tracker export: row 2: the amounts are in EUR; only US dollars (USD) are read.",
    });
  });

  it("reads a float as the tracker form does, plain decimals only; the export writes a tiny one that way", () => {
    const header = "Skin,Skin ID,Wear,Float,Bought date,Buy price,Variant";
    for (const float of ["0x1", "2e-1", "Infinity", "0b1", " 1e0"])
      expect(parseImport(`${header}\r\nA,ak-47-redline,FN,${float},2026-11-01,5,normal`)).toEqual({
        ok: false,
        message: "This CSV is not a resell tracker export: row 2: the float is not a number from 0 to 1.",
      });
    expect(floatText(1e-7)).toBe("0.0000001");
    expect(Number(floatText(5e-324))).toBe(5e-324);
    expect(floatText(1.5e-7)).toBe("0.00000015");
    expect(floatText(0.25)).toBe("0.25");
  });

  it("does not offer a row whose Wear contradicts its Float: the float decides the wear, as on the resell form", () => {
    const header = "Skin,Skin ID,Wear,Float,Bought date,Buy price,Variant";
    const parsed = parseImport(
      [
        header,
        "MAC-10 | Heat,mac-10-heat,FN,0.9,2026-11-01,5,normal",
        "MAC-10 | Heat,mac-10-heat,BS,0.9,2026-11-01,5,normal",
        // A band's lower edge belongs to it (0.07 is Minimal Wear), and a float just below it to the band before.
        "MAC-10 | Heat,mac-10-heat,FN,0.07,2026-11-01,5,normal",
        "MAC-10 | Heat,mac-10-heat,MW,0.07,2026-11-01,5,normal",
        "MAC-10 | Heat,mac-10-heat,FT,0.149999,2026-11-01,5,normal",
        "MAC-10 | Heat,mac-10-heat,FN,,2026-11-01,5,normal",
      ].join("\r\n"),
    );
    expect(parsed.ok && parsed.lines.map((line) => ("item" in line ? [line.item.wear, line.item.wearValue] : line.reason))).toEqual([
      "wearMismatch",
      ["BS", 0.9],
      "wearMismatch",
      ["MW", 0.07],
      "wearMismatch",
      ["FN", null],
    ]);
    expect(SKIP_REASONS.wearMismatch).toBe("Wear does not match the float");
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(...WEARS), (float, wear) => {
        const answer = parseImport(`${header}\r\nA,ak-47-redline,${wear},${floatText(float)},2026-11-01,5,normal`);
        const [line] = answer.ok ? answer.lines : [];
        expect(line && "item" in line).toBe(wearForFloat(float) === wear);
      }),
    );
  });

  it("parses what toCsv writes, cell for cell", () => {
    const text = fc.string({ maxLength: 30 }).filter((s) => s.trim() === s);
    fc.assert(
      fc.property(fc.array(fc.array(text, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const parsed = parseCsv(toCsv(rows));
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        expect(parsed.rows.map((row) => row.map((cell) => cell.replace(/^'(?=[=+\-@\t\r])/u, "")))).toEqual(
          rows.map((row) => row.map((cell) => cell.replace(/^'(?=[=+\-@\t\r])/u, ""))),
        );
      }),
    );
  });

  it("reads back every tracker the export writes (the round trip)", () => {
    const money = fc.integer({ min: 0, max: 100_000_000 });
    const date = fc.date({ min: new Date("2020-01-01"), max: new Date("2026-11-01"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    const tracker: fc.Arbitrary<CsvTracker> = fc
      .record({
        wear: fc.constantFrom(...WEARS),
        wearValue: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }),
        boughtAt: date,
        buyPriceCents: money,
        currentCents: money,
        notes: fc.option(
          fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() === s && !/^[=+\-@\t\r＝＋－＠﹦﹢﹣﹫]/u.test(s)),
          { nil: null },
        ),
        variant: fc.constantFrom(...VARIANTS),
        exportKey: fc.stringMatching(/^[0-9a-f]{32}$/),
        steamAssetId: fc.option(fc.stringMatching(/^[1-9]\d{0,19}$/), { nil: null }),
        sale: fc.option(
          fc.record({ priceCents: money, market: fc.constantFrom<Market>(...MARKETS), fee: fc.option(fc.integer({ min: 0, max: 9999 }), { nil: null }) }),
          {
            nil: null,
          },
        ),
      })
      .map(({ sale, ...t }) => ({
        ...t,
        // A tracker's float decides its wear (the resell form and the import keep them agreeing).
        wear: t.wearValue === null ? t.wear : wearForFloat(t.wearValue)!,
        skinName: "AK-47 | Redline",
        skinId: "ak-47-redline",
        createdAt: 0,
        soldAt: sale ? t.boughtAt : null,
        saleMarket: sale?.market ?? null,
        saleFeeBasisPoints: sale?.fee ?? null,
        sale: sale ? { priceCents: sale.priceCents, feeCents: 0 } : null,
      }));
    fc.assert(
      // Keys and asset ids distinct, as an account's trackers are (else the second is a Duplicate).
      fc.property(fc.uniqueArray(tracker, { minLength: 1, maxLength: 5, selector: (t) => t.exportKey }), (listed) => {
        const trackers = listed.filter((t, i) => t.steamAssetId === null || listed.findIndex((u) => u.steamAssetId === t.steamAssetId) === i);
        const parsed = parseImport(toCsv([TRACKER_CSV_HEADER, ...trackers.map((t) => trackerCsvRow(t, "UTC"))]));
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        expect(parsed.lines).toEqual(
          trackers.map((t) => ({
            label: t.skinName,
            item: {
              skin: { by: "id", id: t.skinId },
              wear: t.wear,
              variant: t.variant,
              wearValue: t.wearValue,
              assetId: t.steamAssetId,
              exportKey: t.exportKey,
              bought: { date: t.boughtAt, priceCents: t.buyPriceCents },
              notes: t.notes,
              sale: t.sale ? { priceCents: t.sale.priceCents, soldAt: t.soldAt, market: t.saleMarket, feeBasisPoints: t.saleFeeBasisPoints } : null,
            },
          })),
        );
      }),
    );
  });
});

describe("matching against the catalogue", () => {
  const NOTHING_TRACKED = { assetIds: new Set<string>(), exportKeys: new Set<string>() };
  const redline: ImportSkin = {
    id: "ak-47-redline",
    name: "AK-47 | Redline",
    minFloat: 0.1,
    maxFloat: 0.7,
    stattrak: true,
    souvenir: false,
    wears: [
      { wear: "FN", enabled: false, priceCents: 0 },
      { wear: "FT", enabled: true, priceCents: 1234 },
    ],
    variantPrices: [{ variant: "stattrak", wear: "FT", priceCents: 4321 }],
  };
  const line = (name: string) => {
    const parsed = parseImport(JSON.stringify({ assets: [asset("1", "1")], descriptions: [description("1", name)] }));
    return parsed.ok ? parsed.lines : [];
  };

  it("offers today's price of the wear and variant, and today's date", () => {
    expect(matchImport(line("StatTrak™ AK-47 | Redline (Field-Tested)"), [redline], "2026-11-26", NOTHING_TRACKED)).toEqual([
      {
        label: "StatTrak™ AK-47 | Redline (Field-Tested)",
        reason: null,
        match: {
          skinId: "ak-47-redline",
          skinName: "AK-47 | Redline",
          wear: "FT",
          variant: "stattrak",
          wearValue: null,
          assetId: "1",
          exportKey: null,
          priceCents: 4321,
          boughtAt: "2026-11-26",
          notes: null,
          sale: null,
        },
      },
    ]);
  });

  it("calls a name, wear or variant the catalogue does not have an unknown name", () => {
    for (const name of ["AK-47 | Redline (Factory New)", "Souvenir AK-47 | Redline (Field-Tested)", "AK-47 | Redlin (Field-Tested)"]) {
      expect(matchImport(line(name), [redline], "2026-11-26", NOTHING_TRACKED)).toEqual([{ label: name, match: null, reason: "unknown" }]);
    }
  });

  it("does not offer a CSV row whose tracker key or asset id the account tracks; offers it with both kept otherwise", () => {
    const key = "0123456789abcdef0123456789abcdef";
    const parsed = parseImport(`Skin,Skin ID,Wear,Bought date,Buy price,Tracker key,Steam asset ID\r\nA,ak-47-redline,FT,2026-01-02,1,${key},9`);
    const lines = parsed.ok ? parsed.lines : [];
    const reason = (tracked: { assetIds: Set<string>; exportKeys: Set<string> }) => matchImport(lines, [redline], "2026-11-26", tracked)[0]?.reason;
    expect(reason({ assetIds: new Set(), exportKeys: new Set([key]) })).toBe("tracked");
    expect(reason({ assetIds: new Set(["9"]), exportKeys: new Set() })).toBe("tracked");
    const offered = matchImport(lines, [redline], "2026-11-26", { assetIds: new Set(["8"]), exportKeys: new Set([key.replace("0", "1")]) })[0];
    expect(offered?.match).toMatchObject({ exportKey: key, assetId: "9", priceCents: 100, boughtAt: "2026-01-02" });
  });

  it("does not offer an asset the account tracks already", () => {
    const name = "AK-47 | Redline (Field-Tested)";
    expect(matchImport(line(name), [redline], "2026-11-26", { assetIds: new Set(["2", "1"]), exportKeys: new Set() })).toEqual([
      { label: name, match: null, reason: "tracked" },
    ]);
    expect(matchImport(line(name), [redline], "2026-11-26", { assetIds: new Set(["2"]), exportKeys: new Set(["1"]) })[0]?.reason).toBeNull();
  });
});
