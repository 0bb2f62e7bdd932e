import { describe, expect, it } from "vitest";
import { importSchema } from "~/forms/resell-import";
import { reportCraftSchema } from "~/forms/community-craft";
import { stickerCraftSchema } from "~/forms/sticker-craft";
import { saveTradeUpSchema } from "~/forms/trade-up";
import { CONTROL_CHARACTER, FORM_READ_FAILED, MAX_FORM_FIELDS, MAX_LIST_INDEX, readCappedFormData } from "~/server/http/form-body.server";
import { fieldLimits, parseForm } from "~/server/http/form-reply.server";
import { HOSTILE_FORM_BODIES } from "../fixtures/hostile-form-bodies";

const post = (body: string) =>
  new Request("https://example.com/form", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body });
const formOf = (fields: [string, string][]) => {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return form;
};
const validate = (name: string) => JSON.stringify({ type: "validate", payload: { name } });

describe("the screen before any form parser (issue 59)", () => {
  it.each(Object.entries(HOSTILE_FORM_BODIES))("refuses %s as a 400 with the form's message", async (_shape, body) => {
    const read = await readCappedFormData(post(body));
    expect(read).toMatchObject({ ok: false, status: 400 });
    expect(read.ok ? "" : read.message).toMatch(/^The form (could not be read|sent more than \d+ fields)\.$/);
  });

  it("lets through the forms the app renders, and the form kit's check of one field", async () => {
    const read = await readCappedFormData(
      post(`intent=import&formKey=k&rows[0].pick=on&rows[999].buyPrice=1&__intent__=${encodeURIComponent(validate("rows[0].buyPrice"))}`),
      1024,
      3100,
    );
    expect(read.ok).toBe(true);
    expect(await readCappedFormData(post(`__intent__=${encodeURIComponent(validate("reason"))}&intent=report`))).toMatchObject({ ok: true });
    // Another spelling of the same check is not the kit's.
    expect(await readCappedFormData(post(`__intent__=${encodeURIComponent('{"payload":{"name":"reason"},"type":"validate"}')}`))).toMatchObject({ ok: false });
  });

  it("caps the fields per form and the list index for every form", async () => {
    const fields = (count: number) => Array.from({ length: count }, (_, index) => `f${index}=1`).join("&");
    expect((await readCappedFormData(post(fields(MAX_FORM_FIELDS)))).ok).toBe(true);
    expect(await readCappedFormData(post(fields(MAX_FORM_FIELDS + 1)))).toEqual({
      ok: false,
      status: 400,
      message: `The form sent more than ${MAX_FORM_FIELDS} fields.`,
    });
    expect((await readCappedFormData(post(`rows[${MAX_LIST_INDEX - 1}].pick=on`))).ok).toBe(true);
    expect(await readCappedFormData(post(`rows[${MAX_LIST_INDEX}].pick=on`))).toEqual({ ok: false, status: 400, message: FORM_READ_FAILED });
    expect(await readCappedFormData(post("a[1][2][3][4][5]=1"))).toMatchObject({ ok: false });
  });

  it("no list of any form is longer than the index every form is screened with", () => {
    for (const schema of [importSchema(), stickerCraftSchema, saveTradeUpSchema])
      for (const [path, most] of fieldLimits(schema))
        if (!path.endsWith("[]") && fieldLimits(schema).has(`${path}[]`)) expect(most).toBeLessThanOrEqual(MAX_LIST_INDEX);
  });
  it("refuses a control character in any text, with a clear message; tabs and line breaks are text", async () => {
    expect(await readCappedFormData(post(`intent=report&reason=${encodeURIComponent("spam\u0000")}`))).toEqual({
      ok: false,
      status: 400,
      message: CONTROL_CHARACTER,
    });
    expect(await readCappedFormData(post(`notes=${encodeURIComponent("a\u001bb")}`))).toMatchObject({ ok: false });
    expect(await readCappedFormData(post(`notes=${encodeURIComponent("line\r\nnext\tcell")}`))).toMatchObject({ ok: true });
  });
});

describe("the fields a form's schema knows", () => {
  it("leaves out what the schema does not know, before the form kit reads it", () => {
    const submission = parseForm(
      formOf([
        ["reason", "spam"],
        ["__state__", "x"],
        ["x[100000000]", "1"],
        ["constructor.prototype.polluted", "1"],
      ]),
      reportCraftSchema,
    );
    expect(submission.status).toBe("success");
    expect(submission.reply()).toMatchObject({ initialValue: { reason: "spam" }, fields: ["reason"] });
    expect(submission.reply().state).toBeUndefined();
  });

  it("refuses an index past the list's own most items, and a form kit control other than a check", () => {
    expect(parseForm(formOf([["stickers[5].name", "x"]]), stickerCraftSchema).reply().error).toEqual({ "": ["The form sent more than 5 items of a list."] });
    const insert = JSON.stringify({ type: "insert", payload: { name: "stickers" } });
    expect(parseForm(formOf([["__intent__", insert]]), stickerCraftSchema).reply().error).toEqual({ "": [FORM_READ_FAILED] });
  });

  it("refuses a field that is no list sent more often than a form sends it, and lets a list come as long as it may", () => {
    const reasons = (count: number) => Array.from({ length: count }, (): [string, string] => ["reason", "r"]);
    expect(parseForm(formOf(reasons(5)), reportCraftSchema).reply().error).toEqual({ "": ["The form sent one field more often than it takes."] });
    expect(parseForm(formOf(reasons(2)), reportCraftSchema).status).toBe("error");
  });

  it("answers a field check of the form kit with the field's messages, writing nothing", () => {
    const submission = parseForm(
      formOf([
        ["reason", ""],
        ["__intent__", validate("reason")],
      ]),
      reportCraftSchema,
    );
    expect(submission.status).toBeUndefined();
    expect(submission.reply().intent).toEqual({ type: "validate", payload: { name: "reason" } });
  });
});
