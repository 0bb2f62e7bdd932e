// Reproductions of the attacks reviewed in SECURITY.md, each answered as the table there says.
import { describe, expect, it } from "vitest";
import { MAX_PATH_SEGMENTS } from "~/server/request-guard.server";
import { fetchWorker } from "./helpers";
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
    const query = new URLSearchParams([["p", "/skins/ak-47-redline"], ["p", deepPath(8_000)], ["version", "x"]]);
    await expectRefusedBeforeRemix(await fetchWorker(`${ORIGIN}/__manifest?${query}`));
  });

  it("still lets Remix answer paths up to the limit: its own 404 page and route discovery", async () => {
    const atLimit = await fetchWorker(`${ORIGIN}${deepPath(MAX_PATH_SEGMENTS)}`);
    expect(atLimit.status).toBe(404);
    expect(await atLimit.text()).toContain("__remixContext");

    const discovery = await fetchWorker(`${ORIGIN}/__manifest?${new URLSearchParams([["p", "/skins/ak-47-redline"], ["version", "x"]])}`);
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
