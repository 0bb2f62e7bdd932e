import { useEffect } from "react";
import {
  readSavedScroll,
  SCROLL_RESTORE_ATTEMPTS,
  SCROLL_RESTORE_DELAY_MS,
  SCROLL_RETRY_INTERVAL_MS,
  scrollStorageKey,
  serializeScroll,
} from "~/domain/scroll-memory";

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // Storage can be disabled; the page works without it.
  }
}

export function saveScrollPosition(pathname: string): void {
  storage()?.setItem(scrollStorageKey(pathname), serializeScroll(window.scrollY, Date.now()));
}

/**
 * Saves the page's scroll position when it is left (unload, or unmount on client navigation) and,
 * when `ready`, restores a fresh saved position after the spec's delay.
 */
export function useScrollMemory(pathname: string, ready: boolean): void {
  useEffect(() => {
    const save = () => saveScrollPosition(pathname);
    window.addEventListener("pagehide", save);
    window.addEventListener("beforeunload", save);
    return () => {
      window.removeEventListener("pagehide", save);
      window.removeEventListener("beforeunload", save);
      save();
    };
  }, [pathname]);

  useEffect(() => {
    if (!ready) return;
    const target = readSavedScroll(storage()?.getItem(scrollStorageKey(pathname)) ?? null, Date.now());
    if (target === null || target === 0) return;
    let attempts = 0;
    let timer: ReturnType<typeof setTimeout>;
    const attempt = () => {
      attempts++;
      window.scrollTo(0, target);
      if (Math.abs(window.scrollY - target) > 2 && attempts < SCROLL_RESTORE_ATTEMPTS) {
        timer = setTimeout(attempt, SCROLL_RETRY_INTERVAL_MS);
      }
    };
    timer = setTimeout(attempt, SCROLL_RESTORE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pathname, ready]);
}
