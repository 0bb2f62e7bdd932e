import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { IMPORT_MAX_BYTES, IMPORT_PARSE_MESSAGES } from "~/domain/inventory-import";
import { ACCOUNT_LIMITS } from "~/domain/limits";
import { IMPORT_MESSAGES } from "~/forms/resell-import-texts";
import { createDatabase } from "~/server/db/client.server";
import { IMPORT_DRAFT_TTL_MS } from "~/server/features/resell/import.server";
import { cleanupExpired } from "~/server/jobs/cleanup.server";
import { withFaults } from "./faults";
import { get, importFormKeyIn, post, postMultipart, previewImport, signedInUser } from "./helpers";

/** The inventory import: malformed or oversize input refused with nothing written, the limit kept under a race, the CSV export read back. */

const SKIN = "ak-47-redline";
const PAGE = "/resell-tracker/import";
const REDLINE = "AK-47 | Redline (Field-Tested)";

/** A Steam inventory (assets + descriptions) of `n` Redlines, their asset ids counted from `first`. */
const inventory = (n: number, first = 1) =>
  JSON.stringify({
    assets: Array.from({ length: n }, (_, i) => ({ appid: 730, contextid: "2", assetid: String(first + i), classid: "1", instanceid: "0", amount: "1" })),
    descriptions: [{ appid: 730, classid: "1", instanceid: "0", market_hash_name: REDLINE, marketable: 1 }],
  });

async function userId(email: string): Promise<string> {
  return (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: string }>())!.id;
}

/**
 * Bindings whose D1 runs `competingInsert` (another import's tracker) just before the import's own
 * insert, once; `slipped()` tells whether it ran.
 */
function racedBy(competingInsert: () => Promise<unknown>) {
  let slipped = false;
  const faults = withFaults({
    before: async (sql) => {
      if (slipped || !/insert into "resell_trackers"/.test(sql)) return;
      slipped = true;
      await competingInsert();
    },
  });
  return { ...faults, slipped: () => slipped };
}

