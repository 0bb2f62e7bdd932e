// @vitest-environment happy-dom
// A lazy part (app/components/lazy-part.tsx, ADR 097) in a browser document: the server's HTML
// stands, untouched, until the part's code has come; the code is asked for once the page has
// hydrated and the browser is idle, again at the next use after a failure; a part the app renders
// itself loads its code at once and, if that fails, offers the page as the server renders it.
import { act, createElement, Suspense, useEffect, type ComponentType } from "react";
import { hydrateRoot, createRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterAll, describe, expect, it, vi } from "vitest";
import { markHydrated } from "~/components/hydration-guard";
import { lazyPart } from "~/components/lazy-part";
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

describe("a part that came as the server's HTML", () => {
  const login = deferredLoad();
  const flaky = deferredLoad();
  const Login = lazyPart(login.load);
  const Flaky = lazyPart(flaky.load);
  /** The root: it marks the document hydrated in its effect, as app/root.tsx does. */
  function App() {
    useEffect(markHydrated, []);
    return createElement("main", null, createElement(Login, { label: "Email" }), createElement("aside", null, createElement(Flaky, { label: "Other" })));
  }
  const part = (label: string) => createElement(Suspense, { fallback: null }, createElement(LoginForm, { label }));
  const container = document.createElement("div");
  container.innerHTML = renderToString(createElement("main", null, part("Email"), createElement("aside", null, part("Other"))));
  document.body.appendChild(container);
  const email = container.querySelector('input[aria-label="Email"]');
  const other = container.querySelector('input[aria-label="Other"]');

  it("keeps the server's nodes and asks for no code while the page hydrates", async () => {
    await settled(() => {
      roots.push(hydrateRoot(container, createElement(App)));
    });
    expect(container.querySelector('input[aria-label="Email"]')).toBe(email);
    expect(isHydrated(email)).toBe(false);
  });

  it("asks for the code once the page has hydrated and the browser is idle, and hydrates the same nodes", async () => {
    await settle();
    expect(login.load).toHaveBeenCalledTimes(1);
    expect(flaky.load).toHaveBeenCalledTimes(1);
    (email as HTMLInputElement).value = "typed before the code";
    await settled(() => login.attempts[0]!.resolve(LoginForm));
    expect(container.querySelector('input[aria-label="Email"]')).toBe(email);
    expect(isHydrated(email)).toBe(true);
    expect((email as HTMLInputElement).value).toBe("typed before the code");
  });

  it("leaves a part whose code failed as the server's HTML, without holding anything, and asks again at the next use", async () => {
    await settled(() => flaky.attempts[0]!.reject(new Error("Failed to fetch dynamically imported module")));
    await settle();
    expect(container.querySelector('input[aria-label="Other"]')).toBe(other);
    expect(isHydrated(other)).toBe(false);
    expect(flaky.load).toHaveBeenCalledTimes(1);

    const click = new MouseEvent("click", { bubbles: true, cancelable: true });
    container.querySelector("button")!.dispatchEvent(click);
    expect(click.defaultPrevented, "the click is not held").toBe(false);

    await settled(() => window.dispatchEvent(new Event("keydown")));
    expect(flaky.load).toHaveBeenCalledTimes(2);
    await settled(() => flaky.attempts[1]!.resolve(LoginForm));
    expect(container.querySelector('input[aria-label="Other"]')).toBe(other);
    expect(isHydrated(other)).toBe(true);
  });
});

describe("a part the app renders itself (after a navigation)", () => {
  it("asks for its code at once, and renders it when it comes", async () => {
    markHydrated();
    const { load, attempts } = deferredLoad();
    const Part = lazyPart(load);
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
    const Part = lazyPart(load);
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
