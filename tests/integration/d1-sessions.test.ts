import { beforeAll, describe, expect, it } from "vitest";
import { get, post, signedInUser } from "./helpers";

/** The `skinvault_d1=...` part of a response's Set-Cookie, or null. */
function bookmarkCookie(response: Response): string | null {
  return /(skinvault_d1=[^;]*)/.exec(response.headers.get("Set-Cookie") ?? "")?.[1] ?? null;
}

let user: { cookie: string };
beforeAll(async () => {
  user = await signedInUser("d1-session");
});

describe("reads from replicas, with a signed-in user's own writes always visible", () => {
  it("a visitor gets no bookmark: their reads may go to any replica", async () => {
    const response = await get("/weapons/AK-47");
    expect(response.status).toBe(200);
    expect(bookmarkCookie(response)).toBeNull();
    await response.body?.cancel();
  });

  it("a signed-in user's write hands its bookmark on, and the next page, sent with it, shows the write", async () => {
    const first = await get("/profile?tab=favorites", user.cookie);
    const start = bookmarkCookie(first);
    await first.body?.cancel();
    const cookies = [user.cookie, start].filter(Boolean).join("; ");

    const added = await post("/favorites", { intent: "add", skinId: "ak-47-redline", redirectTo: "/profile?tab=favorites" }, { cookie: cookies });
    expect(added.status).toBe(303);
    const afterWrite = bookmarkCookie(added);
    // A signed cookie (value.signature), newer than the one sent.
    expect(afterWrite).toMatch(/^skinvault_d1=[^.]+\.[^.]+$/);
    expect(afterWrite).not.toBe(start);

    const page = await get("/profile?tab=favorites", `${user.cookie}; ${afterWrite}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("AK-47 | Redline");
  });

  it("a forged or malformed bookmark is ignored: the page starts at the primary", async () => {
    for (const forged of [
      "skinvault_d1=00000000-00000011-00000000-00000000000000000000000000000000",
      "skinvault_d1=%%%",
      "skinvault_d1=ffffffff-ffffffff-ffffffff-ffffffffffffffffffffffffffffffff.AAAA",
    ]) {
      const response = await get("/profile", `${user.cookie}; ${forged}`);
      expect(response.status).toBe(200);
      await response.body?.cancel();
    }
  });
});
