// The shell's links are plain anchors (`PathLink`, docs/workarounds.md) that ask Remix's route discovery about
// their targets the way its own `<Link>` does, through the `data-discover` attribute it watches. A
// Remix release that discovers routes another way fails here.
import { expect, test } from "./fixtures";

test("the shell's links have their routes discovered ahead of a click, as Remix's links do", async ({ page }) => {
  const discovered = new Set<string>();
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/__manifest") for (const path of url.searchParams.getAll("p")) discovered.add(path);
  });
  await page.goto("/");
  const sidebar = page.getByRole("complementary", { name: "Categories" });
  await expect(sidebar.getByRole("link", { name: "Rifles", exact: true })).toHaveAttribute("data-discover", "true");
  await expect.poll(() => [...discovered]).toEqual(expect.arrayContaining(["/category/Rifles", "/category/Knives"]));
});
