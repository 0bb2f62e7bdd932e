// Reproductions of the attacks reviewed in SECURITY.md, each answered as the table there says.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MAX_FIELD_NAME_DEPTH, MAX_PATH_SEGMENTS } from "~/server/http/request-guard.server";
import { fetchWorker, get, post, signedInUser } from "./helpers";
import { manifest, urlPath } from "./manifest";

const ORIGIN = "https://example.com";
const deepPath = (segments: number, segment = "a") => `/${Array.from({ length: segments }, () => segment).join("/")}`;

/** The Worker's own refusal page: no Remix shell, no hydration data, so no route was matched. */
async function expectRefusedBeforeRemix(response: Response) {
  expect(response.status).toBe(404);
  const html = await response.text();
  expect(html).toContain("<h1>Page Not Found</h1>");
  expect(html).toContain("The page you&#39;re looking for doesn&#39;t exist or has been moved.");
  expect(html).not.toContain("__remixContext");
}

describe("denial of service through deep paths (Remix route discovery matches every ancestor path)", () => {
  it.each([
    ["8,000 segments (a 16 KB URL)", deepPath(8_000)],
    ["16,000 empty segments", "/".repeat(16_000)],
    ["a data request", `${deepPath(8_000)}.data`],
    ["a deep path under /images/", `/images${deepPath(8_000)}`],
  ])("%s is refused as a 404 before Remix sees it", async (_, path) => {
    await expectRefusedBeforeRemix(await fetchWorker(`${ORIGIN}${path}`));
  });

  it("refuses a deep path for a form post too, without reading the form", async () => {
    const response = await fetchWorker(`${ORIGIN}${deepPath(8_000)}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, Host: "example.com" },
      body: "intent=save",
    });
    await expectRefusedBeforeRemix(response);
  });

  it("refuses a route-discovery request that asks about a deep path", async () => {
    const query = new URLSearchParams([
      ["p", "/skins/ak-47-redline"],
      ["p", deepPath(8_000)],
      ["version", "x"],
    ]);
    await expectRefusedBeforeRemix(await fetchWorker(`${ORIGIN}/__manifest?${query}`));
  });

  it("still lets Remix answer paths up to the limit: its own 404 page and route discovery", async () => {
    const atLimit = await fetchWorker(`${ORIGIN}${deepPath(MAX_PATH_SEGMENTS)}`);
    expect(atLimit.status).toBe(404);
    expect(await atLimit.text()).toContain("__remixContext");

    const discovery = await fetchWorker(
      `${ORIGIN}/__manifest?${new URLSearchParams([
        ["p", "/skins/ak-47-redline"],
        ["version", "x"],
      ])}`,
    );
    expect(discovery.status).not.toBe(404);
    await discovery.arrayBuffer();
  });

  it("leaves room for every route of the build", () => {
    for (const route of Object.values(manifest)) {
      const path = urlPath(route, () => "x").split("?")[0]!;
      // A splat (`/images/*`) holds a few segments of its own: an image key has at most three.
      const depth = path.split("/").length - 1 + (route.path?.endsWith("*") ? 3 : 0);
      expect(depth, route.id).toBeLessThanOrEqual(MAX_PATH_SEGMENTS);
    }
  });
});

/**
 * Return paths that browsers (and React Router 6, GHSA-wrjc-x8rr-h8h6) resolve to another site,
 * directly or once dot segments are removed.
 */
const OFF_SITE = [
  "//evil.example",
  "https://evil.example/",
  "/\\evil.example",
  "\\/evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r/evil.example",
  "/.//evil.example",
  "/%2e//evil.example",
  "/x/..//evil.example",
];

/** Where a browser on the site goes with this Location header. */
const target = (response: Response) => new URL(response.headers.get("Location") ?? "", `${ORIGIN}/some/page`);

describe("open redirects: every return path stays on the site (GHSA-wrjc-x8rr-h8h6, dot segments)", () => {
  it.each(OFF_SITE)("%j is refused by login, favourites, cookie consent and tracker delete", async (redirectTo) => {
    const user = await signedInUser("redirects");
    const signedInLogin = await get(`/login?redirectTo=${encodeURIComponent(redirectTo)}`, user.cookie);
    expect(target(signedInLogin).href).toBe(`${ORIGIN}/profile`);

    const loggedIn = await post(`/login?mode=login`, { intent: "login", email: user.email, password: user.password, redirectTo });
    expect(target(loggedIn).href).toBe(`${ORIGIN}/profile`);

    const favourite = await post("/favorites", { intent: "add", skinId: "ak-47-redline", redirectTo }, { cookie: user.cookie });
    expect(target(favourite).origin).toBe(ORIGIN);

    const consent = await post("/cookie-consent", { intent: "accept", redirectTo });
    expect(consent.status).toBe(400);
    expect(consent.headers.get("Location")).toBeNull();

    const userId = (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(user.email).first<{ id: string }>())!.id;
    const tracker = await env.DB.prepare(
      "INSERT INTO resell_trackers (user_id, skin_id, wear, bought_at, buy_price_cents) VALUES (?, 'ak-47-redline', 'FT', '2026-01-02', 100) RETURNING id",
    )
      .bind(userId)
      .first<{ id: number }>();
    const deleted = await post("/resell-tracker", { intent: "delete", trackerId: String(tracker!.id), redirectTo }, { cookie: user.cookie });
    expect(deleted.status).toBe(303);
    expect(target(deleted).href).toBe(`${ORIGIN}/resell-tracker?notice=deleted`);
  });
});

describe("cross-site writes: the origin is compared with its scheme (react-router 7.18.3's fix)", () => {
  it("refuses a form posted from http:// to the https:// site", async () => {
    const response = await post("/login?mode=login", { intent: "login", email: "a@example.test", password: "x" }, { origin: "http://example.com" });
    expect(response.status).toBe(403);
  });
});

describe("the CSP keeps injected script and other origins out (GHSA-337j-9hxr-rhxg, turbo-stream's decoder)", () => {
  it("allows scripts only by nonce and connections only to the site", async () => {
    const response = await get("/");
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    await response.arrayBuffer();
    const directive = (name: string) =>
      csp
        .split(";")
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${name} `)) ?? "";
    expect(directive("script-src")).toMatch(/'nonce-[^']+'/);
    expect(directive("script-src")).not.toMatch(/unsafe-eval|unsafe-inline/);
    expect(directive("connect-src")).toBe("connect-src 'self'");
  });
});

/** A field name that Conform reads as an object nested `depth` levels deep (`x.x.x…` or `x[0][0]…`). */
const nestedName = (depth: number, shape: "dots" | "brackets") =>
  shape === "dots" ? Array.from({ length: depth }, () => "x").join(".") : `x${"[0]".repeat(depth)}`;

describe("denial of service through reflected input in single fetch (GHSA-rxv8-25v2-qmq8, turbo-stream 2's recursive encoder)", () => {
  // Conform turns a field named `x.x.x…` into an object that deep, recursively (a dotted name of
  // 20,000 levels overflowed its stack: a 500), and had an action's reply echoed it, turbo-stream 2.4.1
  // (which Remix 2 pins) would recurse once per level to encode it, for the document's hydration data
  // and for a `.data` request alike. The Worker refuses such a name before Remix reads the form.
  it.each([
    ["dotted", "dots", 20_000],
    ["bracketed", "brackets", 12_000],
  ] as const)("a %s field name nested thousands deep is refused quickly, without echoing it", async (_, shape, depth) => {
    for (const path of ["/login?mode=login", "/login.data?mode=login"]) {
      const started = Date.now();
      const response = await post(
        path,
        { intent: "login", email: "nobody@example.test", password: "wrong-password", [nestedName(depth, shape)]: "deep" },
        { origin: ORIGIN },
      );
      const body = await response.text();
      expect(response.status, path).toBe(400);
      expect(body, path).toContain("The form has a field that no form of this site sends.");
      expect(Date.now() - started, path).toBeLessThan(5_000);
      expect(body, path).not.toContain('"x"');
      expect(body.length, path).toBeLessThan(200_000);
    }
  });

  it("lets a name as deep as the limit past the request guard to the form screen, which answers with the form's message (issue 59)", async () => {
    const response = await post(
      "/login?mode=login",
      { intent: "login", email: "nobody@example.test", password: "wrong-password", [nestedName(MAX_FIELD_NAME_DEPTH, "dots")]: "deep" },
      { origin: ORIGIN },
    );
    const body = await response.text();
    expect(response.status).toBe(400);
    expect(body).not.toContain("The form has a field that no form of this site sends.");
    expect(body).toContain("The form could not be read.");
  });
});
