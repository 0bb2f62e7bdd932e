import { Component, createContext, lazy, memo, Suspense, useContext, useState, type ComponentType, type ReactNode } from "react";
import { documentHasHydrated } from "./hydration-guard";

// A part of a page whose code is a chunk of its own (a form with Conform, a chart). A page that
// renders it loads that chunk; a page that does not (another tab, a dialog not open) does not.
//
// The server renders a part in full, its code loaded before any page renders (`loadEveryPart`),
// after a marker naming it. In the browser the page hydrates once the code of every part its HTML
// names has come (`whenPartsOfServerHtmlHaveCome`, app/entry.client.tsx), so a part from the
// server's HTML is plain React on both sides, with no Suspense boundary: React 18 hydrates a
// boundary after the page's first commit, and the first update that is not a transition in between
// (Remix's location, set by any fragment link) drops the boundary for its fallback (error #421).
// Until then the page works as without JavaScript (a link is followed, a form posts); nothing here
// touches a person's events. A part the app renders itself (a dialog a click opens, a page after a
// navigation) is `React.lazy` in `Suspense`, and loads its code then. ADR 097.

/** On the server: the names of the parts a page renders, whose files its HTML then preloads (app/entry.server.tsx). */
export const RenderedParts = createContext<Set<string> | null>(null);

/** Each part's name (its marker in the server's HTML) and the loads of the parts of that name. */
const partsByName = new Map<string, (() => Promise<unknown>)[]>();

/**
 * Loads the code of the parts of `names` (every part when there is none), and of the parts their
 * code makes that `names` holds, as far as they go: true when every one came.
 */
async function loadParts(names: (() => Set<string>) | undefined): Promise<boolean> {
  const asked = new Set<() => Promise<unknown>>();
  let allCame = true;
  for (;;) {
    const wanted = names?.();
    // A part's code may make parts of its own (a dialog the server rendered open): a round for them.
    const loads = [...partsByName].flatMap(([name, loads]) => (!wanted || wanted.has(name) ? loads : [])).filter((load) => !asked.has(load));
    if (loads.length === 0) return allCame;
    for (const load of loads) asked.add(load);
    const results = await Promise.allSettled(loads.map((load) => load()));
    if (results.some((result) => result.status === "rejected")) allCame = false;
  }
}

/** On the server, before a page renders: every part's code (in the Worker's bundle, at once after the first time). */
export async function loadEveryPart(): Promise<void> {
  if (!(await loadParts(undefined))) throw new Error("a part's code did not load on the server");
}

/** The names of the parts whose markers `root` holds. */
function partsNamedIn(root: Pick<ParentNode, "querySelectorAll">): Set<string> {
  return new Set([...root.querySelectorAll<HTMLTemplateElement>("template[data-part]")].map((marker) => marker.dataset.part ?? ""));
}

/**
 * Resolves once the code of every part the server's HTML in `root` names has come, to hydrate the
 * page then. A load that fails is tried again at the page's next use, as often as it takes;
 * meanwhile the page is the server's HTML, which works without JavaScript.
 */
export async function whenPartsOfServerHtmlHaveCome(root: Pick<ParentNode, "querySelectorAll"> = document): Promise<void> {
  while (!(await loadParts(() => partsNamedIn(root)))) await nextUse();
}

/** The page's uses after which a load that failed is tried again; listened to, never held. */
const NEXT_USE_EVENTS = ["pointerdown", "keydown", "focusin", "touchstart"] as const;

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
 * A component whose code is loaded apart; pass a name unique to the module (the marker in the
 * server's HTML) and the import of the module that holds it (its own chunk), so a page that does
 * not render it carries neither it nor what it alone imports (Conform). `fallback` shows while the
 * app renders the part (a dialog a click opens) and its code is on its way.
 */
export function lazyPart<Props extends object>(name: string, load: () => Promise<ComponentType<Props>>, fallback: ReactNode = null): ComponentType<Props> {
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
  partsByName.set(name, [...(partsByName.get(name) ?? []), loadOnce]);
  // Made during a navigation (the route's module runs then): the code comes with the page's data.
  if (typeof window !== "undefined" && documentHasHydrated()) loadOnce().catch(() => {});
  // `lazy` types its props as `PropsWithRef<Props>`, which TypeScript cannot resolve for a generic
  // `Props`; the parts take no ref.
  const lazyOfLoad = () => lazy(() => loadOnce().then((component) => ({ default: component }))) as unknown as ComponentType<Props>;

  return memo(function LazyPart(props: Props) {
    useContext(RenderedParts)?.add(name);
    // Loaded already (the server's render, a hydration, a later page that has it): plain React, no boundary.
    const [part, setPart] = useState<{ Loaded?: ComponentType<Props>; Lazy?: ComponentType<Props> }>(() =>
      loaded ? { Loaded: loaded } : { Lazy: lazyOfLoad() },
    );
    const { Loaded, Lazy } = part;
    return (
      <>
        <template hidden data-part={name} />
        <PartBoundary onRetry={() => setPart({ Lazy: lazyOfLoad() })}>
          {Loaded ? (
            <Loaded {...props} />
          ) : Lazy ? (
            <Suspense fallback={fallback}>
              <Lazy {...props} />
            </Suspense>
          ) : null}
        </PartBoundary>
      </>
    );
  });
}
