// Reading an inventory to import as resell trackers: a Steam inventory as JSON (the inventory
// endpoint's `assets` + `descriptions`, or the older `rgInventory` + `rgDescriptions`) or the
// tracker's own CSV export. The text is data only: names are matched to the catalogue exactly
// (never by similarity) and shown as text. Rules and wording: docs/features/collector-tools.md.
import { parseDecimal } from "~/forms/decimal";
import { neutraliseFormula, parseCsv } from "./csv";
import { ACCOUNT_LIMITS } from "./limits";
import { MARKET_NAMES, MARKETS, MAX_FEE_BASIS_POINTS, type Market } from "./market-fees";
import { parseMarketName } from "./market-names";
import { isCalendarDate } from "./trade-lock";
import { CSV_CURRENCY, type TRACKER_CSV_HEADER } from "./tracker-csv";
import { VARIANTS, type Variant } from "./variants";
import { isWear, wearForFloat, type Wear } from "./wear";

/** The most an import may read: a pasted text or an uploaded file. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** The most items one import lists: an account holds no more trackers than that. */
export const IMPORT_MAX_ITEMS = ACCOUNT_LIMITS.trackers;
/** Above any real price (the resell form's limit), so cents stay safe integers. */
const MAX_PRICE_DOLLARS = 1_000_000;
const NOTES_MAX = 1000;

/** Why an item of the input is not offered for import, as the preview says it. */
export const SKIP_REASONS = {
  notASkin: "Not a weapon skin",
  stickerOrCase: "Sticker or case",
  unknown: "Unknown name",
  wearMismatch: "Wear does not match the float",
  duplicate: "Duplicate",
  tracked: "Already tracked",
} as const;
export type SkipReason = keyof typeof SKIP_REASONS;

export interface ImportedSale {
  priceCents: number;
  soldAt: string;
  market: Market;
  feeBasisPoints: number | null;
}

/** An item the input names as a weapon finish, before the catalogue is asked. */
export interface ImportCandidate {
  /** Steam names the skin ("AK-47 | Redline"), the CSV gives its id. */
  skin: { by: "name"; name: string } | { by: "id"; id: string };
  wear: Wear;
  variant: Variant;
  wearValue: number | null;
  /** Steam's asset id, which the tracker keeps so the asset is not imported twice (the CSV's when it has one). */
  assetId: string | null;
  /** The CSV's tracker key, which the new tracker keeps so the export is not imported twice (ADR 079); null from Steam. */
  exportKey: string | null;
  /** The CSV's bought date and price; null from Steam (today's date and price are offered). */
  bought: { date: string; priceCents: number } | null;
  notes: string | null;
  sale: ImportedSale | null;
}

export type ImportLine = { label: string; item: ImportCandidate } | { label: string; reason: SkipReason };

export type ParsedImport = { ok: true; format: "steam" | "csv"; lines: ImportLine[] } | { ok: false; message: string };

export const IMPORT_PARSE_MESSAGES = {
  notJson: "This is not valid JSON. Copy the whole inventory, from the first { to the last }.",
  notInventory: "This JSON is not a Steam inventory: it needs assets and descriptions (or rgInventory and rgDescriptions).",
  tooMany: `The inventory lists more than ${ACCOUNT_LIMITS.trackers.toLocaleString("en-US")} items. Import it in parts.`,
  empty: "The inventory lists no items.",
} as const;

/** Reads the text as JSON when it starts with "{", as the tracker's CSV otherwise. */
export function parseImport(text: string): ParsedImport {
  const body = text.replace(/^\uFEFF/, "").trim();
  const parsed = body.startsWith("{") ? parseSteamInventory(body) : parseTrackerCsv(body);
  if (!parsed.ok) return parsed;
  if (parsed.lines.length === 0) return { ok: false, message: IMPORT_PARSE_MESSAGES.empty };
  if (parsed.lines.length > IMPORT_MAX_ITEMS) return { ok: false, message: IMPORT_PARSE_MESSAGES.tooMany };
  return parsed;
}

