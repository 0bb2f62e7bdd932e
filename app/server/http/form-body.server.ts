/** What an action reads at most, unless it takes files: every text field of every form fits. */
export const MAX_FORM_BYTES = 64 * 1024;

/**
 * What an action reads at most, unless it says otherwise: every form but the inventory import's
 * preview sends fewer fields (its rows pass their own cap).
 */
export const MAX_FORM_FIELDS = 256;
/** The longest list any form sends, the import's rows (`IMPORT_MAX_ITEMS`): an index past it is no form's. */
export const MAX_LIST_INDEX = 1000;
/** Field names are short paths (`rows[12].buyPrice`). */
const MAX_NAME_LENGTH = 100;
/** A field name as a form renders it: a name, then list indices and nested names, a few deep. */
const FIELD_NAME = /^[A-Za-z][\w-]*(?:\[\d{1,4}\]|\.[A-Za-z][\w-]*){0,4}$/;
/** The form kit's (Conform's) field for its own control of the form, the only reserved one a form may send. */
export const FORM_KIT_INTENT = "__intent__";

export const FORM_READ_FAILED = "The form could not be read.";
export const CONTROL_CHARACTER = "The form contains a control character (such as NUL), which no field takes: remove it and send again.";
/** C0 controls but tab and line breaks, and DEL: no one types them, and text kept with them misleads whoever reads it. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export type FormBody = { ok: true; form: FormData } | { ok: false; status: 400 | 413; message: string };

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/**
 * The one body reader of every action: the request's form fields, refused once more than
 * `maxBytes` have arrived (the declared length is checked first and the stream is counted as it
 * is read, so a body never sits in memory past the cap), or when the body is not a form or fails
 * the field screen (`screenFieldNames`): the caller answers with the status and message instead of
 * letting a parser throw a 500.
 */
export async function readCappedFormData(request: Request, maxBytes: number = MAX_FORM_BYTES, maxFields: number = MAX_FORM_FIELDS): Promise<FormBody> {
  const tooLarge = { ok: false, status: 413, message: `The form is larger than ${sizeText(maxBytes)}.` } as const;
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await request.body?.cancel();
    return tooLarge;
  }
  let seen = 0;
  let exceeded = false;
  const counted = request.body?.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) {
          exceeded = true;
          controller.error(new Error("body too large"));
        } else {
          controller.enqueue(chunk);
        }
      },
    }),
  );
  let form: FormData;
  try {
    form = await new Response(counted ?? "", { headers: { "Content-Type": request.headers.get("Content-Type") ?? "" } }).formData();
  } catch {
    return exceeded ? tooLarge : { ok: false, status: 400, message: FORM_READ_FAILED };
  }
  const refusal = screenFieldNames(form, maxFields);
  return refusal === null ? { ok: true, form } : { ok: false, status: 400, message: refusal };
}

/**
 * The screen every form passes before any parser sees it (issue 59), in one pass over its fields:
 * at most `maxFields` of them; names as forms render them (FIELD_NAME), with list indices below
 * MAX_LIST_INDEX; no name starting with `__`, which the form kit reserves (it reads `__state__` and
 * `__intent__` as JSON and builds lists as long as an index says), except the one control the app's
 * forms send through the kit, a field's check (`validateIntent`); no text with a control character
 * (NUL and the like) in any field. Returns the refusal, or null.
 * Which names a form's schema knows is the second screen, `parseForm`'s.
 */
export function screenFieldNames(form: FormData, maxFields: number): string | null {
  let count = 0;
  for (const [name, value] of form) {
    count += 1;
    if (count > maxFields) return `The form sent more than ${maxFields} fields.`;
    if (name === FORM_KIT_INTENT && typeof value === "string" && validateIntent(value)) continue;
    if (name.length > MAX_NAME_LENGTH || !FIELD_NAME.test(name)) return FORM_READ_FAILED;
    if (typeof value === "string" && CONTROL.test(value)) return CONTROL_CHARACTER;
    for (const [, index] of name.matchAll(/\[(\d+)\]/g)) if (Number(index) >= MAX_LIST_INDEX) return FORM_READ_FAILED;
  }
  return null;
}

/**
 * The form kit's "check this field" control, exactly as it posts it when a field is edited after a
 * refusal and the form's checks have not loaded in the browser: the action answers with the
 * field's messages (`{"type":"validate","payload":{"name":"buyPrice"}}`). Any other control (reset,
 * insert, remove, update) is none the app's forms send.
 */
export function validateIntent(value: string): boolean {
  if (value.length > 200) return false;
  let control: unknown;
  try {
    control = JSON.parse(value);
  } catch {
    return false;
  }
  const name = (control as { payload?: { name?: unknown } } | null)?.payload?.name;
  return typeof name === "string" && FIELD_NAME.test(name) && JSON.stringify({ type: "validate", payload: { name } }) === value;
}

/**
 * A text field of the form (its first value), cut to `max` characters when given; "" when the field
 * is missing or is a file, which no text field of the product takes.
 */
export function formText(form: FormData | null | undefined, name: string, max?: number): string {
  const value = form?.get(name);
  if (typeof value !== "string") return "";
  return max === undefined ? value : value.slice(0, max);
}

/**
 * The intent as posted, typed as one of an action's intents for its `switch` (ADR 035); null for
 * any other, which the `default` refuses with the intent as posted.
 */
export function knownIntent<const Intent extends string>(posted: string, intents: readonly Intent[]): Intent | null {
  return intents.find((intent) => intent === posted) ?? null;
}
