// Loadouts a test starts from, made through the running server's own forms (plain HTTP posts with
// the user's session, as a browser without JavaScript sends them), so the server writes every row.
import type { TestUser } from "./test-accounts";

function request(baseURL: string, user: TestUser, path: string, fields?: Record<string, string>): Promise<Response> {
  return fetch(new URL(path, baseURL), {
    method: fields ? "POST" : "GET",
    body: fields ? new URLSearchParams(fields) : undefined,
    headers: { Cookie: `${user.cookie.name}=${user.cookie.value}` },
    redirect: "manual",
  });
}

async function read(response: Response, expected: number, what: string): Promise<string> {
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${what} answered ${response.status}`);
  return text;
}

/** A new loadout of `user`; answers its id. */
export async function createLoadout(baseURL: string, user: TestUser, fields: { title: string; description?: string; budget?: string }): Promise<number> {
  const response = await request(baseURL, user, "/loadouts/new", { description: "", budget: "", ...fields });
  await read(response, 302, "creating a loadout");
  return Number(/\/loadouts\/edit\/(\d+)/.exec(response.headers.get("Location") ?? "")![1]);
}

/** Puts a skin at a wear into a slot, through the editor's form (with the version its page shows). */
export async function pickSkin(baseURL: string, user: TestUser, loadoutId: number, pick: { slot: string; skinId: string; wear: string }): Promise<void> {
  const editor = await read(await request(baseURL, user, `/loadouts/edit/${loadoutId}`), 200, "the editor");
  const version = /name="version" value="(\d+)"/.exec(editor)![1]!;
  await read(await request(baseURL, user, `/loadouts/edit/${loadoutId}`, { intent: "set-wear", ...pick, version }), 302, `picking ${pick.skinId}`);
}

/** Creates the loadout's share link; answers its path (/loadouts/shared/{token}). */
export async function shareLoadout(baseURL: string, user: TestUser, loadoutId: number): Promise<string> {
  await read(await request(baseURL, user, `/loadouts/user/${loadoutId}`, { intent: "share-create" }), 302, "creating a share link");
  const page = await read(await request(baseURL, user, `/loadouts/user/${loadoutId}`), 200, "the loadout page");
  return new URL(/id="share-url"[^>]*value="([^"]+)"/.exec(page)![1]!).pathname;
}

/** A loadout with a budget, a description and an AK-47 on T-Side, as a sample for page checks. */
export async function sampleLoadout(baseURL: string, user: TestUser): Promise<number> {
  const id = await createLoadout(baseURL, user, { title: "Sample loadout", description: "A sample with a budget.", budget: "120" });
  await pickSkin(baseURL, user, id, { slot: "ak47_tside", skinId: "ak-47-redline", wear: "FT" });
  return id;
}

/** An open tracker of `user` (an AK-47 | Redline, with its markets on the list); answers its id. */
export async function openTracker(baseURL: string, user: TestUser): Promise<number> {
  const fields = { skinId: "ak-47-redline", wear: "FT", boughtAt: "2026-01-02", buyPrice: "10.00", notes: "Sample tracker" };
  await read(await request(baseURL, user, "/resell-tracker/new?skin=ak-47-redline", fields), 303, "tracking a skin");
  const list = await read(await request(baseURL, user, "/resell-tracker"), 200, "the tracker list");
  return Number(/id="tracker-(\d+)"/.exec(list)![1]);
}

/** A sold tracker of `user` (an AK-47 | Redline sold on Skinport); answers its id. */
export async function soldTracker(baseURL: string, user: TestUser): Promise<number> {
  const id = await openTracker(baseURL, user);
  const sale = { intent: "sell", salePrice: "12.00", soldAt: "2026-01-05", market: "skinport" };
  await read(await request(baseURL, user, `/resell-tracker/${id}/sale`, sale), 303, "recording a sale");
  return id;
}

/** A saved trade-up of `user` (ten MAG-7 | Insomnia), through the calculator's 'Save'; answers its id. */
export async function savedTradeUp(baseURL: string, user: TestUser): Promise<number> {
  const contract = "s1=mag-7-insomnia&f1=0.2&n1=10";
  await read(await request(baseURL, user, `/trade-up?${contract}`, { intent: "save", name: "Sample trade-up", contract }), 303, "saving a trade-up");
  const list = await read(await request(baseURL, user, "/profile?tab=trade-ups"), 200, "My trade-ups");
  return Number(/delete-trade-up=(\d+)/.exec(list)![1]);
}

/**
 * A page path with its placeholders filled by objects made for the visit (tests/e2e/pages.ts):
 * `{ownLoadout}` the id of a shared sample loadout of the visiting `user`, `{overBudgetLoadout}` the
 * id of one of theirs already over its budget, `{sharedLoadout}` the token of another new user's
 * shared sample loadout, `{openTracker}` and `{soldTracker}` the id of an open and a sold tracker of
 * the visiting `user`,
 * `{savedTradeUp}` the id of a saved trade-up of theirs.
 */
export async function samplePath(
  path: string,
  { baseURL, user, createUser }: { baseURL: string; user: TestUser | null; createUser: (options?: { label?: string }) => Promise<TestUser> },
): Promise<string> {
  let filled = path;
  if (filled.includes("{ownLoadout}")) {
    if (!user) throw new Error(`${path}: {ownLoadout} needs a signed-in visitor`);
    const id = await sampleLoadout(baseURL, user);
    await shareLoadout(baseURL, user, id);
    filled = filled.replace("{ownLoadout}", String(id));
  }
  if (filled.includes("{overBudgetLoadout}")) {
    if (!user) throw new Error(`${path}: {overBudgetLoadout} needs a signed-in visitor`);
    const id = await createLoadout(baseURL, user, { title: "Over budget sample", budget: "1" });
    await pickSkin(baseURL, user, id, { slot: "ak47_tside", skinId: "ak-47-redline", wear: "FT" });
    filled = filled.replace("{overBudgetLoadout}", String(id));
  }
  if (filled.includes("{openTracker}")) {
    if (!user) throw new Error(`${path}: {openTracker} needs a signed-in visitor`);
    filled = filled.replace("{openTracker}", String(await openTracker(baseURL, user)));
  }
  if (filled.includes("{soldTracker}")) {
    if (!user) throw new Error(`${path}: {soldTracker} needs a signed-in visitor`);
    filled = filled.replace("{soldTracker}", String(await soldTracker(baseURL, user)));
  }
  if (filled.includes("{savedTradeUp}")) {
    if (!user) throw new Error(`${path}: {savedTradeUp} needs a signed-in visitor`);
    filled = filled.replace("{savedTradeUp}", String(await savedTradeUp(baseURL, user)));
  }
  if (filled.includes("{sharedLoadout}")) {
    const owner = await createUser({ label: "sample-sharer" });
    const shared = await shareLoadout(baseURL, owner, await sampleLoadout(baseURL, owner));
    filled = filled.replace("/loadouts/shared/{sharedLoadout}", shared);
  }
  return filled;
}
