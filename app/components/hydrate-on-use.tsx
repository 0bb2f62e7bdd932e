import { lazy, memo, Suspense, useEffect, useState, type ComponentType } from "react";

// A form works without JavaScript: until a person uses it, the server's HTML is all it needs. A part
// made with `hydratedOnUse` is rendered in full on the server (the renderer waits for every boundary,
// ADR 083), and in the browser its code loads on the page's first use (a focus, a press, a key); React
// keeps the server's HTML in place until the code has come and then hydrates it, nodes, focus and
// typed text kept (React's selective hydration). A submit before that posts the form as without
// JavaScript. On a page the app renders itself (a navigation) the code loads at once. ADR 094.

/** The events that count as using the page. */
const USE_EVENTS = ["focusin", "pointerdown", "touchstart", "keydown"] as const;

let firstUse: Promise<void> | undefined;

function pageFirstUsed(): Promise<void> {
  firstUse ??= new Promise<void>((resolve) => {
    // A field focused before the scripts ran (a slow connection) counts.
    if (document.activeElement && document.activeElement !== document.body) return resolve();
    const used = () => {
      for (const type of USE_EVENTS) window.removeEventListener(type, used, true);
      resolve();
    };
    for (const type of USE_EVENTS) window.addEventListener(type, used, { capture: true, passive: true });
  });
  return firstUse;
}

/**
 * Set once the document's first render has hydrated. A part mounted before is the server's HTML; one
 * mounted after (a navigation) has no HTML to stand for it and loads its code at once.
 */
let documentHydrated = false;

function markDocumentHydrated() {
  documentHydrated = true;
}

/** Never settles: a part whose code failed to load stays the server's HTML, which works without JavaScript. */
const never = new Promise<never>(() => {});

/**
 * A component whose code loads on the page's first use; pass the import of the module that holds it
 * (its own chunk), so the page's first visit carries neither it nor what it alone imports (Conform).
 */
export function hydratedOnUse<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  const asModule = (component: ComponentType<Props>) => ({ default: component });
  // `lazy` types its props as `PropsWithRef<Props>`, which TypeScript cannot resolve for a generic
  // `Props`; the parts take no ref.
  const AtOnce = lazy(() => load().then(asModule)) as unknown as ComponentType<Props>;
  const OnFirstUse = lazy(() =>
    pageFirstUsed()
      .then(load)
      .then(asModule, () => never),
  ) as unknown as ComponentType<Props>;

  // Memoised: a parent's render with the same props leaves a part that has not hydrated untouched,
  // where an update would make React drop the server's HTML for the empty fallback. React hydrates a
  // Suspense boundary after the rest of the page, so whether the part came as the server's HTML is
  // told by the first render outside it.
  return memo(function HydratedOnUse(props: Props) {
    const [fromServerHtml] = useState(() => !import.meta.env.SSR && !documentHydrated);
    useEffect(markDocumentHydrated, []);
    const Part = fromServerHtml ? OnFirstUse : AtOnce;
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  });
}
