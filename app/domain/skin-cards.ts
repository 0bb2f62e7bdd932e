import { slugify } from "./catalogue";

/**
 * What a skin card shows, and the compact text in which a weapon page's cards and filter choices
 * travel to the browser (docs/decisions/085-lists-travel-as-packed-text.md). Everything on that page reaches
 * the browser twice: as HTML, and in the hydration data React takes the HTML over with. In that
 * data an object per card spells out its keys and lists each value as an entry of its own; here a
 * card is a line of tab-separated fields, its id (the slug of its name for all but a few skins)
 * only when it is not that slug, and a filter's choices a line each. The AK-47 page's hydration
 * data went from 7.0 to 5.1 KB gzipped.
 */
export interface SkinCardData {
  id: string;
  name: string;
  image: string;
  rarity: string;
  rarityColor: string;
  stattrak?: boolean;
  souvenir?: boolean;
  minPriceCents?: number | null;
  maxPriceCents?: number | null;
}

/** Between the fields of a packed line, and between lines. */
export const FIELD = "\t";
const LINE = "\n";
const STATTRAK = 1;
const SOUVENIR = 2;

/** Catalogue text never holds tabs or line breaks; were it to, they become spaces, never a new field or line. */
const clean = (text: string) => text.replace(/[\t\r\n]/g, " ");
const cents = (value: number | null | undefined) => (value === null || value === undefined ? "" : String(Math.round(value)));
const centsOrNull = (text: string | undefined) => (text === undefined || text === "" ? null : Number(text));

/** One packed line: its fields, tab-separated. */
export function packFields(fields: readonly (string | number)[]): string {
  return fields.map((field) => clean(String(field))).join(FIELD);
}

/** A list of names (a filter's choices) as one text, a line each. */
export function packList(values: readonly string[]): string {
  return values.map(clean).join(LINE);
}

export function unpackList(text: string): string[] {
  return text === "" ? [] : text.split(LINE);
}

/**
 * Cards as lines of tab-separated fields: id ('' when it is the name's slug), name, image, rarity,
 * rarity colour, variants (1 StatTrak + 2 Souvenir), lowest and highest price in cents ('' for none)
 * in the variant the grid shows (`priceVariantOf` in skin-list.ts).
 */
export function packSkinCards(cards: readonly SkinCardData[]): string {
  return cards
    .map((card) => {
      const name = clean(card.name);
      const variants = (card.stattrak ? STATTRAK : 0) + (card.souvenir ? SOUVENIR : 0);
      const id = card.id === slugify(name) ? "" : card.id;
      return packFields([id, name, card.image, card.rarity, card.rarityColor, variants, cents(card.minPriceCents), cents(card.maxPriceCents)]);
    })
    .join(LINE);
}

export function unpackSkinCards(text: string): SkinCardData[] {
  return unpackList(text).map((line) => {
    const [id = "", name = "", image = "", rarity = "", rarityColor = "", variants = "0", min, max] = line.split(FIELD);
    const flags = Number(variants);
    return {
      id: id === "" ? slugify(name) : id,
      name,
      image,
      rarity,
      rarityColor,
      stattrak: (flags & STATTRAK) !== 0,
      souvenir: (flags & SOUVENIR) !== 0,
      minPriceCents: centsOrNull(min),
      maxPriceCents: centsOrNull(max),
    };
  });
}

/** The first of the packed cards, the others left unread (a page's preview image). */
export function firstSkinCard(text: string): SkinCardData | undefined {
  const end = text.indexOf(LINE);
  return unpackSkinCards(end === -1 ? text : text.slice(0, end))[0];
}

/** A skin in a grouped list (a collection's rarities, a case's tiers): a card linking to its page. */
export interface GroupedSkin {
  /**
   * The skin's id; for an item without a skin page (a case's vanilla knife), the path its card links
   * to instead ("/weapons/Karambit"). A path, not a field of its own: the unpacking is shared with
   * pages at the first-visit script budget.
   */
  id: string;
  name: string;
  image: string;
  /** Its price range ("$1.00 – $9.50", or 'No Data'). */
  priceText: string;
  /** What else the list says of it (its odds in a case). */
  note?: string;
}

/** Grouped skins as lines: id ('' when it is the name's slug), name, image, price text, note. */
export function packGroupedSkins(skins: readonly GroupedSkin[]): string {
  return skins
    .map((skin) => packFields([skin.id === slugify(clean(skin.name)) ? "" : skin.id, skin.name, skin.image, skin.priceText, skin.note ?? ""]))
    .join(LINE);
}

export function unpackGroupedSkins(text: string): GroupedSkin[] {
  return unpackList(text).map((line) => {
    const [id = "", name = "", image = "", priceText = "", note = ""] = line.split(FIELD);
    return { id: id === "" ? slugify(name) : id, name, image, priceText, ...(note === "" ? {} : { note }) };
  });
}
