// React 18 hydrates synchronously for a click, a key or a form event that reaches a page still being
// hydrated. Remix with single fetch suspends the document's first render until the page's data is
// decoded; a synchronous hydration that suspends there throws React's error #345 ("Root did not
// complete") and leaves the page unhydrated for good: no search suggestions, no instant filters, no
// dialogs (measured: a key pressed as the weapon page loaded did it in 12 loads of 15). Known
// upstream without a fix in React 18 (facebook/react#28800; remix-run/remix#10214).
//
// So until the app's root renders in the browser (the data is decoded by then), those events stop at
// the window, before React's listeners on the document. What the browser does for them goes on: a
// link is followed, a form posted, a key typed into a field, as without JavaScript.

/** The events React 18.3 hydrates synchronously for (react-dom's `discreteReplayableEvents`). */
const SYNC_HYDRATING_EVENTS = [
  "mousedown",
  "mouseup",
  "touchcancel",
  "touchend",
  "touchstart",
  "auxclick",
  "dblclick",
  "pointercancel",
  "pointerdown",
  "pointerup",
  "dragend",
  "dragstart",
  "drop",
  "compositionend",
  "compositionstart",
  "keydown",
  "keypress",
  "keyup",
  "input",
  "textInput",
  "copy",
  "cut",
  "paste",
  "click",
  "change",
  "contextmenu",
  "reset",
  "submit",
];

let holding = false;
let hydrated = false;

function stopBeforeReact(event: Event) {
  event.stopPropagation();
}

/** Called once in the browser, before hydration starts (app/entry.client.tsx). */
export function holdEventsUntilTheAppRenders() {
  holding = true;
  for (const type of SYNC_HYDRATING_EVENTS) window.addEventListener(type, stopBeforeReact, { capture: true });
}

/** Called as the app's root renders: on the server, and again in the browser, it does nothing. */
export function releaseHeldEvents() {
  if (!holding) return;
  holding = false;
  for (const type of SYNC_HYDRATING_EVENTS) window.removeEventListener(type, stopBeforeReact, { capture: true });
}

/** Called once the document's first render has hydrated (the root's effect, app/root.tsx). */
export function markHydrated() {
  hydrated = true;
}

/** Whether the document has hydrated: what the app renders from then on is not the server's HTML. */
export function documentHasHydrated(): boolean {
  return hydrated;
}
