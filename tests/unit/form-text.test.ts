import { describe, expect, it } from "vitest";
import { formText } from "~/server/http/form-body.server";

describe("formText", () => {
  const form = new FormData();
  form.append("intent", "save");
  form.append("intent", "delete");
  form.append("title", "A long title");
  form.append("image", new File(["x"], "x.png", { type: "image/png" }));

  it("reads a text field's first value, cut to the limit when one is given", () => {
    expect(formText(form, "intent")).toBe("save");
    expect(formText(form, "title", 6)).toBe("A long");
  });

  it("reads a missing field, a file or a missing form as empty text, never as '[object File]'", () => {
    expect(formText(form, "nothing")).toBe("");
    expect(formText(form, "image")).toBe("");
    expect(formText(null, "intent")).toBe("");
  });
});
