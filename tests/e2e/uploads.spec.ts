import { expect, test } from "./fixtures";

// What `wrangler dev` (the server the product runs on locally) does with an upload over the limit:
// its proxy turned a 413 answered before the body was read into a reset connection (DESIGN.md 9).
test("an 11 MB upload gets a readable 413 through wrangler dev, not a reset connection", async ({ request, baseURL }) => {
  const response = await request.post("/sticker-crafts/submit", {
    headers: { Origin: baseURL ?? "" },
    multipart: {
      intent: "submit",
      name: "Too big",
      ingameFile: { name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(11 * 1024 * 1024) },
    },
  });
  expect(response.status()).toBe(413);
  const html = await response.text();
  expect(html).toContain("Request too large");
  expect(html).toContain("A form may carry at most 10 MB.");
});
