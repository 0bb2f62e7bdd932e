import fc from "fast-check";
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { NAME_DIRECTION, NAME_INVISIBLE, nameProblem, visiblePart } from "~/domain/names";
import { communityCraftSchema } from "~/forms/community-craft";
import { createLoadoutSchema, loadoutDetailsSchema } from "~/forms/loadouts";
import { officialLoadoutSchema } from "~/forms/official-loadout";
import { stickerCraftSchema } from "~/forms/sticker-craft";

const INVISIBLES = [
  "\u200B",
  "\u200C",
  "\u200D",
  "\u2060",
  "\uFEFF",
  "\u00AD",
  "\u3164",
  "\u115F",
  "\uFE0F",
  "\u2800",
  "\u00A0",
  "\u3000",
  "\u034F",
  "\u{E0041}",
];
const DIRECTION_CONTROLS = ["\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069"];

describe("names and titles", () => {
  it.each(INVISIBLES.map((char) => [char.codePointAt(0)?.toString(16)]))("refuses a name made only of U+%s", (hex) => {
    const char = String.fromCodePoint(Number.parseInt(hex ?? "", 16));
    expect(nameProblem(char.repeat(3))).toBe(NAME_INVISIBLE);
  });

  it.each(DIRECTION_CONTROLS.map((char) => [char.codePointAt(0)?.toString(16)]))("refuses U+%s anywhere in a name", (hex) => {
    const char = String.fromCodePoint(Number.parseInt(hex ?? "", 16));
    expect(nameProblem(`My ${char}gpj.exe craft`)).toBe(NAME_DIRECTION);
  });

  it("keeps names of every script, emoji and marks that read left to right or right to left", () => {
    for (const name of ["AK-47 | Redline", "Крафт", "كرافت", "קראפט\u200F 2", "👨‍👩‍👧 team", "e\u0301te", "名前"]) expect(nameProblem(name)).toBeNull();
  });

  it("refuses exactly the text with nothing visible, however invisible characters surround visible ones", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...INVISIBLES)),
        fc.string({ minLength: 1, unit: "grapheme-ascii" }),
        fc.array(fc.constantFrom(...INVISIBLES)),
        (before, text, after) => {
          const name = `${before.join("")}${text}${after.join("")}`;
          const visible = text.trim() !== "";
          expect(nameProblem(name) === null).toBe(visible);
          expect(visiblePart(name)).toBe(visiblePart(text));
        },
      ),
    );
  });

  it("is the check of every name and title form, with its message", () => {
    const cases: { schema: z.ZodType; field: string; rest: Record<string, string> }[] = [
      { schema: createLoadoutSchema, field: "title", rest: {} },
      { schema: loadoutDetailsSchema, field: "title", rest: { version: "1" } },
      { schema: officialLoadoutSchema, field: "title", rest: {} },
      { schema: stickerCraftSchema, field: "name", rest: { skinId: "ak-47-redline" } },
      { schema: stickerCraftSchema, field: "stickers[0].name", rest: { name: "Craft", skinId: "ak-47-redline" } },
      { schema: communityCraftSchema, field: "name", rest: { skinId: "ak-47-redline" } },
    ];
    for (const { schema, field, rest } of cases) {
      const errors = (value: string) => {
        const data = new FormData();
        for (const [name, text] of Object.entries({ ...rest, [field]: value })) data.append(name, text);
        const submission = parseWithZod(data, { schema });
        return submission.status === "error" ? submission.error?.[field] : undefined;
      };
      expect(errors("\u200B\u200D\u2060"), field).toEqual([NAME_INVISIBLE]);
      expect(errors("Cheap \u202Ekcits"), field).toEqual([NAME_DIRECTION]);
      expect(errors("Plain name"), field).toBeUndefined();
    }
  });
});
