import { useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/** The elements Tab can reach inside `container`, in order; hidden ones (no layout box) are skipped. */
function tabStops(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.tabIndex >= 0 && element.getClientRects().length > 0);
}

/**
 * While `active`, Tab and Shift+Tab cycle inside `container`; Escape or a click outside calls
 * `onEscape`, and focus that lands outside anyway is pulled back in. When it ends (Escape, Close, a
 * navigation), focus goes back to `returnTo`, the button that opened it, unless the user has moved
 * on elsewhere. Used by the menu drawer and the mobile search overlay.
 */
export function useFocusTrap(container: RefObject<HTMLElement | null>, active: boolean, onEscape: () => void, returnTo: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (!active) return;
    const root = container.current;
    const opener = returnTo.current;
    return () => {
      const focused = document.activeElement;
      if (!focused || focused === document.body || root?.contains(focused)) opener?.focus();
    };
  }, [container, active, returnTo]);

  useEffect(() => {
    const root = container.current;
    if (!active || !root) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !event.defaultPrevented) {
        event.preventDefault();
        onEscape();
        return;
      }
      if (event.key !== "Tab") return;
      const stops = tabStops(root);
      const first = stops[0];
      const last = stops[stops.length - 1];
      if (!first || !last) return;
      const current = document.activeElement;
      if (event.shiftKey && (current === first || !root.contains(current))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (current === last || !root.contains(current))) {
        event.preventDefault();
        first.focus();
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      if (!root.contains(event.target as Node)) tabStops(root)[0]?.focus();
    };
    // A click or tap outside (the page behind a drawer) closes it, as Escape does.
    const onPointerDown = (event: PointerEvent) => {
      if (!root.contains(event.target as Node)) onEscape();
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("focusin", onFocusIn);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("focusin", onFocusIn);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [container, active, onEscape]);
}

/**
 * State of a drawer or overlay opened by a button: a focus trap while open, closed by Escape, a
 * click outside or any navigation, focus back on the button afterwards.
 */
export function useTrappedPopup<Container extends HTMLElement, Trigger extends HTMLElement>() {
  const [open, setOpen] = useState(false);
  const container = useRef<Container>(null);
  const trigger = useRef<Trigger>(null);
  const location = useLocation();
  const close = useCallback(() => setOpen(false), []);
  useFocusTrap(container, open, close, trigger);
  useEffect(() => setOpen(false), [location.key]);
  return { open, setOpen, close, container, trigger };
}
