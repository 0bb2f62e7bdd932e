import { withNotice } from "./same-site-path";

// The resell form's pages and the ways back from them. A Track or Edit link carries the page it was
// followed from (its way back, `redirectTo`); the form keeps it in a hidden field, and its save and
// Cancel return there, as the card's Delete does (docs/features/collector-tools.md).

const BASE = "http://same-site.invalid";

/** The form for a new tracker of `skinId`, coming back to `returnTo` (a way back) afterwards. */
export function newTrackerHref(skinId: string, returnTo: string): string {
  return `/resell-tracker/new?skin=${encodeURIComponent(skinId)}&redirectTo=${encodeURIComponent(returnTo)}`;
}

/** The edit form of a tracker, coming back to `returnTo` (a way back) afterwards. */
export function editTrackerHref(trackerId: number, returnTo: string): string {
  return `/resell-tracker/${trackerId}/edit?redirectTo=${encodeURIComponent(returnTo)}`;
}

function edited(path: string, notice: string | null, change: (url: URL) => void): string {
  const url = new URL(notice === null ? path : withNotice(path, notice), BASE);
  change(url);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Back to a tracker list (the Resell Tracker, the profile's tab) at the item, with `notice` (none
 * for Cancel): its sort and view kept, its page the one holding the item now (`?tracker=ID`, so an
 * edit that moves it in the order follows it). `returnTo` is a checked same-site path.
 */
export function backToTracker(returnTo: string, trackerId: number, notice: string | null): string {
  return edited(returnTo, notice, (url) => {
    url.searchParams.delete("page");
    url.searchParams.set("tracker", String(trackerId));
    url.hash = `tracker-${trackerId}`;
  });
}

/**
 * Back to the page a Track link was followed from, at the skin's card, with `notice` (none for
 * Cancel): the card's Track button says it (`&tracked=SKIN`). `returnTo` is a checked same-site path.
 */
export function backToTrackedSkin(returnTo: string, skinId: string, notice: string | null): string {
  return edited(returnTo, notice, (url) => {
    if (notice !== null) url.searchParams.set("tracked", skinId);
    url.hash = `skin-${encodeURIComponent(skinId)}`;
  });
}

/** The sale form of a tracker (record, correct, undo), coming back to `returnTo` (a way back) afterwards. */
export function saleTrackerHref(trackerId: number, returnTo: string): string {
  return `/resell-tracker/${trackerId}/sale?redirectTo=${encodeURIComponent(returnTo)}`;
}

const LIST = "/resell-tracker";

/**
 * Back from the sale form to the Resell Tracker at the item, with `notice`: in `view` (Sold once
 * recorded, Open once undone), its sort kept from `returnTo` when that is the list, and its page the
 * one holding the item now. From elsewhere (the profile's tab, which shows open items only) the
 * list's view holding it. `returnTo` is a checked same-site path.
 */
export function backFromSale(returnTo: string, trackerId: number, view: "open" | "sold", notice: string): string {
  const from = new URL(returnTo, BASE).pathname === LIST ? returnTo : LIST;
  return edited(from, null, (url) => {
    for (const name of ["page", "view", "tracker", "notice"]) url.searchParams.delete(name);
    url.searchParams.set("view", view);
    url.searchParams.set("tracker", String(trackerId));
    url.searchParams.set("notice", notice);
    url.hash = `tracker-${trackerId}`;
  });
}
