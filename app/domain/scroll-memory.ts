/**
 * Saved scroll positions (spec section 9): kept in local storage for 30 minutes; the category
 * page restores one 1000 ms after it has loaded its weapons, with up to 5 attempts while the page
 * grows to its full height.
 */
export const SCROLL_MEMORY_TTL_MS = 30 * 60 * 1000;
export const SCROLL_RESTORE_DELAY_MS = 1000;
export const SCROLL_RESTORE_ATTEMPTS = 5;
export const SCROLL_RETRY_INTERVAL_MS = 200;

export function scrollStorageKey(pathname: string): string {
  return `skinvault:scroll:${pathname}`;
}

export function serializeScroll(y: number, now: number): string {
  return JSON.stringify({ y: Math.max(0, Math.round(y)), savedAt: now });
}

/** The saved position if the stored value is well formed and younger than 30 minutes, else null. */
export function readSavedScroll(raw: string | null, now: number): number | null {
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null) return null;
  const { y, savedAt } = parsed as { y?: unknown; savedAt?: unknown };
  if (typeof y !== "number" || typeof savedAt !== "number" || !Number.isFinite(y) || y < 0) return null;
  const age = now - savedAt;
  return age >= 0 && age <= SCROLL_MEMORY_TTL_MS ? y : null;
}