// --- Steam inventory JSON ---

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
/** An id as Steam writes it: a string of digits, or a number in old dumps. */
const idOf = (value: unknown): string | null =>
  (typeof value === "string" && /^\d{1,20}$/.test(value)) || (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) ? String(value) : null;

/** The Type tags of containers and stickers (`tags[].internal_name` where `category` is "Type"). */
const CONTAINER_OR_STICKER_TYPES = new Set(["CSGO_Type_WeaponCase", "CSGO_Tool_Sticker", "CSGO_Tool_WeaponCase_KeyTag"]);
const CONTAINER = /(Case|Capsule|Package|Key)$/;
const CS2_APP_ID = "730";

interface SteamAsset {
  assetId: string;
  classId: string;
  instanceId: string;
}

/** Parses the inventory endpoint's JSON (either shape) into one line per asset. */
export function parseSteamInventory(text: string): ParsedImport {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: IMPORT_PARSE_MESSAGES.notJson };
  }
  if (!isObject(value)) return { ok: false, message: IMPORT_PARSE_MESSAGES.notInventory };
  const shape =
    Array.isArray(value.assets) && Array.isArray(value.descriptions)
      ? { assets: value.assets, descriptions: value.descriptions }
      : isObject(value.rgInventory) && isObject(value.rgDescriptions)
        ? { assets: Object.values(value.rgInventory), descriptions: Object.values(value.rgDescriptions) }
        : null;
  if (!shape) return { ok: false, message: IMPORT_PARSE_MESSAGES.notInventory };
  if (shape.assets.length > IMPORT_MAX_ITEMS) return { ok: false, message: IMPORT_PARSE_MESSAGES.tooMany };

  const assets: SteamAsset[] = [];
  for (const [index, asset] of (shape.assets as unknown[]).entries()) {
    const fields: Json = isObject(asset) ? asset : {};
    const assetId = idOf(fields.assetid ?? fields.id);
    const classId = idOf(fields.classid);
    if (!assetId || !classId) return { ok: false, message: `Item ${index + 1} of the inventory has no assetid or classid.` };
    assets.push({ assetId, classId, instanceId: idOf(fields.instanceid) ?? "0" });
  }
  const descriptions = new Map<string, Json>();
  for (const description of shape.descriptions as unknown[]) {
    const classId = isObject(description) ? idOf(description.classid) : null;
    if (isObject(description) && classId) descriptions.set(`${classId}_${idOf(description.instanceid) ?? "0"}`, description);
  }

  const seen = new Set<string>();
  const lines = assets.map((asset): ImportLine => {
    const description = descriptions.get(`${asset.classId}_${asset.instanceId}`);
    const name = typeof description?.market_hash_name === "string" ? description.market_hash_name.slice(0, 200) : "";
    const label = name || `Item ${asset.assetId}`;
    if (seen.has(asset.assetId)) return { label, reason: "duplicate" };
    seen.add(asset.assetId);
    if (!description || !name) return { label, reason: "unknown" };
    if (description.appid !== undefined && idOf(description.appid) !== CS2_APP_ID) return { label, reason: "notASkin" };
    if (CONTAINER_OR_STICKER_TYPES.has(steamType(description) ?? "")) return { label, reason: "stickerOrCase" };
    const line = classifyMarketName(name);
    return "item" in line ? { label, item: { ...line.item, assetId: asset.assetId } } : line;
  });
  return { ok: true, format: "steam", lines };
}

/** The internal name of a description's Type tag, if it has one. */
function steamType(description: Json): string | null {
  if (!Array.isArray(description.tags)) return null;
  const tag = description.tags.find((t): t is Json => isObject(t) && t.category === "Type");
  return typeof tag?.internal_name === "string" ? tag.internal_name : null;
}

