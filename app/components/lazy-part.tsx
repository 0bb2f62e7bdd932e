import { Component, lazy, memo, Suspense, useEffect, useState, type ComponentType, type ReactNode } from "react";
import { documentHasHydrated } from "./hydration-guard";

// A part of a page whose code is a chunk of its own (a form with Conform, a chart), made with plain
// `React.lazy` and `Suspense`. On the server it renders in full (the renderer waits for every
// boundary, ADR 083). In the browser, a part that came as the server's HTML loads its code once the
// page has hydrated and the browser is idle; until then React keeps the server's HTML as it is, and
// it works as it does without JavaScript (a link is followed, a form posts). Nothing here touches a
// person's events. A part the app renders itself (after a navigation) loads its code at once. ADR 097.

/** The longest a part's load waits for the browser to be idle after hydration. */
export const IDLE_TIMEOUT_MS = 2_000;

/** The page's uses after which a load that failed is tried again; listened to, never held. */
const NEXT_USE_EVENTS = ["pointerdown", "keydown", "focusin", "touchstart"] as const;

/** Resolves when the browser is next idle (or after `IDLE_TIMEOUT_MS`; at once where there is no `requestIdleCallback`). */
export function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(resolve, 1);
  });
}

/** Resolves at the page's next use: a press, a key, a focus. */
export function nextUse(): Promise<void> {
  return new Promise((resolve) => {
    const used = () => {
      for (const type of NEXT_USE_EVENTS) window.removeEventListener(type, used, true);
      resolve();
    };
    for (const type of NEXT_USE_EVENTS) window.addEventListener(type, used, { capture: true, passive: true });
  });
}

/**
 * A part rendered by the app (not the server's HTML) whose code failed to load: a way to the page
 * as the server renders it, which works without the part's code. The load is tried again at the
 * page's next use.
 */
class PartBoundary extends Component<{ children: ReactNode; onRetry: () => void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    void nextUse().then(() => {
      this.props.onRetry();
      this.setState({ failed: false });
    });
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <p role="alert" className="text-sm">
        This part of the page did not load. <a href={window.location.href}>Load the page again</a>
      </p>
    );
  }
}

/**
 * A component whose code is loaded apart; pass the import of the module that holds it (its own
 * chunk), so the page's first visit carries neither it nor what it alone imports (Conform).
 * `fallback` shows while the app renders the part (a dialog a click opens) and its code is on its
 * way; the server's HTML needs none.
 */
export function lazyPart<Props extends object>(load: () => Promise<ComponentType<Props>>, fallback: ReactNode = null): ComponentType<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const loadOnce = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  /** Tries until the code has come: after a failure, again at the page's next use. */
  const loadUntilLoaded = (): Promise<ComponentType<Props>> => loadOnce().catch(() => nextUse().then(loadUntilLoaded));
  const asModule = (component: ComponentType<Props>) => ({ default: component });
  // `lazy` types its props as `PropsWithRef<Props>`, which TypeScript cannot resolve for a generic
  // `Props`; the parts take no ref.
  const lazyOf = (loading: () => Promise<ComponentType<Props>>) => lazy(() => loading().then(asModule)) as unknown as ComponentType<Props>;

  // Made during a navigation (the route's module runs then): the code comes with the page's data.
  if (typeof window !== "undefined" && documentHasHydrated()) loadOnce().catch(() => {});

  // The server's HTML waits for the code without an end: React keeps it, and it works as without JavaScript.
  let started: (() => void) | undefined;
  const start = new Promise<void>((resolve) => (started = resolve));
  const FromServerHtml = lazyOf(() => start.then(loadUntilLoaded));

  // Memoised: a parent's render with the same props leaves a part that has not hydrated untouched,
  // where an update would make React drop the server's HTML for the empty fallback.
  return memo(function LazyPart(props: Props) {
    // The root's effect marks the document hydrated: a part rendered before that is the server's HTML.
    const [fromServerHtml] = useState(() => !import.meta.env.SSR && !documentHasHydrated());
    const [Part, setPart] = useState(() => loaded ?? (fromServerHtml ? FromServerHtml : lazyOf(loadOnce)));
    useEffect(() => {
      // After the page's hydration (this effect runs in its commit), when the browser is idle.
      if (fromServerHtml) void whenIdle().then(started);
    }, [fromServerHtml]);
    return (
      <PartBoundary onRetry={() => setPart(() => loaded ?? lazyOf(loadOnce))}>
        <Suspense fallback={fallback}>
          <Part {...props} />
        </Suspense>
      </PartBoundary>
    );
  });
}
