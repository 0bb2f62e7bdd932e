import type { MarketChoice } from "./markets";
// Community sticker crafts: players submit, admins moderate, everyone browses what is published.

export type CraftStatus = "pending" | "published" | "rejected";

/** What an admin decides about a player's craft (the status it gets). */
export type ModerationAction = "published" | "rejected" | "unpublished";

/** The moderators' page: crafts waiting for review, reported crafts, the log. */
export const MODERATION_QUEUE_PATH = "/admin/sticker-crafts/queue";

/** At most this many of a player's crafts wait for review at once. */
export const MAX_PENDING_CRAFTS = 3;
/** At most this many submissions (resubmissions included) per player in any 24 hours. */
export const MAX_SUBMISSIONS_PER_DAY = 10;
export const SUBMISSION_WINDOW_MS = 24 * 60 * 60 * 1000;

export const COMMUNITY_LIMIT_MESSAGES = {
  pending: `You already have ${MAX_PENDING_CRAFTS} crafts waiting for review, the most at once. Wait for a decision, or delete one in My Crafts, before you submit another.`,
  daily: `You have submitted ${MAX_SUBMISSIONS_PER_DAY} crafts in the last 24 hours, the most in a day. Please try again tomorrow.`,
} as const;

export type SubmissionLimit = keyof typeof COMMUNITY_LIMIT_MESSAGES;

/** Which limit a submission met, given the counts before it (null: it may go in). */
export function submissionLimitReached(counts: { pendingOthers: number; lastDay: number }): SubmissionLimit | null {
  if (counts.pendingOthers >= MAX_PENDING_CRAFTS) return "pending";
  if (counts.lastDay >= MAX_SUBMISSIONS_PER_DAY) return "daily";
  return null;
}

/** A pending or rejected craft can be edited and resubmitted by its author; a published one only deleted. */
export function canAuthorEdit(status: CraftStatus): boolean {
  return status === "pending" || status === "rejected";
}

export interface CraftVisibility {
  status: CraftStatus;
  authorId: string | null;
}

/** Everyone sees a published craft; a pending or rejected one only its author and admins. */
export function isCraftVisibleTo(craft: CraftVisibility, viewer: { id: string; isAdmin: boolean } | null): boolean {
  if (craft.status === "published") return true;
  return viewer !== null && (viewer.isAdmin || viewer.id === craft.authorId);
}

/**
 * Seconds browsers and shared caches may keep a published community craft's image: a takedown
 * (unpublishing or deleting the craft) stops it at once here and in every cache within this time.
 */
export const COMMUNITY_IMAGE_MAX_AGE = 300;

export const CRAFT_STATUS_LABELS: Record<CraftStatus, string> = {
  pending: "Pending review",
  published: "Published",
  rejected: "Rejected",
};

// ---------------------------------------------------------------- the gallery's filter

export const CRAFT_KINDS = [
  { id: "all", label: "All" },
  { id: "official", label: "Official" },
  { id: "community", label: "Community" },
] as const;
export type CraftKind = (typeof CRAFT_KINDS)[number]["id"];

/** `?kind=` of the gallery; anything unknown is All. */
export function parseCraftKind(value: string | null): CraftKind {
  return CRAFT_KINDS.find((kind) => kind.id === value)?.id ?? "all";
}

export function matchesCraftKind(kind: CraftKind, craft: { community: boolean }): boolean {
  return kind === "all" || (kind === "community") === craft.community;
}

// ---------------------------------------------------------------- the gallery's order

export const CRAFT_ORDERS = [
  { id: "newest", label: "Newest" },
  { id: "cost-desc", label: "Highest craft cost" },
  { id: "cost-asc", label: "Lowest craft cost" },
] as const;
export type CraftOrder = (typeof CRAFT_ORDERS)[number]["id"];

/** `?order=` of the gallery; anything unknown is Newest. */
export function parseCraftOrder(value: string | null): CraftOrder {
  return CRAFT_ORDERS.find((order) => order.id === value)?.id ?? "newest";
}

/**
 * The gallery's crafts in the chosen order: newest as they come, or by craft cost, crafts without a
 * cost (their skin has no price) last, ties kept newest first.
 */
export function orderCrafts<T extends { craftCents: number | null }>(crafts: readonly T[], order: CraftOrder): T[] {
  if (order === "newest") return [...crafts];
  const direction = order === "cost-asc" ? 1 : -1;
  return crafts
    .map((craft, index) => ({ craft, index }))
    .sort((a, b) => {
      if (a.craft.craftCents === null || b.craft.craftCents === null)
        return a.craft.craftCents === b.craft.craftCents ? a.index - b.index : a.craft.craftCents === null ? 1 : -1;
      return (a.craft.craftCents - b.craft.craftCents) * direction || a.index - b.index;
    })
    .map(({ craft }) => craft);
}

/** The gallery's URL for a filter and an order (All and Newest have none, so they share the edge cache's entry with /sticker-crafts). */
export function craftGalleryPath(kind: CraftKind, order: CraftOrder = "newest", market: MarketChoice = "cheapest"): string {
  const params = new URLSearchParams();
  if (kind !== "all") params.set("kind", kind);
  if (market !== "cheapest") params.set("market", market);
  if (order !== "newest") params.set("order", order);
  const search = params.toString();
  return search ? `/sticker-crafts?${search}` : "/sticker-crafts";
}

/** Every URL the gallery is kept under: each filter in each order (at the default market: another is not kept). */
export function craftGalleryPaths(): string[] {
  return CRAFT_KINDS.flatMap((kind) => CRAFT_ORDERS.map((order) => craftGalleryPath(kind.id, order.id)));
}
