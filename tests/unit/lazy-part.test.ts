// @vitest-environment happy-dom
// A lazy part (app/components/lazy-part.tsx, ADR 097) in a browser document: the page hydrates
// once the code of the parts its HTML names has come (asked for again at the next use after a
// failure, holding nothing meanwhile), and they hydrate with it; a part the app renders itself
// loads its code at once and, if that fails, offers the page as the server renders it.
import { act, createContext, createElement, useEffect, useState, type ComponentType } from "react";
import { hydrateRoot, createRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterAll, describe, expect, it, vi } from "vitest";
import { markHydrated } from "~/components/hydration-guard";
import { lazyPart, whenPartsOfServerHtmlHaveCome } from "~/components/lazy-part";
import { takeConsoleErrors } from "../fixtures/fail-on-console-error";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function LoginForm({ label }: { label: string }) {
  return createElement("form", { method: "post" }, createElement("input", { name: "email", "aria-label": label }), createElement("button", null, "Login"));
}

/** A load the test settles: `resolve` with the component, or `reject`. */
function deferredLoad() {
  const attempts: { resolve: (component: ComponentType<{ label: string }>) => void; reject: (error: Error) => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<ComponentType<{ label: string }>>((resolve, reject) => {
        attempts.push({ resolve, reject });
      }),
  );
  return { load, attempts };
}

const isHydrated = (node: Element | null) => node !== null && Object.keys(node).some((key) => key.startsWith("__reactFiber$"));
/** Runs `work` inside React's act and lets what it started (promises, renders) settle. */
const settled = (work: () => unknown) =>
  act(async () => {
    await work();
  });
/** Lets timers (the idle callback's stand-in) and promises run, inside React's act. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

const roots: Root[] = [];
afterAll(() => {
  for (const root of roots) act(() => root.unmount());
});

/** A part as the server renders it: its marker, then the part, with no boundary. */
const part = (name: string, label: string) => [
  createElement("template", { hidden: true, "data-part": name, key: "marker" }),
  createElement(LoginForm, { label, key: "part" }),
];