const trackerCount = async (id: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM resell_trackers WHERE user_id = ?").bind(id).first<{ n: number }>())!.n;
const fillTrackers = (id: string, n: number) =>
  env.DB.prepare(
    "WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < ?2) INSERT INTO resell_trackers (user_id, skin_id, buy_price_cents, wear, bought_at) SELECT ?1, ?3, 100, 'FT', '2026-01-01' FROM k",
  )
    .bind(id, n, SKIN)
    .run();

const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

/** Step 1, then step 2 with every row chosen, at the prices and dates given. */
async function importRows(cookie: string, source: string, rows: { buyPrice: string; boughtAt: string }[]) {
  const fields: Record<string, string> = { intent: "import", formKey: await previewImport(cookie, source) };
  rows.forEach((row, i) => Object.assign(fields, { [`rows[${i}].pick`]: "on", [`rows[${i}].buyPrice`]: row.buyPrice, [`rows[${i}].boughtAt`]: row.boughtAt }));
  return post(PAGE, fields, { cookie });
}

describe("importing an inventory", { timeout: 60_000 }, () => {
  it("refuses malformed JSON and CSV, oversize files and text, and writes nothing", async () => {
    const user = await signedInUser("import-bad");
    const id = await userId(user.email);
    const cases: [Promise<Response>, number, string][] = [
      [
        postMultipart(
          PAGE,
          [
            ["intent", "preview"],
            ["text", '{"assets": ['],
          ],
          user.cookie,
        ),
        400,
        IMPORT_PARSE_MESSAGES.notJson,
      ],
      [
        postMultipart(
          PAGE,
          [
            ["intent", "preview"],
            ["text", '{"items": []}'],
          ],
          user.cookie,
        ),
        400,
        IMPORT_PARSE_MESSAGES.notInventory,
      ],
      [
        postMultipart(
          PAGE,
          [
            ["intent", "preview"],
            ["text", 'Skin,Skin ID,Wear,Bought date,Buy price\r\n"AK,ak-47-redline'],
          ],
          user.cookie,
        ),
        400,
        "This CSV is not a resell tracker export",
      ],
      [
        postMultipart(
          PAGE,
          [
            ["intent", "preview"],
            ["text", "Skin,Skin ID,Wear,Bought date,Buy price\r\nAK,ak-47-redline,XX,2026-01-02,1"],
          ],
          user.cookie,
        ),
        400,
        "row 2: the wear",
      ],
      [
        postMultipart(
          PAGE,
          [
            ["intent", "preview"],
            ["text", ""],
            ["file", { bytes: new Uint8Array(IMPORT_MAX_BYTES + 1).fill(32), name: "big.json" }],
          ],
          user.cookie,
        ),
        413,
        IMPORT_MESSAGES.tooLarge,
      ],
      [
        postMultipart(
          PAGE,
          [
            ["intent", "preview"],
            ["text", " ".repeat(IMPORT_MAX_BYTES + 1)],
          ],
          user.cookie,
        ),
        413,
        IMPORT_MESSAGES.tooLarge,
      ],
      [
        postMultipart(
          PAGE,
          [
            ["intent", "preview"],
            ["text", ""],
          ],
          user.cookie,
        ),
        400,
        IMPORT_MESSAGES.empty,
      ],
    ];
    for (const [response, status, message] of cases) {
      const answer = await response;
      expect(answer.status).toBe(status);
      expect(await text(answer)).toContain(message.replaceAll('"', "&quot;"));
    }
    expect(await trackerCount(id)).toBe(0);
  });

  it("a 2 MB inventory's preview carries a reference, not the paste; a refused step answers its message only; a day later the preview is gone (issue 59)", async () => {
    const user = await signedInUser("import-lean");
    // Just under the 2 MB cap, as Steam writes it: 100 items and their descriptions' long texts.
    const base = JSON.parse(inventory(100)) as { assets: unknown[]; descriptions: Record<string, unknown>[] };
    const filler = "x".repeat(IMPORT_MAX_BYTES - 1024 - JSON.stringify(base).length);
    base.descriptions.push({ appid: 730, classid: "2", instanceid: "0", market_hash_name: "Sticker | Filler", descriptions: [{ value: filler }] });
    const source = JSON.stringify(base);
    expect(new TextEncoder().encode(source).byteLength).toBeLessThanOrEqual(IMPORT_MAX_BYTES);
    expect(new TextEncoder().encode(source).byteLength).toBeGreaterThan(IMPORT_MAX_BYTES - 2048);

    const preview = await post(PAGE, { intent: "preview", text: source }, { cookie: user.cookie });
    expect(preview.status).toBe(200);
    const page = await text(preview);
    expect(page).toContain("100 of 100 items match the catalogue.");
    expect(page).not.toContain(filler.slice(0, 1000));
    expect(new TextEncoder().encode(page).byteLength).toBeLessThan(300 * 1024);

    // A refused step (one row's price is no price) answers with its message and the form, not the paste.
    const formKey = importFormKeyIn(page);
    const refused = await post(
      PAGE,
      { intent: "import", formKey, "rows[0].pick": "on", "rows[0].buyPrice": "0x1", "rows[0].boughtAt": "2026-01-02" },
      { cookie: user.cookie },
    );
    expect(refused.status).toBe(400);
    const refusedPage = await text(refused);
    expect(refusedPage).not.toContain(filler.slice(0, 1000));
    expect(new TextEncoder().encode(refusedPage).byteLength).toBeLessThan(300 * 1024);
    expect(await trackerCount(await userId(user.email))).toBe(0);

    // The cleanup job drops a preview a day old: its Import is then refused, and nothing written.
    await cleanupExpired(createDatabase(env.DB), Date.now() + IMPORT_DRAFT_TTL_MS + 1000);
    const late = await post(
      PAGE,
      { intent: "import", formKey, "rows[0].pick": "on", "rows[0].buyPrice": "1.00", "rows[0].boughtAt": "2026-01-02" },
      { cookie: user.cookie },
    );
    expect(late.status).toBe(400);
    expect(await text(late)).toContain(IMPORT_MESSAGES.expired);
    expect(await trackerCount(await userId(user.email))).toBe(0);
  });

  it("matches a StatTrak™ knife that cs2-lib lists in no container: ★ StatTrak™ Karambit | Fade", async () => {
    const user = await signedInUser("import-knife");
    const names = ["★ StatTrak™ Karambit | Fade (Factory New)", "★ Karambit | Fade (Minimal Wear)"];
    const steam = JSON.stringify({
      assets: names.map((_, i) => ({ appid: 730, contextid: "2", assetid: String(i + 1), classid: String(i + 1), instanceid: "0", amount: "1" })),
      descriptions: names.map((name, i) => ({ appid: 730, classid: String(i + 1), instanceid: "0", market_hash_name: name, marketable: 1 })),
    });
    const preview = await postMultipart(
      PAGE,
      [
        ["intent", "preview"],
        ["file", { bytes: new TextEncoder().encode(steam), name: "inventory.json", type: "application/json" }],
      ],
      user.cookie,
    );
    expect(preview.status).toBe(200);
    expect(await text(preview)).toContain("2 of 2 items match the catalogue.");
  });

  it("previews a Steam file, then imports the chosen rows only; past the limit it writes nothing", async () => {
    const user = await signedInUser("import-limit");
    const id = await userId(user.email);
    const preview = await postMultipart(
      PAGE,
      [
        ["intent", "preview"],
        ["file", { bytes: new TextEncoder().encode(inventory(3)), name: "inventory.json", type: "application/json" }],
      ],
      user.cookie,
    );
    expect(preview.status).toBe(200);
    const page = await text(preview);
    expect(page).toContain("3 of 3 items match the catalogue.");
    expect(page).toContain(`Up to ${ACCOUNT_LIMITS.trackers.toLocaleString("en-US")} more trackers fit`);

    // Rows 0 and 2 chosen, row 1 left out.
    const chosen = await post(
      PAGE,
      {
        intent: "import",
        formKey: importFormKeyIn(page),
        "rows[0].pick": "on",
        "rows[0].buyPrice": "12.50",
        "rows[0].boughtAt": "2026-01-02",
        "rows[1].buyPrice": "1.00",
        "rows[1].boughtAt": "2026-01-02",
        "rows[2].pick": "on",
        "rows[2].buyPrice": "13.00",
        "rows[2].boughtAt": "2026-01-03",
      },
      { cookie: user.cookie },
    );
    expect(chosen.status).toBe(303);
    expect(chosen.headers.get("Location")).toBe("/resell-tracker?notice=imported");
    const rows = await env.DB.prepare("SELECT skin_id, wear, variant, buy_price_cents, bought_at FROM resell_trackers WHERE user_id = ? ORDER BY id")
      .bind(id)
      .all();
    expect(rows.results).toEqual([
      { skin_id: SKIN, wear: "FT", variant: "normal", buy_price_cents: 1250, bought_at: "2026-01-02" },
      { skin_id: SKIN, wear: "FT", variant: "normal", buy_price_cents: 1300, bought_at: "2026-01-03" },
    ]);

    // Two places left, three chosen (other assets): refused whole.
    await fillTrackers(id, ACCOUNT_LIMITS.trackers - 4);
    const row = { buyPrice: "1.00", boughtAt: "2026-01-02" };
    const over = await importRows(user.cookie, inventory(3, 11), [row, row, row]);
    expect(over.status).toBe(409);
    expect(await text(over)).toContain(IMPORT_MESSAGES.overLimit);
    expect(await trackerCount(id)).toBe(ACCOUNT_LIMITS.trackers - 2);
  });

  it(`20 parallel imports racing for the last places cannot overshoot the limit`, async () => {
    const user = await signedInUser("import-race");
    const id = await userId(user.email);
    await fillTrackers(id, ACCOUNT_LIMITS.trackers - 3);
    const row = { buyPrice: "1.00", boughtAt: "2026-01-02" };
    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const answer = await importRows(user.cookie, inventory(2, 1 + 2 * i), [row, row]);
        await answer.arrayBuffer();
        return answer.status;
      }),
    );
    expect(answers.filter((status) => status === 303)).toHaveLength(1);
    expect(answers.filter((status) => status === 409)).toHaveLength(19);
    expect(await trackerCount(id)).toBe(ACCOUNT_LIMITS.trackers - 1);
  });

  it("an asset imported once is Already tracked: not offered, refused whole when ticked or raced, importable again once deleted; per account", async () => {
    const user = await signedInUser("import-again");
    const id = await userId(user.email);
    const row = { buyPrice: "1.00", boughtAt: "2026-01-02" };
    const previewOf = async (source: string, cookie = user.cookie) =>
      text(
        await postMultipart(
          PAGE,
          [
            ["intent", "preview"],
            ["text", source],
          ],
          cookie,
        ),
      );
    const trackedAssets = async () =>
      (await env.DB.prepare("SELECT steam_asset_id AS a FROM resell_trackers WHERE user_id = ? ORDER BY a").bind(id).all<{ a: string }>()).results.map(
        (r) => r.a,
      );

    // Two imports of the same two assets racing (whichever reads first): one writes both, the other is refused whole.
    const raced = await Promise.all(
      [0, 1].map(async () => {
        const answer = await importRows(user.cookie, inventory(2), [row, row]);
        return { status: answer.status, page: await text(answer) };
      }),
    );
    expect(raced.map((answer) => answer.status).sort()).toEqual([303, 409]);
    expect(raced.find((answer) => answer.status === 409)!.page).toContain(IMPORT_MESSAGES.alreadyTracked);
    expect(await trackedAssets()).toEqual(["1", "2"]);

    // Sold, asset 1 is still tracked; the preview offers asset 3 only.
    const [first] = (await env.DB.prepare("SELECT id FROM resell_trackers WHERE user_id = ? AND steam_asset_id = '1'").bind(id).all<{ id: number }>()).results;
    const sale = { intent: "sell", salePrice: "30.00", soldAt: "2026-02-10", market: "skinport" };
    expect((await post(`/resell-tracker/${first!.id}/sale`, sale, { cookie: user.cookie })).status).toBe(303);
    const again = await previewOf(inventory(3));
    expect(again).toContain("1 of 3 items match the catalogue.");
    expect(again.match(/AK-47 \| Redline \(Field-Tested\)<\/span>: Already tracked/g)).toHaveLength(2);

    // Ticking a tracked asset (a tampered post, or a preview left open) writes nothing, not even the new asset.
    const ticked = await importRows(user.cookie, inventory(3), [row, row, row]);
    expect(ticked.status).toBe(409);
    expect(await text(ticked)).toContain(IMPORT_MESSAGES.alreadyTracked);
    expect(await trackedAssets()).toEqual(["1", "2"]);

    // Another import tracks asset 3 after this one read the inventory: the unique index refuses the whole statement (asset 4 too).
    const racing = racedBy(() =>
      env.DB.prepare(
        "INSERT INTO resell_trackers (user_id, skin_id, buy_price_cents, wear, bought_at, steam_asset_id) VALUES (?, ?, 100, 'FT', '2026-01-02', '3')",
      )
        .bind(id, SKIN)
        .run(),
    );
    const chosen = [2, 3].flatMap((i): [string, string][] => [
      [`rows[${i}].pick`, "on"],
      [`rows[${i}].buyPrice`, "1.00"],
      [`rows[${i}].boughtAt`, "2026-01-02"],
    ]);
    const lost = await postMultipart(
      PAGE,
      [["intent", "import"], ["formKey", await previewImport(user.cookie, inventory(4))], ...chosen],
      user.cookie,
      racing.env,
    );
    expect(racing.slipped()).toBe(true);
    expect(lost.status).toBe(409);
    expect(await text(lost)).toContain(IMPORT_MESSAGES.alreadyTracked);
    expect(await trackedAssets()).toEqual(["1", "2", "3"]);

    // Deleting a tracker frees its asset: nothing else is tracked twice.
    expect((await post("/resell-tracker", { intent: "delete", trackerId: String(first!.id) }, { cookie: user.cookie })).status).toBe(303);
    expect(await previewOf(inventory(3))).toContain("1 of 3 items match the catalogue.");
    const freed = await post(
      PAGE,
      {
        intent: "import",
        formKey: await previewImport(user.cookie, inventory(3)),
        "rows[0].pick": "on",
        "rows[0].buyPrice": "1.00",
        "rows[0].boughtAt": "2026-01-02",
      },
      { cookie: user.cookie },
    );
    expect(freed.status).toBe(303);
    expect(await trackedAssets()).toEqual(["1", "2", "3"]);

    // A post cut short by hand (fields of the first row only, where the preview offers three): a 400
    // with the preview's form again, nothing written.
    const fresh = await signedInUser("import-cut-short");
    const cut = await post(
      PAGE,
      {
        intent: "import",
        formKey: await previewImport(fresh.cookie, inventory(3)),
        "rows[0].pick": "on",
        "rows[0].buyPrice": "1.00",
        "rows[0].boughtAt": "2026-01-02",
      },
      { cookie: fresh.cookie },
    );
    expect(cut.status).toBe(400);
    const cutHtml = await text(cut);
    expect(cutHtml).toContain(IMPORT_MESSAGES.incomplete);
    expect(cutHtml.match(/data-testid="import-row"/g)).toHaveLength(3);
    expect(await trackerCount(await userId(fresh.email))).toBe(0);

    // Another account's same asset ids are its own.
    const other = await signedInUser("import-again-other");
    expect(await previewOf(inventory(3), other.cookie)).toContain("3 of 3 items match the catalogue.");
    expect((await importRows(other.cookie, inventory(3), [row, row, row])).status).toBe(303);
    expect(await trackerCount(await userId(other.email))).toBe(3);
  });

  it("the CSV export imported again is Already tracked by its keys and asset ids; a deleted tracker comes back with its key; another account imports it all", async () => {
    const owner = await signedInUser("import-csv-again");
    const id = await userId(owner.email);
    const row = { buyPrice: "1.00", boughtAt: "2026-01-02" };
    expect((await importRows(owner.cookie, inventory(2, 41), [row, row])).status).toBe(303);
    const created = await post(
      `/resell-tracker/new?skin=${SKIN}`,
      { skinId: SKIN, wear: "FT", boughtAt: "2026-01-03", buyPrice: "5.00" },
      { cookie: owner.cookie },
    );
    expect(created.status).toBe(303);
    const exported = await (await get("/resell-tracker.csv", owner.cookie)).text();
    const keysOf = async (user: string) =>
      (
        await env.DB.prepare("SELECT export_key AS k, steam_asset_id AS a FROM resell_trackers WHERE user_id = ? ORDER BY k")
          .bind(user)
          .all<{ k: string; a: string | null }>()
      ).results;
    const keys = await keysOf(id);
    expect(keys.map(({ k }) => k)).toEqual(keys.map(({ k }) => k.match(/^[0-9a-f]{32}$/)?.[0]));
    expect(exported.split("\r\n")[0]).toMatch(/,Tracker key,Steam asset ID,Currency$/);
    for (const { k, a } of keys) expect(exported).toContain(`,${k},${a ?? ""},USD\r\n`);
    const previewOf = async (cookie: string) =>
      text(
        await postMultipart(
          PAGE,
          [
            ["intent", "preview"],
            ["text", exported],
          ],
          cookie,
        ),
      );

    // The own export again: nothing offered, and ticking its rows anyway (a tampered post) writes nothing.
    const again = await previewOf(owner.cookie);
    expect(again).toContain("0 of 3 items match the catalogue.");
    expect(again.match(/AK-47 \| Redline<\/span>: Already tracked/g)).toHaveLength(3);
    const tampered = await importRows(owner.cookie, exported, [row, row, row]);
    expect(tampered.status).toBe(409);
    expect(await text(tampered)).toContain(IMPORT_MESSAGES.alreadyTracked);
    expect(await trackerCount(id)).toBe(3);

    // The tracker made in the form (no asset id, the newest: row 0) deleted: only it is offered, and it comes back with its key.
    const formTracker = (await env.DB.prepare("SELECT id FROM resell_trackers WHERE user_id = ? AND steam_asset_id IS NULL").bind(id).first<{ id: number }>())!;
    expect((await post("/resell-tracker", { intent: "delete", trackerId: String(formTracker.id) }, { cookie: owner.cookie })).status).toBe(303);
    expect(await previewOf(owner.cookie)).toContain("1 of 3 items match the catalogue.");
    const restored = await post(
      PAGE,
      {
        intent: "import",
        formKey: await previewImport(owner.cookie, exported),
        "rows[0].pick": "on",
        "rows[0].buyPrice": "5.00",
        "rows[0].boughtAt": "2026-01-03",
      },
      { cookie: owner.cookie },
    );
    expect(restored.status).toBe(303);
    expect(await keysOf(id)).toEqual(keys);

    // Another account: every row offered and imported with its key and asset id, so its Steam import of those assets says Already tracked.
    const other = await signedInUser("import-csv-again-other");
    const otherId = await userId(other.email);
    expect(await previewOf(other.cookie)).toContain("3 of 3 items match the catalogue.");
    expect((await importRows(other.cookie, exported, [row, row, row])).status).toBe(303);
    expect(await keysOf(otherId)).toEqual(keys);
    const steam = await text(
      await postMultipart(
        PAGE,
        [
          ["intent", "preview"],
          ["text", inventory(2, 41)],
        ],
        other.cookie,
      ),
    );
    expect(steam).toContain("0 of 2 items match the catalogue.");

    // A third account's import raced by one that tracked a key first: the unique index refuses the whole statement.
    const third = await signedInUser("import-csv-again-third");
    const thirdId = await userId(third.email);
    const racing = racedBy(() =>
      env.DB.prepare("INSERT INTO resell_trackers (user_id, skin_id, buy_price_cents, wear, bought_at, export_key) VALUES (?, ?, 100, 'FT', '2026-01-02', ?)")
        .bind(thirdId, SKIN, keys[0]!.k)
        .run(),
    );
    const chosen = [0, 1, 2].flatMap((i): [string, string][] => [
      [`rows[${i}].pick`, "on"],
      [`rows[${i}].buyPrice`, "1.00"],
      [`rows[${i}].boughtAt`, "2026-01-02"],
    ]);
    const lost = await postMultipart(
      PAGE,
      [["intent", "import"], ["formKey", await previewImport(third.cookie, exported)], ...chosen],
      third.cookie,
      racing.env,
    );
    expect(racing.slipped()).toBe(true);
    expect(lost.status).toBe(409);
    expect(await text(lost)).toContain(IMPORT_MESSAGES.alreadyTracked);
    expect(await trackerCount(thirdId)).toBe(1);
  });

  it("an import posted twice (a double click without JavaScript, Back and send again) tracks its items once and lands on the list again", async () => {
    const user = await signedInUser("import-twice");
    const id = await userId(user.email);
    // A CSV without a Tracker key column: nothing in its rows tells one import of it from the next.
    const csv = [
      "Skin,Skin ID,Wear,Bought date,Buy price",
      "AK-47 | Redline,ak-47-redline,FT,2026-01-02,12.5",
      "AK-47 | Redline,ak-47-redline,FT,2026-01-03,13",
    ].join("\r\n");
    const previewKey = async () => {
      const page = await text(
        await postMultipart(
          PAGE,
          [
            ["intent", "preview"],
            ["text", csv],
          ],
          user.cookie,
        ),
      );
      expect(page).toContain("2 of 2 items match the catalogue.");
      return importFormKeyIn(page);
    };
    const key = await previewKey();
    expect(key, "the preview's form carries a key").toBeDefined();
    const row = { buyPrice: "12.50", boughtAt: "2026-01-02" };
    const withKey = (formKey: string | null) =>
      post(
        PAGE,
        {
          intent: "import",
          ...(formKey === null ? {} : { formKey }),
          ...Object.fromEntries(
            [0, 1].flatMap((i) => [
              [`rows[${i}].pick`, "on"],
              [`rows[${i}].buyPrice`, row.buyPrice],
              [`rows[${i}].boughtAt`, row.boughtAt],
            ]),
          ),
        },
        { cookie: user.cookie },
      );

    const first = await withKey(key);
    expect(first.status).toBe(303);
    expect(first.headers.get("Location")).toBe("/resell-tracker?notice=imported");
    const second = await withKey(key);
    expect(second.status).toBe(303);
    expect(second.headers.get("Location")).toBe("/resell-tracker?notice=already-imported");
    expect(await trackerCount(id)).toBe(2);
    expect(await text(await get("/resell-tracker?notice=already-imported", user.cookie))).toContain(
      "This form was sent twice: the items were imported once. To import them again, start the import over.",
    );
    // The first post writes after the second has read (both on their way at once): the second's insert writes nothing.
    const raceKey = await previewKey();
    let firstPost: Response | undefined;
    const racing = racedBy(async () => (firstPost = await withKey(raceKey)));
    const chosen = [0, 1].flatMap((i): [string, string][] => [
      [`rows[${i}].pick`, "on"],
      [`rows[${i}].buyPrice`, row.buyPrice],
      [`rows[${i}].boughtAt`, row.boughtAt],
    ]);
    const secondPost = await postMultipart(PAGE, [["intent", "import"], ["formKey", raceKey], ...chosen], user.cookie, racing.env);
    expect(racing.slipped()).toBe(true);
    expect(firstPost!.headers.get("Location")).toBe("/resell-tracker?notice=imported");
    expect(secondPost.headers.get("Location")).toBe("/resell-tracker?notice=already-imported");
    expect(await trackerCount(id)).toBe(4);

    // A new preview has a new key, so the same CSV imported on purpose tracks its items again; a post
    // without a key names no preview, and is refused with the page's first step.
    const fresh = await previewKey();
    expect([key, raceKey]).not.toContain(fresh);
    expect((await withKey(fresh)).headers.get("Location")).toBe("/resell-tracker?notice=imported");
    const keyless = await withKey(null);
    expect(keyless.status).toBe(400);
    expect(await text(keyless)).toContain(IMPORT_MESSAGES.expired);
    expect(await trackerCount(id)).toBe(6);

    // Keys are per account: another collector posting this one's key names no preview of theirs.
    const other = await signedInUser("import-twice-other");
    const theirs = await post(
      PAGE,
      {
        intent: "import",
        formKey: key,
        "rows[0].pick": "on",
        "rows[0].buyPrice": "1.00",
        "rows[0].boughtAt": "2026-01-02",
        "rows[1].buyPrice": "1.00",
        "rows[1].boughtAt": "2026-01-02",
      },
      { cookie: other.cookie },
    );
    expect(theirs.status).toBe(400);
    expect(await text(theirs)).toContain(IMPORT_MESSAGES.expired);
    expect(await trackerCount(await userId(other.email))).toBe(0);
  });

  it("a CSV row whose Wear contradicts its Float is shown as not imported, and ticking it anyway writes nothing", async () => {
    const user = await signedInUser("import-csv-wear");
    const id = await userId(user.email);
    const csv = [
      "Skin,Skin ID,Wear,Float,Bought date,Buy price,Variant",
      "MAC-10 | Heat,mac-10-heat,FN,0.9,2026-11-01,5,normal",
      "MAC-10 | Heat,mac-10-heat,BS,0.9,2026-11-01,5,normal",
    ].join("\r\n");
    const preview = await text(
      await postMultipart(
        PAGE,
        [
          ["intent", "preview"],
          ["text", csv],
        ],
        user.cookie,
      ),
    );
    expect(preview).toContain("1 of 2 items match the catalogue.");
    expect(preview).toContain("MAC-10 | Heat</span>: Wear does not match the float");
    expect(preview).toContain("Battle-Scarred · Normal · Float 0.9000");
    expect(preview).not.toContain("Factory New · Normal · Float 0.9000");
    // The form has fields for the offered row 1 only; a tampered post ticks row 0 as well.
    const tampered = await post(
      PAGE,
      {
        intent: "import",
        formKey: importFormKeyIn(preview),
        "rows[0].pick": "on",
        "rows[0].buyPrice": "5.00",
        "rows[0].boughtAt": "2026-11-01",
        "rows[1].buyPrice": "5.00",
        "rows[1].boughtAt": "2026-11-01",
      },
      { cookie: user.cookie },
    );
    expect(tampered.status).toBe(400);
    expect(await text(tampered)).toContain(IMPORT_MESSAGES.notOffered);
    expect(await trackerCount(id)).toBe(0);
  });

  it("the CSV export, imported into another account, exports the same", async () => {
    const owner = await signedInUser("import-csv-from");
    const newTracker = (fields: Record<string, string>) =>
      post(`/resell-tracker/new?skin=${SKIN}`, { skinId: SKIN, wear: "FT", boughtAt: "2026-01-02", buyPrice: "20.00", ...fields }, { cookie: owner.cookie });
    expect((await newTracker({ variant: "stattrak", wearValue: "0.25", notes: '=HYPERLINK("x"), "quoted"' })).status).toBe(303);
    expect((await newTracker({ buyPrice: "7.35", boughtAt: "2026-02-03" })).status).toBe(303);
    const soldId = (await env.DB.prepare("SELECT max(id) AS id FROM resell_trackers").first<{ id: number }>())!.id;
    const sale = { intent: "sell", salePrice: "30.00", soldAt: "2026-02-10", market: "skinport", feePercent: "5.5" };
    expect((await post(`/resell-tracker/${soldId}/sale`, sale, { cookie: owner.cookie })).status).toBe(303);
    const exported = await (await get("/resell-tracker.csv", owner.cookie)).text();

    const other = await signedInUser("import-csv-to");
    const preview = await postMultipart(
      PAGE,
      [
        ["intent", "preview"],
        ["file", { bytes: new TextEncoder().encode(exported), name: "resell-tracker.csv", type: "text/csv" }],
      ],
      other.cookie,
    );
    expect(await text(preview)).toContain("2 of 2 items match the catalogue.");
    // The preview offers the CSV's own prices and dates; the import takes them as offered.
    const imported = await importRows(other.cookie, exported, [
      { buyPrice: "7.35", boughtAt: "2026-02-03" },
      { buyPrice: "20.00", boughtAt: "2026-01-02" },
    ]);
    expect(imported.status).toBe(303);
    const again = await (await get("/resell-tracker.csv", other.cookie)).text();
    // Everything but when each tracker was added.
    const withoutAdded = (csv: string) => csv.split("\r\n").map((line) => line.replace(/\d{4}-\d\d-\d\dT[\d:.]+Z,(normal|stattrak)/, "$1"));
    expect(withoutAdded(again).sort()).toEqual(withoutAdded(exported).sort());
  });
});
