import { slotsForSide, type Side } from "./loadout-slots";
import type { LoadoutTotals, LoadoutView, SlotView } from "./loadouts";
import { FIELD, packFields, unpackList } from "./skin-cards";
import { isWear } from "./wear";

/**
 * A loadout as its pages send it to the browser: the totals of both sides, and the slots of the side
 * the page shows (the other side is a link away, a new page) as one text, a line per stored slot:
 * key, skin id, name, image, rarity colour, wear, price in cents ('' for none). A slot's label, group
 * and side come from the slot table, in the browser as on the server, so they do not travel; an
 * object per slot spelled out every key and value in the hydration data (the editor's 31 KB, the
 * turbo-stream's encoding of it about a tenth of the page's CPU; docs/performance.md).
 */
export interface LoadoutSideData {
  slots: string;
  totals: LoadoutTotals;
}

export function packSideView(view: LoadoutView, side: Side): LoadoutSideData {
  const lines = view.slots
    .filter((slot) => slot.side === side && (slot.skin !== null || slot.wear !== null || slot.priceCents !== null))
    .map(({ key, skin, wear, priceCents }) =>
      packFields([key, skin?.id ?? "", skin?.name ?? "", skin?.image ?? "", skin?.rarityColor ?? "", wear ?? "", priceCents ?? ""]),
    );
  return { slots: lines.join("\n"), totals: view.totals };
}

/** The side's slots in the slot table's order, as `buildLoadoutView` made them. */
export function unpackSideSlots(text: string, side: Side): SlotView[] {
  const stored = new Map(unpackList(text).map((line) => [line.slice(0, line.indexOf(FIELD)), line.split(FIELD)]));
  return slotsForSide(side).map((slot): SlotView => {
    const [, id = "", name = "", image = "", rarityColor = "", wear = "", price = ""] = stored.get(slot.key) ?? [];
    return {
      key: slot.key,
      label: slot.label,
      group: slot.group,
      side: slot.side,
      skin: id === "" ? null : { id, name, image, rarityColor },
      wear: isWear(wear) ? wear : null,
      priceCents: price === "" ? null : Number(price),
    };
  });
}