describe("the parts the server's HTML holds", () => {
  const login = deferredLoad();
  const flaky = deferredLoad();
  const unused = deferredLoad();
  const inner = deferredLoad();
  const Login = lazyPart("Login", login.load);
  const Flaky = lazyPart("Flaky", flaky.load);
  lazyPart("Unused", unused.load);
  // A part whose module makes a part of its own (a dialog the server rendered open).
  const outerLoad = vi.fn(() => {
    const Inner = lazyPart("Inner", inner.load);
    return Promise.resolve(({ label }: { label: string }) => createElement("section", null, createElement(Inner, { label })));
  });
  lazyPart("Outer", outerLoad);
  const LocationContext = createContext(0);
  let setLocation: (value: number) => void = () => {};
  /** The root: it marks the document hydrated in its effect, as app/root.tsx does, and hands down a location (Remix's, which a fragment link sets outside a transition). */
  function App() {
    const [location, setState] = useState(0);
    setLocation = setState;
    useEffect(markHydrated, []);
    return createElement(
      LocationContext.Provider,
      { value: location },
      createElement("main", null, createElement(Login, { label: "Email" }), createElement("aside", null, createElement(Flaky, { label: "Other" }))),
    );
  }
  const container = document.createElement("div");
  container.innerHTML = renderToString(createElement("main", null, part("Login", "Email"), createElement("aside", null, part("Flaky", "Other"))));
  document.body.appendChild(container);
  const email = container.querySelector('input[aria-label="Email"]') as HTMLInputElement;
  const other = container.querySelector('input[aria-label="Other"]');
  let came = false;
  let ready: Promise<void>;

  it("asks for the code of the parts the HTML names, and of no other part", () => {
    ready = whenPartsOfServerHtmlHaveCome(container).then(() => {
      came = true;
    });
    expect(login.load).toHaveBeenCalledTimes(1);
    expect(flaky.load).toHaveBeenCalledTimes(1);
    expect(unused.load).not.toHaveBeenCalled();
  });

  it("asks for the code of the parts a part's own code makes, when the HTML names them", async () => {
    const nested = document.createElement("div");
    nested.innerHTML = '<template hidden data-part="Outer"></template><section><template hidden data-part="Inner"></template></section>';
    const loaded = whenPartsOfServerHtmlHaveCome(nested);
    await vi.waitFor(() => expect(inner.load).toHaveBeenCalledTimes(1));
    inner.attempts[0]!.resolve(LoginForm);
    await loaded;
    expect(outerLoad).toHaveBeenCalledTimes(1);
  });

  it("waits, holding nothing, while a part's code failed, and asks for it again at the page's next use", async () => {
    login.attempts[0]!.resolve(LoginForm);
    flaky.attempts[0]!.reject(new Error("Failed to fetch dynamically imported module"));
    await settle();
    expect(came).toBe(false);
    expect(flaky.load).toHaveBeenCalledTimes(1);
    const click = new MouseEvent("click", { bubbles: true, cancelable: true });
    container.querySelector("button")!.dispatchEvent(click);
    expect(click.defaultPrevented, "the click is not held").toBe(false);

    window.dispatchEvent(new Event("keydown"));
    await vi.waitFor(() => expect(flaky.load).toHaveBeenCalledTimes(2));
    flaky.attempts[1]!.resolve(LoginForm);
    await ready;
    expect(came).toBe(true);
  });

  it("then hydrates the parts with the page, on the same nodes, with the text typed before", async () => {
    email.value = "typed before the code";
    await settled(() => {
      roots.push(hydrateRoot(container, createElement(App)));
    });
    expect(container.querySelector('input[aria-label="Email"]')).toBe(email);
    expect(isHydrated(email)).toBe(true);
    expect(isHydrated(other)).toBe(true);
    expect(email.value).toBe("typed before the code");
  });

  it("keeps the parts through an update that is not a transition (React drops a boundary it has not hydrated: error #421)", async () => {
    await settled(() => setLocation(1));
    expect(takeConsoleErrors()).toEqual([]);
    expect(container.querySelector('input[aria-label="Email"]')).toBe(email);
  });
});

describe("a part the app renders itself (after a navigation)", () => {
  it("asks for its code at once, and renders it when it comes", async () => {
    markHydrated();
    const { load, attempts } = deferredLoad();
    const Part = lazyPart("Part", load);
    const container = document.createElement("div");
    const root = createRoot(container);
    roots.push(root);
    await settled(() => root.render(createElement(Part, { label: "Email" })));
    expect(load).toHaveBeenCalledTimes(1);
    await settled(() => attempts[0]!.resolve(LoginForm));
    expect(container.querySelector('input[aria-label="Email"]')).not.toBeNull();
  });

  it("offers the page as the server renders it when the code fails, and asks again at the next use", async () => {
    const { load, attempts } = deferredLoad();
    const Part = lazyPart("Part", load);
    const container = document.createElement("div");
    const root = createRoot(container);
    roots.push(root);
    await settled(() => root.render(createElement(Part, { label: "Email" })));
    await settled(() => attempts[0]!.reject(new Error("Failed to fetch dynamically imported module")));
    // React reports the error the boundary caught.
    expect(takeConsoleErrors().join("\n")).toMatch(/using the error boundary you provided, PartBoundary/);
    expect(container.querySelector('[role="alert"]')?.textContent).toMatch(/did not load/);
    expect(container.querySelector('[role="alert"] a')?.getAttribute("href")).toBe(window.location.href);

    await settled(() => window.dispatchEvent(new Event("pointerdown")));
    expect(load).toHaveBeenCalledTimes(2);
    await settled(() => attempts[1]!.resolve(LoginForm));
    expect(container.querySelector('[role="alert"]')).toBeNull();
    expect(container.querySelector('input[aria-label="Email"]')).not.toBeNull();
  });
});
