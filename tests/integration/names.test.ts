import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { NAME_DIRECTION, NAME_INVISIBLE } from "~/domain/names";
import { post, signedInUser } from "./helpers";

let user: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  user = await signedInUser("names");
});

const loadoutsOf = async (email: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM user_loadouts l JOIN users u ON u.id = l.user_id WHERE u.email = ?").bind(email).first<{ n: number }>())!.n;

describe("names and titles show what they say", () => {
  it.each([
    ["zero-width characters only", "\u200B\u200C\u200D\u2060\uFEFF", NAME_INVISIBLE],
    ["a right-to-left override", "Budget \u202Eexe.gpj", NAME_DIRECTION],
  ])("a loadout titled with %s is refused with a clear message and nothing is stored", async (_case, title, message) => {
    const before = await loadoutsOf(user.email);
    const response = await post("/loadouts/new", { title }, { cookie: user.cookie });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
    expect(await loadoutsOf(user.email)).toBe(before);
  });
});
