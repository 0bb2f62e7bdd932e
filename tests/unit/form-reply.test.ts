import { describe, expect, it } from "vitest";
import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { buttonFormState } from "~/components/form-parts";
import { LIMIT_MESSAGES } from "~/domain/limits";
import { changePasswordSchema } from "~/forms/auth";
import { createLoadoutSchema } from "~/forms/loadouts";
import { revalidateUnlessReadOnly } from "~/forms/reply";
import { stickerCraftSchema } from "~/forms/sticker-craft";
import { fieldLimits, formRefusal, formReply, parseForm, UNLIMITED_FIELD_ECHO } from "~/server/http/form-reply.server";

const formOf = (fields: [string, string][]) => {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return form;
};

describe("the one form reply", () => {
  it("knows each field's limit from the schema", () => {
    const limits = fieldLimits(stickerCraftSchema);
    expect(limits.get("name")).toBe(120);
    expect(limits.get("description")).toBe(2000);
    expect(limits.get("externalCraftLink")).toBe(2048);
    expect(limits.get("stickers")).toBe(5);
    expect(limits.get("stickers[].name")).toBe(120);
    expect(limits.get("stickers[].price")).toBe(UNLIMITED_FIELD_ECHO);
    expect(fieldLimits(createLoadoutSchema).get("title")).toBe(100);
  });

  // Read through Zod's public `z.toJSONSchema`: a Zod release that stops stating a field's `maxLength`
  // or a list's `maxItems` there fails here, not silently in a reply that echoes 9 MB.
  it("reads the limits of optional, defaulted, coerced and union fields", () => {
    const schema = z.object({
      text: z.string().trim().max(7).optional(),
      list: z.array(z.string().max(3)).max(2).default([]),
      count: z.coerce.number().int(),
      choice: z.union([z.string().max(9), z.string().max(4)]),
      upload: z.unknown().optional(),
    });
    expect(Object.fromEntries(fieldLimits(schema))).toEqual({
      text: 7,
      list: 2,
      "list[]": 3,
      count: UNLIMITED_FIELD_ECHO,
      choice: 9,
      upload: UNLIMITED_FIELD_ECHO,
    });
  });

  it("echoes a refused 9 MB field cut to its limit, drops unknown fields and leaves passwords out", () => {
    const huge = "x".repeat(9 * 1024 * 1024);
    const loadout = parseForm(
      formOf([
        ["title", huge],
        ["description", huge],
        ["budget", huge],
        ["junk", huge],
      ]),
      createLoadoutSchema,
    );
    expect(loadout.status).toBe("error");
    const result = loadout.reply();
    expect(result.initialValue).toEqual({ title: "x".repeat(100), description: "x".repeat(2000), budget: "x".repeat(UNLIMITED_FIELD_ECHO) });
    expect(result.error?.title).toEqual(["Title must be at most 100 characters."]);
    expect(result.fields).toEqual(["title", "description", "budget"]);
    expect(JSON.stringify(result).length).toBeLessThan(5000);

    const password = parseForm(
      formOf([
        ["currentPassword", huge],
        ["newPassword", "a"],
        ["confirmPassword", "b"],
      ]),
      changePasswordSchema,
    );
    expect(password.reply({ hideFields: ["currentPassword", "newPassword", "confirmPassword"] }).initialValue).toEqual({});
  });

  it("echoes a field sent twice as its first value; a list past its most items is the form's refusal", () => {
    const fields = (count: number): [string, string][] => Array.from({ length: count }, (_, index) => [`stickers[${index}].name`, "n".repeat(500)]);
    const craft = parseForm(formOf([...fields(5), ["name", "first"], ["name", "second"]]), stickerCraftSchema);
    const initial = craft.reply().initialValue as { name: string; stickers: { name: string }[] };
    expect(initial.name).toBe("first");
    expect(initial.stickers).toHaveLength(5);
    expect(initial.stickers[0]!.name).toBe("n".repeat(120));
    const tooMany = parseForm(formOf(fields(50)), stickerCraftSchema);
    expect(tooMany.status).toBe("error");
    expect(tooMany.reply().error).toEqual({ "": ["The form sent more than 5 items of a list."] });
  });

  it("a refusal of the whole form is its form error; an unknown intent comes back cut", () => {
    const response = formRefusal("save", "Unknown action.", 400);
    expect(response.init?.status).toBe(400);
    expect(response.data).toEqual({ intent: "save", result: { status: "error", error: { "": ["Unknown action."] } } });
    expect(formRefusal("x".repeat(9 * 1024 * 1024), "Unknown action.", 400).data.intent).toHaveLength(100);
  });
});

describe("a form that is one button (no form kit)", () => {
  it("shows the action's refusal as the form's alert, which the form names", () => {
    const refused = formRefusal("copy", LIMIT_MESSAGES.loadouts, 409).data as { result: SubmissionResult<string[]> };
    const { formProps, formError } = buttonFormState("save-shared-loadout", refused.result);
    expect(formError).toEqual({ errorId: "save-shared-loadout-error", errors: [LIMIT_MESSAGES.loadouts] });
    expect(formProps).toEqual({ id: "save-shared-loadout", "aria-describedby": "save-shared-loadout-error" });
  });

  it("shows nothing before a post, and nothing after one the action accepted", () => {
    const accepted: SubmissionResult<string[]> = { initialValue: null };
    for (const result of [undefined, accepted]) {
      const { formProps, formError } = buttonFormState("apply-fill", result);
      expect(formError.errors).toBeUndefined();
      expect(formProps).toEqual({ id: "apply-fill", "aria-describedby": undefined });
    }
  });
});

describe("what reloads after a post", () => {
  const after = (reply: ReturnType<typeof formReply>) => ({
    currentUrl: new URL("https://example.com/sticker-crafts/submit"),
    currentParams: {},
    nextUrl: new URL("https://example.com/sticker-crafts/submit"),
    nextParams: {},
    formMethod: "POST" as const,
    actionResult: reply.data,
    actionStatus: reply.init?.status ?? 200,
    // Remix's single fetch hands a route with its own function `true`, whatever the status.
    defaultShouldRevalidate: true,
  });

  it("reloads nothing after a read-only step, the page's data after a post that may have written", () => {
    const step = formReply("search-skin", { initialValue: {} }, { status: 200, readOnly: true });
    expect(step.data).toMatchObject({ intent: "search-skin", readOnly: true });
    expect(revalidateUnlessReadOnly(after(step))).toBe(false);
    expect(revalidateUnlessReadOnly(after(formReply("save", { initialValue: {} }, { status: 200 })))).toBe(true);
  });

  it("reloads nothing after a refusal, as Remix does for a route without the function", () => {
    expect(revalidateUnlessReadOnly(after(formRefusal("save", "Name is required.", 400)))).toBe(false);
    expect(revalidateUnlessReadOnly(after(formRefusal("save", "Could not save.", 503)))).toBe(false);
  });
});