/** A market name as an import line: a weapon finish to look up, or why it is skipped. */
export function classifyMarketName(name: string): ImportLine {
  const parsed = parseMarketName(name);
  if (parsed === null) return { label: name, reason: "notASkin" };
  if (parsed.kind === "sticker") return { label: name, reason: "stickerOrCase" };
  if (parsed.kind === "container-or-key") return { label: name, reason: CONTAINER.test(parsed.name) ? "stickerOrCase" : "notASkin" };
  // The catalogue lists finishes with a wear only (no vanilla knives).
  if (parsed.finish === null || parsed.wear === null) return { label: name, reason: "unknown" };
  return {
    label: name,
    item: {
      skin: { by: "name", name: `${parsed.weapon} | ${parsed.finish}` },
      wear: parsed.wear,
      variant: parsed.variant,
      wearValue: null,
      assetId: null,
      exportKey: null,
      bought: null,
      notes: null,
      sale: null,
    },
  };
}

// --- The tracker's CSV export ---

const REQUIRED_COLUMNS = ["Skin", "Skin ID", "Wear", "Bought date", "Buy price"] as const;
type Column = (typeof TRACKER_CSV_HEADER)[number];
const MARKET_BY_NAME = new Map<string, Market>(MARKETS.map((market) => [MARKET_NAMES[market], market]));

/** Dollars as written by the export (or typed in a spreadsheet): at most two decimals, within the form's range. */
function priceCents(text: string): number | null {
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) return null;
  const dollars = Number(text);
  return dollars <= MAX_PRICE_DOLLARS ? Math.round(dollars * 100) : null;
}

/** Parses the tracker's CSV export: one line per row, the bought date, price, notes and sale as written. */
export function parseTrackerCsv(text: string): ParsedImport {
  const csv = parseCsv(text);
  const refuse = (detail: string): ParsedImport => ({ ok: false, message: `This CSV is not a resell tracker export: ${detail}` });
  if (!csv.ok) return refuse(`line ${csv.line} has a quote that is not closed or stands inside a cell.`);
  const [header, ...rows] = csv.rows;
  const columns = new Map((header ?? []).map((name, index) => [name.trim(), index]));
  const missing = REQUIRED_COLUMNS.filter((name) => !columns.has(name));
  if (missing.length > 0) return refuse(`the first row has no column ${missing.map((name) => `"${name}"`).join(", ")}.`);
  const body = rows.flatMap((row, index) => (row.some((cell) => cell.trim() !== "") ? [{ row, number: index + 2 }] : []));
  if (body.length > IMPORT_MAX_ITEMS) return { ok: false, message: IMPORT_PARSE_MESSAGES.tooMany };

  const lines: ImportLine[] = [];
  const seen = new Set<string>();
  for (const { row, number } of body) {
    if (row.length > (header?.length ?? 0)) return refuse(`row ${number} has more cells than the first row.`);
    const cell = (name: Column) => {
      const at = columns.get(name);
      return at === undefined ? "" : (row[at] ?? "").trim();
    };
    const item = csvItem(cell);
    if (typeof item === "string") return refuse(`row ${number}: ${item}`);
    const label = cell("Skin").slice(0, 200) || cell("Skin ID").slice(0, 200);
    // A tracker key or asset id a row above gave already: the same tracker listed twice.
    const ids = [item.exportKey && `key ${item.exportKey}`, item.assetId && `asset ${item.assetId}`].filter((id) => id !== null);
    if (ids.some((id) => seen.has(id))) lines.push({ label, reason: "duplicate" });
    // The float decides the wear, as on the resell form: a Wear cell naming another band is refused, not trusted.
    else if (item.wearValue !== null && wearForFloat(item.wearValue) !== item.wear) lines.push({ label, reason: "wearMismatch" });
    else lines.push({ label, item });
    for (const id of ids) seen.add(id);
  }
  return { ok: true, format: "csv", lines };
}

