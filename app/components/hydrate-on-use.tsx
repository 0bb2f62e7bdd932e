import { createContext, lazy, memo, Suspense, useContext, useEffect, useState, type ComponentType } from "react";
import { documentHasHydrated } from "./hydration-guard";

// A form works without JavaScript: until a person uses it, the server's HTML is all it needs. A part
// made with `hydratedOnUse` is rendered in full on the server (the renderer waits for every boundary,
// ADR 083), and in the browser its code loads on the page's first use (a pointer over it, a focus, a
// press, a key); React keeps the server's HTML in place until the code has come and then hydrates it,
// nodes, focus and typed text kept (React's selective hydration). A click or a submit in between waits
// for the parts to hydrate and is then given to them, after an `input` event on each field typed into
// meanwhile (so Conform's state and `onInput` handlers have the text); if their code has not come
// within a few seconds it goes on as without JavaScript. On a page the app renders itself (a
// navigation) the code loads at once, with the page's data. ADR 094.

/**
 * The events that count as using the page: a mouse over it, a touch, a key, a focus, and a click or
 * a submit that came without them (a screen reader's activation).
 */
const USE_EVENTS = ["pointerover", "focusin", "pointerdown", "touchstart", "keydown", "click", "submit"] as const;

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

/** Parts on the page as the server's HTML whose code has not hydrated them yet, one token each. */
const waiting = new Set<object>();
const hydrated = new WeakSet<object>();
/** How long a click or a submit waits for the parts' code before it goes on without it. */
const HOLD_LIMIT_MS = 4_000;
let held: Array<() => void> = [];
/** Fields typed into while a part was waiting: their parts' listeners (Conform's) never heard of it. */
const typedWhileWaiting = new Set<EventTarget>();
let holdLimit: ReturnType<typeof setTimeout> | undefined;
let replaying = false;
let holding = false;

function replayHeld() {
  clearTimeout(holdLimit);
  holdLimit = undefined;
  // What was typed is told again first, so a form's state (Conform's, from its document listeners)
  // has the values its Save or its checks look at; the clicks come once React has rendered that (a
  // Save enabled by the text).
  const typed = [...typedWhileWaiting];
  typedWhileWaiting.clear();
  for (const field of typed) if (field instanceof Node && field.isConnected) field.dispatchEvent(new Event("input", { bubbles: true }));
  setTimeout(replayClicks, 0);
}

function replayClicks() {
  const replays = held;
  held = [];
  replaying = true;
  try {
    for (const replay of replays) replay();
  } finally {
    replaying = false;
  }
}

/** A click (a plain one: a modified click opens a tab without the app; not a tick) or a submit, to give again later. */
function replayOf(event: Event): (() => void) | null {
  if (event instanceof SubmitEvent && event.target instanceof HTMLFormElement) {
    const form = event.target;
    const submitter = event.submitter;
    return () => form.requestSubmit(submitter);
  }
  if (event instanceof MouseEvent && event.target instanceof HTMLElement) {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return null;
    const { target, clientX, clientY } = event;
    // A box or a radio ticks by itself, as without JavaScript, and is told again as typed text is;
    // holding its click would undo the tick the person just saw.
    if (target.closest("label") || (target instanceof HTMLInputElement && (target.type === "checkbox" || target.type === "radio"))) return null;
    // A node React replaced as it hydrated is gone: what is now where the click was takes it.
    return () => {
      const now = target.isConnected ? target : document.elementFromPoint(clientX, clientY);
      if (now instanceof HTMLElement) now.click();
    };
  }
  return null;
}

function noteTyping(event: Event) {
  if ((!documentHasHydrated() || waiting.size > 0) && event.target) typedWhileWaiting.add(event.target);
}

// From the module's first run, before hydration: a field filled as the page loads counts too.
if (typeof window !== "undefined") for (const type of ["input", "change"]) window.addEventListener(type, noteTyping, { capture: true, passive: true });

function holdWhileWaiting(event: Event) {
  if (replaying || waiting.size === 0) return;
  const replay = replayOf(event);
  if (!replay) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  held.push(replay);
  holdLimit ??= setTimeout(replayHeld, HOLD_LIMIT_MS);
}

function partWaits(token: object) {
  if (hydrated.has(token)) return;
  waiting.add(token);
  if (holding) return;
  holding = true;
  for (const type of ["click", "submit"]) window.addEventListener(type, holdWhileWaiting, { capture: true });
}

function partDone(token: object) {
  hydrated.add(token);
  if (!waiting.delete(token) || waiting.size > 0 || (!held.length && !typedWhileWaiting.size)) return;
  // After React's commit, so the hydrated parts' handlers take the events.
  setTimeout(replayHeld, 0);
}

const PartToken = createContext<object | null>(null);

/** The loaded component, telling its part's token when it has hydrated. */
function signalling<Props extends object>(Component: ComponentType<Props>): ComponentType<Props> {
  return function Hydrated(props: Props) {
    const token = useContext(PartToken);
    useEffect(() => {
      if (token) partDone(token);
    }, [token]);
    return <Component {...props} />;
  };
}

/** Never settles: a part whose code failed to load stays the server's HTML, which works without JavaScript. */
const never = new Promise<never>(() => {});

/**
 * A component whose code loads on the page's first use; pass the import of the module that holds it
 * (its own chunk), so the page's first visit carries neither it nor what it alone imports (Conform).
 */
export function hydratedOnUse<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const loadOnce = () => (loading ??= load().then((component) => (loaded = signalling(component))));
  // Made during a navigation (the route's module runs then): the code comes with the page's data,
  // so the part is there when the page renders.
  if (typeof window !== "undefined" && documentHasHydrated()) loadOnce().catch(() => {});
  const asModule = (component: ComponentType<Props>) => ({ default: component });
  // `lazy` types its props as `PropsWithRef<Props>`, which TypeScript cannot resolve for a generic
  // `Props`; the parts take no ref.
  const AtOnce = lazy(() => loadOnce().then(asModule)) as unknown as ComponentType<Props>;
  const OnFirstUse = lazy(() =>
    pageFirstUsed()
      .then(loadOnce)
      .then(asModule, () => never),
  ) as unknown as ComponentType<Props>;

  // Memoised: a parent's render with the same props leaves a part that has not hydrated untouched,
  // where an update would make React drop the server's HTML for the empty fallback. React hydrates a
  // Suspense boundary after the rest of the page, so whether the part came as the server's HTML is
  // told by the first render outside it; a part whose code is already here renders it at once.
  return memo(function HydratedOnUse(props: Props) {
    // The root's effect marks the document hydrated: a part rendered before that is the server's HTML.
    const [fromServerHtml] = useState(() => !import.meta.env.SSR && !documentHasHydrated());
    const [Part] = useState(() => loaded ?? (fromServerHtml ? OnFirstUse : AtOnce));
    const [token] = useState(() => ({}));
    useEffect(() => {
      if (!fromServerHtml) return;
      partWaits(token);
      return () => partDone(token);
    }, [fromServerHtml, token]);
    return (
      <PartToken.Provider value={token}>
        <Suspense fallback={null}>
          <Part {...props} />
        </Suspense>
      </PartToken.Provider>
    );
  });
}
