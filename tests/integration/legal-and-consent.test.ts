import { describe, expect, it } from "vitest";
import { fetchWorker } from "./helpers";

const ORIGIN = "https://example.com";
const LEGAL_PAGES = ["/legal-notice", "/privacy-policy", "/terms-of-service", "/contact", "/cookie-settings"];

const post = (body: Record<string, string>, headers: Record<string, string> = {}) =>
  fetchWorker(`${ORIGIN}/cookie-consent`, {
    method: "POST",
    body: new URLSearchParams(body),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, ...headers },
    redirect: "manual",
  });

describe("legal pages", () => {
  it.each(LEGAL_PAGES.flatMap((path) => [path, `${path}?lang=de`]))("%s costs one D1 round trip (the shell's) and is noindex", async (path) => {
    const response = await fetchWorker(`${ORIGIN}${path}`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get("X-D1-Round-Trips")).toBe("1");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:8787\/[a-z-]+(\?lang=de)?"\/>/);
  });

  it("shows German text with ?lang=de and English otherwise", async () => {
    const english = await (await fetchWorker(`${ORIGIN}/terms-of-service`)).text();
    const german = await (await fetchWorker(`${ORIGIN}/terms-of-service?lang=de`)).text();
    expect(english).toContain("<title>Terms of Service | SkinVault</title>");
    expect(german).toContain("<title>Nutzungsbedingungen | SkinVault</title>");
    expect(german).toContain('lang="de"');
    expect(english).toContain("<strong");
    expect(english).toContain("<hr");
  });

  it("answers an unknown language with 400 and the English text", async () => {
    const response = await fetchWorker(`${ORIGIN}/contact?lang=fr`);
    const html = await response.text();
    expect(response.status).toBe(400);
    expect(html).toContain("This page is available in English and German only");
    expect(html).toContain("<title>Contact | SkinVault</title>");
  });
});

describe("cookie banner", () => {
  it("shows while no choice is stored and not once one is", async () => {
    const first = await (await fetchWorker(`${ORIGIN}/`)).text();
    expect(first).toContain("We use cookies to enhance your experience");
    const declined = await (await fetchWorker(`${ORIGIN}/`, { headers: { Cookie: "cookie_consent=0.0" } })).text();
    expect(declined).not.toContain("We use cookies to enhance your experience");
  });

  it("shows the Cookie Management panel only once a choice is stored", async () => {
    const none = await (await fetchWorker(`${ORIGIN}/cookie-settings`)).text();
    expect(none).not.toContain("Cookie Management");
    const accepted = await (await fetchWorker(`${ORIGIN}/cookie-settings`, { headers: { Cookie: "cookie_consent=1.1" } })).text();
    expect(accepted).toContain("Cookies are currently enabled");
    const declined = await (await fetchWorker(`${ORIGIN}/cookie-settings`, { headers: { Cookie: "cookie_consent=0.0" } })).text();
    expect(declined).toContain("Cookies are currently disabled");
  });
});

describe("POST /cookie-consent", () => {
  it("accepting sets a browser-session cookie and redirects back with 303", async () => {
    const response = await post({ intent: "accept", redirectTo: "/category/Rifles?x=1" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/category/Rifles?x=1");
    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/^cookie_consent=1\.1; Path=\/; HttpOnly; SameSite=Lax; Secure$/);
  });

  it("declining also expires user_session", async () => {
    const response = await post({ intent: "decline", redirectTo: "/" }, { Cookie: "user_session=u1" });
    expect(response.status).toBe(303);
    const cookies = response.headers.getSetCookie();
    expect(cookies[0]).toMatch(/^cookie_consent=0\.0;/);
    expect(cookies[1]).toMatch(/^user_session=; Max-Age=0;/);
  });

  it("refuses a return path off the site with 400 and sets nothing", async () => {
    const response = await post({ intent: "accept", redirectTo: "//evil.example/" });
    expect(response.status).toBe(400);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await response.text()).toContain("The return path must be a path on this site.");
  });

  it("refuses an unknown intent with 400", async () => {
    const response = await post({ intent: "maybe" });
    expect(response.status).toBe(400);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("refuses a cross-site post with 403", async () => {
    const response = await post({ intent: "accept" }, { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" });
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("sends a GET to the settings page", async () => {
    const response = await fetchWorker(`${ORIGIN}/cookie-consent`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/cookie-settings");
  });
});

describe("page metadata", () => {
  const page = async (path: string) => (await fetchWorker(`${ORIGIN}${path}`)).text();

  it("home and category carry title, description, canonical and Open Graph, and are indexable", async () => {
    for (const [path, title] of [
      ["/", "CS2 skins, prices and loadouts | SkinVault"],
      ["/category/Rifles", "Rifles Skins | SkinVault"],
    ]) {
      const html = await page(path!);
      expect(html).toContain(`<title>${title}</title>`);
      expect(html).toMatch(/<meta name="description" content=".{20,}"\/>/);
      expect(html).toContain(`<link rel="canonical" href="http://localhost:8787${path}"/>`);
      expect(html).toContain(`<meta property="og:title" content="${title}"/>`);
      expect(html).toContain('<meta property="og:type" content="website"/>');
      expect(html).not.toContain('name="robots"');
    }
  });

  it.each([
    ["/404", "Page Not Found"],
    ["/403", "Access Denied"],
    ["/500", "Server Error"],
    ["/NETWORK", "Network Error"],
    ["/UNKNOWN", "Unexpected Error"],
    ["/no/such/page", "Page Not Found"],
    ["/category/Bazookas", "Category Not Found"],
  ])("%s is noindex with its title, a description and a canonical URL", async (path, title) => {
    const html = await page(path);
    expect(html).toContain(`<title>${title} | SkinVault</title>`);
    expect(html).toMatch(/<meta name="description" content=".{20,}"\/>/);
    expect(html).toContain(`<link rel="canonical" href="http://localhost:8787${path}"/>`);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });
});