/** One row's item, or what is wrong with it. */
function csvItem(cell: (name: Column) => string): ImportCandidate | string {
  const skinId = cell("Skin ID");
  if (skinId === "" || skinId.length > 200) return "the skin ID is missing.";
  const wear = cell("Wear");
  if (!isWear(wear)) return `the wear "${wear.slice(0, 20)}" is not one of FN, MW, FT, WW, BS.`;
  const floatText = cell("Float");
  // Plain decimals only, as the tracker form reads its float ("0x1" and "2e-1" are no floats).
  const wearValue = floatText === "" ? null : parseDecimal(floatText);
  if (wearValue !== null && !(Number.isFinite(wearValue) && wearValue >= 0 && wearValue <= 1)) return "the float is not a number from 0 to 1.";
  const boughtAt = cell("Bought date");
  if (!isCalendarDate(boughtAt)) return "the bought date is not a date (YYYY-MM-DD).";
  // An export before the column was added has none: its amounts were US dollars too.
  const currency = cell("Currency").toUpperCase();
  if (currency !== "" && currency !== CSV_CURRENCY) return `the amounts are in ${currency.slice(0, 10)}; only US dollars (USD) are read.`;
  const buyPrice = priceCents(cell("Buy price"));
  if (buyPrice === null) return "the buy price is not an amount in dollars.";
  const variantText = cell("Variant") || "normal";
  const variant = VARIANTS.find((v) => v === variantText);
  if (!variant) return `the variant "${variantText.slice(0, 20)}" is not normal, stattrak or souvenir.`;
  const notes = neutraliseFormula(cell("Notes"));
  if (notes.length > NOTES_MAX) return `the notes are longer than ${NOTES_MAX} characters.`;
  const sale = csvSale(cell);
  if (typeof sale === "string") return sale;
  const exportKey = cell("Tracker key");
  if (exportKey !== "" && !isExportKey(exportKey)) return "the tracker key is not 32 characters of 0-9 and a-f.";
  const assetId = cell("Steam asset ID");
  if (assetId !== "" && !/^\d{1,20}$/.test(assetId)) return "the Steam asset ID is not a number of up to 20 digits.";
  return {
    skin: { by: "id", id: skinId },
    wear,
    variant,
    wearValue,
    assetId: assetId === "" ? null : assetId,
    exportKey: exportKey === "" ? null : exportKey,
    bought: { date: boughtAt, priceCents: buyPrice },
    notes: notes === "" ? null : notes,
    sale,
  };
}

/** A tracker's export key as the export writes it: 32 lowercase hex digits (16 random bytes). */
export function isExportKey(text: string): boolean {
  return /^[0-9a-f]{32}$/.test(text);
}

function csvSale(cell: (name: Column) => string): ImportedSale | null | string {
  const [soldAt, priceText, marketName, feeText] = [cell("Sold date"), cell("Sale price"), cell("Market"), cell("Fee override %")];
  if (soldAt === "" && priceText === "" && marketName === "" && feeText === "") return null;
  if (!isCalendarDate(soldAt)) return "the sold date is not a date (YYYY-MM-DD).";
  const price = priceCents(priceText);
  if (price === null) return "the sale price is not an amount in dollars.";
  const market = MARKET_BY_NAME.get(marketName);
  if (!market) return `the market "${marketName.slice(0, 40)}" is not one the tracker knows.`;
  if (feeText === "") return { priceCents: price, soldAt, market, feeBasisPoints: null };
  const fee = /^\d{1,2}(\.\d{1,2})?$/.test(feeText) ? Math.round(Number(feeText) * 100) : Number.NaN;
  if (!(fee <= MAX_FEE_BASIS_POINTS)) return "the fee override is not a percentage from 0 to 99.99.";
  return { priceCents: price, soldAt, market, feeBasisPoints: fee };
}

// --- Matching against the catalogue ---

/** A catalogue skin as the import needs it: its name, range, variants and today's prices. */
export interface ImportSkin {
  id: string;
  name: string;
  minFloat: number;
  maxFloat: number;
  stattrak: boolean;
  souvenir: boolean;
  wears: readonly { wear: Wear; enabled: boolean; priceCents: number }[];
  variantPrices: readonly { variant: "stattrak" | "souvenir"; wear: Wear; priceCents: number }[];
}

export interface ImportMatch {
  skinId: string;
  skinName: string;
  wear: Wear;
  variant: Variant;
  wearValue: number | null;
  assetId: string | null;
  exportKey: string | null;
  /** What the preview offers: the CSV's buy price and date, else today's price (null when none) and today. */
  priceCents: number | null;
  boughtAt: string;
  notes: string | null;
  sale: ImportedSale | null;
}

