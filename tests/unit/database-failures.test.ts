import { DrizzleQueryError } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { describeDatabaseFailure, isDatabaseFailure, isForeignKeyFailure, isUniqueFailure } from "~/server/db/failures.server";
import { failureReply, typedValues } from "~/server/http/action-failures.server";

const d1 = (message: string) => new Error(`D1_ERROR: ${message}`);
const wrapped = (cause: Error) => new DrizzleQueryError('insert into "resell_trackers" ("user_id") values (?)', ["user-1"], cause);

describe("database failures", () => {
  it.each([
    ["D1's own error", d1("Network connection lost.")],
    ["a refused statement", d1("FOREIGN KEY constraint failed: SQLITE_CONSTRAINT")],
    ["drizzle's wrapper around D1's error", wrapped(d1("D1 DB is overloaded. Requests queued for too long."))],
  ])("are told apart: %s", (_what, error) => {
    expect(isDatabaseFailure(error)).toBe(true);
  });

  it.each([new TypeError("Cannot read properties of undefined"), new Error("Provider answered 500"), "D1_ERROR as a string", null])(
    "a bug is not one: %s",
    (error) => {
      expect(isDatabaseFailure(error)).toBe(false);
    },
  );

  it("a foreign key failure is found through drizzle's wrapper", () => {
    expect(isForeignKeyFailure(wrapped(d1("FOREIGN KEY constraint failed: SQLITE_CONSTRAINT")))).toBe(true);
    expect(isForeignKeyFailure(d1("UNIQUE constraint failed: users.email"))).toBe(false);
  });

  it("a unique index's failure is found through drizzle's wrapper, by the column it names", () => {
    const failure = wrapped(d1("UNIQUE constraint failed: resell_trackers.user_id, resell_trackers.steam_asset_id: SQLITE_CONSTRAINT"));
    expect(isUniqueFailure(failure, "resell_trackers.steam_asset_id")).toBe(true);
    expect(isUniqueFailure(failure, "users.email")).toBe(false);
    const keyFailure = wrapped(d1("UNIQUE constraint failed: resell_trackers.user_id, resell_trackers.export_key: SQLITE_CONSTRAINT"));
    expect(isUniqueFailure(keyFailure, "resell_trackers.export_key")).toBe(true);
    expect(isUniqueFailure(keyFailure, "resell_trackers.steam_asset_id")).toBe(false);
    expect(isUniqueFailure(wrapped(d1("FOREIGN KEY constraint failed: SQLITE_CONSTRAINT")), "resell_trackers.steam_asset_id")).toBe(false);
  });

  it("the log line names D1's message and the statement, never its parameters", () => {
    const line = describeDatabaseFailure(wrapped(d1("Network connection lost.")));
    expect(line).toBe('D1_ERROR: Network connection lost. (in: insert into "resell_trackers" ("user_id") values (?))');
    expect(line).not.toContain("user-1");
  });
});

describe("the form as typed, in a failure's answer", () => {
  const form = (entries: [string, string | File][]) => {
    const data = new FormData();
    for (const [name, value] of entries) data.append(name, value);
    return data;
  };

  it("keeps text fields (first value of each), leaves out files and hidden fields, cuts long values", () => {
    const typed = typedValues(
      form([
        ["title", "Mine"],
        ["title", "second"],
        ["password", "secret"],
        ["image", new File(["x"], "x.png")],
        ["notes", "n".repeat(5000)],
      ]),
      ["password"],
    );
    expect(Object.keys(typed)).toEqual(["title", "notes"]);
    expect(typed.title).toBe("Mine");
    expect(typed.notes).toHaveLength(2000);
  });

  it("echoes at most 64 fields of a body made of many", () => {
    expect(Object.keys(typedValues(form(Array.from({ length: 500 }, (_, i) => [`f${i}`, "v"]))))).toHaveLength(64);
  });

  it("is Conform's reply: the message as the form's error, the fields as typed", () => {
    expect(failureReply({ form: form([["title", "Mine"]]), intent: "" }, "Failed to save loadout")).toEqual({
      status: "error",
      initialValue: { title: "Mine" },
      error: { "": ["Failed to save loadout"] },
    });
    expect(failureReply({ form: null, intent: "" }, "x").initialValue).toEqual({});
  });
});
