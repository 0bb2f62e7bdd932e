import { isExportKey } from "~/domain/inventory-import";
import { formText } from "./form-body.server";

/**
 * A fresh key for a form that creates a row, put in the form by its loader on every load: the row
 * keeps it under a unique index per owner, so the same form posted twice (a double click without
 * JavaScript) creates one row (ADR 090). 32 lowercase hex digits, a tracker's export key.
 */
export function newFormKey(): string {
  return crypto.randomUUID().replaceAll("-", "");
}

/** The posted form's key in `newFormKey`'s spelling; null when it has none (or another spelling). */
export function postedFormKey(form: FormData, field: string): string | null {
  const key = formText(form, field, 64);
  return isExportKey(key) ? key : null;
}