export type PreviewRow = { label: string; match: ImportMatch; reason: null } | { label: string; match: null; reason: SkipReason };

/** The names and ids the lines ask the catalogue for. */
export function catalogueKeys(lines: readonly ImportLine[]): { names: string[]; ids: string[] } {
  const names = new Set<string>();
  const ids = new Set<string>();
  for (const line of lines) {
    if (!("item" in line)) continue;
    if (line.item.skin.by === "name") names.add(line.item.skin.name);
    else ids.add(line.item.skin.id);
  }
  return { names: [...names], ids: [...ids] };
}

/** What identifies a tracker across imports: Steam asset ids and the CSV's tracker keys. */
export interface TrackedIds {
  assetIds: ReadonlySet<string>;
  exportKeys: ReadonlySet<string>;
}

/** The Steam asset ids and tracker keys of the lines' items: the ones to ask whether the account tracks already. */
export function importIdentities(lines: readonly ImportLine[]): { assetIds: string[]; exportKeys: string[] } {
  const items = lines.flatMap((line) => ("item" in line ? [line.item] : []));
  return {
    assetIds: items.flatMap((item) => (item.assetId === null ? [] : [item.assetId])),
    exportKeys: items.flatMap((item) => (item.exportKey === null ? [] : [item.exportKey])),
  };
}

/**
 * Each line matched to a catalogue skin by its exact name (Steam) or id (CSV), in a wear the skin
 * has and a variant it comes in (and a float within its range); anything else is an unknown name.
 * An asset or CSV row the account tracks already (`tracked`: its asset ids and tracker keys) is not
 * offered again.
 */
export function matchImport(lines: readonly ImportLine[], skins: readonly ImportSkin[], today: string, tracked: TrackedIds): PreviewRow[] {
  const byName = new Map<string, ImportSkin[]>();
  for (const skin of skins) byName.set(skin.name, [...(byName.get(skin.name) ?? []), skin]);
  const byId = new Map(skins.map((skin) => [skin.id, skin]));
  return lines.map((line): PreviewRow => {
    if (!("item" in line)) return { label: line.label, match: null, reason: line.reason };
    const { item } = line;
    if ((item.assetId !== null && tracked.assetIds.has(item.assetId)) || (item.exportKey !== null && tracked.exportKeys.has(item.exportKey)))
      return { label: line.label, match: null, reason: "tracked" };
    const named = item.skin.by === "name" ? byName.get(item.skin.name) : undefined;
    // A name two catalogue skins share is refused, not guessed.
    const skin = item.skin.by === "id" ? byId.get(item.skin.id) : named?.length === 1 ? named[0] : undefined;
    const possible =
      skin &&
      skin.wears.some((w) => w.wear === item.wear && w.enabled) &&
      (item.variant === "normal" || skin[item.variant]) &&
      (item.wearValue === null || (item.wearValue >= skin.minFloat && item.wearValue <= skin.maxFloat));
    if (!skin || !possible) return { label: line.label, match: null, reason: "unknown" };
    return {
      label: line.label,
      reason: null,
      match: {
        skinId: skin.id,
        skinName: skin.name,
        wear: item.wear,
        variant: item.variant,
        wearValue: item.wearValue,
        assetId: item.assetId,
        exportKey: item.exportKey,
        priceCents: item.bought?.priceCents ?? todaysPrice(skin, item.wear, item.variant),
        boughtAt: item.bought?.date ?? today,
        notes: item.notes,
        sale: item.sale,
      },
    };
  });
}

/** Today's price of the skin in that wear and variant; null when the feed has none. */
function todaysPrice(skin: ImportSkin, wear: Wear, variant: Variant): number | null {
  const cents =
    variant === "normal"
      ? skin.wears.find((w) => w.wear === wear)?.priceCents
      : skin.variantPrices.find((p) => p.variant === variant && p.wear === wear)?.priceCents;
  return cents && cents > 0 ? cents : null;
}
