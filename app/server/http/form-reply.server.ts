import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/cloudflare";
import { z } from "zod";
import type { FormReply } from "~/forms/reply";
import { parseFormFields } from "~/forms/coercion";
import { FORM_KIT_INTENT, FORM_READ_FAILED, validateIntent } from "./form-body.server";

/** How much of a field without a length limit of its own comes back: any URL, number or choice fits. */
export const UNLIMITED_FIELD_ECHO = 1024;
/** Intents are short names; an unknown one (as posted) comes back cut to this. */
const INTENT_ECHO = 100;

type ReplyOptions = { hideFields?: string[]; formErrors?: string[]; fieldErrors?: Record<string, string[]> };

/** What `z.toJSONSchema` says of a field, as far as the caps need it. */
interface JsonSchemaNode {
  properties?: Record<string, JsonSchemaNode>;
  items?: JsonSchemaNode;
  maxLength?: number;
  maxItems?: number;
  anyOf?: JsonSchemaNode[];
  oneOf?: JsonSchemaNode[];
  allOf?: JsonSchemaNode[];
}

const limitsBySchema = new WeakMap<z.ZodType, Map<string, number>>();

/**
 * Each field of a schema with the most characters it accepts (a list, `stickers`: its most items;
 * its items are `stickers[]`, their fields `stickers[].name`); a field without a limit of its own
 * gets UNLIMITED_FIELD_ECHO. Read from the schema's JSON Schema (`z.toJSONSchema`, Zod's public
 * API: `maxLength`, `maxItems`) as the form posts it (`io: "input"`), worked out once per schema.
 */
export function fieldLimits(schema: z.ZodType): ReadonlyMap<string, number> {
  const known = limitsBySchema.get(schema);
  if (known) return known;
  const limits = new Map<string, number>();
  const visit = (node: JsonSchemaNode, path: string) => {
    const options = [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])];
    for (const option of options) visit(option, path);
    if (node.properties) {
      for (const [name, field] of Object.entries(node.properties)) visit(field, path ? `${path}.${name}` : name);
    } else if (node.items) {
      limits.set(path, node.maxItems ?? UNLIMITED_FIELD_ECHO);
      visit(node.items, `${path}[]`);
      // Marks the field as a list (its items may be objects, with limits of their own fields).
      if (!limits.has(`${path}[]`)) limits.set(`${path}[]`, UNLIMITED_FIELD_ECHO);
    } else if (path && options.length === 0) {
      // A field of a union: the most any of its options accepts.
      limits.set(path, Math.max(limits.get(path) ?? 0, node.maxLength ?? UNLIMITED_FIELD_ECHO));
    }
  };
  // A field JSON Schema cannot describe (an upload, a refinement) counts as one without a limit.
  visit(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchemaNode, "");
  limitsBySchema.set(schema, limits);
  return limits;
}

/**
 * The submitted values as they may come back: fields the schema does not know are left out, text is
 * cut to its field's limit and lists to their most items, so a refused 9 MB field does not travel
 * back whole.
 */
function capValues(value: unknown, path: string, limits: ReadonlyMap<string, number>): unknown {
  const limit = limits.get(path);
  if (typeof value === "string") return limit === undefined ? undefined : value.slice(0, limit);
  if (Array.isArray(value)) {
    if (limit === undefined) return undefined;
    // A field that is not a list, sent several times (`name=a&name=b`): its first value.
    if (!limits.has(`${path}[]`))
      return capValues(
        value.find((item) => typeof item === "string"),
        path,
        limits,
      );
    return value.slice(0, limit).map((item) => capValues(item, `${path}[]`, limits));
  }
  if (value !== null && typeof value === "object") {
    const kept = Object.entries(value).flatMap(([name, item]) => {
      const capped = capValues(item, path ? `${path}.${name}` : name, limits);
      return capped === undefined ? [] : [[name, capped] as const];
    });
    return kept.length > 0 || !path ? Object.fromEntries(kept) : undefined;
  }
  return undefined;
}

const knownField = (name: string, limits: ReadonlyMap<string, number>) => limits.has(name.replace(/\[\d+\]/g, "[]"));

/** How often a field that is no list may come in one post (a button's `intent` beside a hidden one's). */
const MAX_REPEATS = 4;

/**
 * The fields of a post that its schema knows (issue 59), before the form kit parses them: a name the
 * schema does not know is left out (the action reads its other fields, like `formKey`, from the
 * post itself); an index past its list's most items, or a field sent more often than it can be, is
 * the form's refusal, as is a form kit control other than a field's check. Linear in the post.
 */
function knownFields(form: FormData, limits: ReadonlyMap<string, number>): FormData | string {
  const kept = new FormData();
  const seen = new Map<string, number>();
  for (const [name, value] of form) {
    if (name === FORM_KIT_INTENT) {
      if (typeof value !== "string" || !validateIntent(value)) return FORM_READ_FAILED;
      kept.append(name, value);
      continue;
    }
    if (name.includes("[]") || !knownField(name, limits)) continue;
    for (const index of name.matchAll(/\[(\d+)\]/g)) {
      const most = limits.get(name.slice(0, index.index).replace(/\[\d+\]/g, "[]")) ?? 0;
      if (Number(index[1]) >= most) return `The form sent more than ${most} items of a list.`;
    }
    const path = name.replace(/\[\d+\]/g, "[]");
    const times = (seen.get(name) ?? 0) + 1;
    seen.set(name, times);
    if (times > (limits.has(`${path}[]`) ? (limits.get(path) ?? 0) : MAX_REPEATS)) return `The form sent one field more often than it takes.`;
    kept.append(name, value);
  }
  return kept;
}

/** A post the screen or the form kit refused, as the form's refusal (a 400 with its message, never a 500). */
function refusedSubmission(message: string) {
  return {
    status: "error" as const,
    payload: {},
    error: { "": [message] },
    reply: (options: ReplyOptions = {}): SubmissionResult<string[]> => ({
      status: "error",
      error: { ...options.fieldErrors, "": [message, ...(options.formErrors ?? [])] },
    }),
  };
}

/**
 * Parses a form with its schema, as `parseWithZod` does, once its fields passed `knownFields`; a
 * throw of the form kit's parser is the form's refusal. The submission's `reply()` (Conform's, with
 * `hideFields` for passwords) echoes only what the schema knows, each value cut to its field's limit.
 */
export function parseForm<Schema extends z.ZodType>(form: FormData, schema: Schema): ReturnType<typeof parseFormFields<Schema>> {
  const limits = fieldLimits(schema);
  const fields = knownFields(form, limits);
  if (typeof fields === "string") return refusedSubmission(fields);
  let submission: ReturnType<typeof parseFormFields<Schema>>;
  try {
    // Numbers as plain decimals only (`parseDecimal`): not "0x10" or "1e3".
    submission = parseFormFields(fields, schema);
  } catch {
    return refusedSubmission(FORM_READ_FAILED);
  }
  const reply = (options: ReplyOptions = {}): SubmissionResult<string[]> => {
    const result = submission.reply(options);
    return {
      ...result,
      initialValue: result.initialValue ? (capValues(result.initialValue, "", limits) as SubmissionResult<string[]>["initialValue"]) : result.initialValue,
      fields: result.fields?.filter((name) => knownField(name, limits)),
    };
  };
  return { ...submission, reply };
}

export interface ReplyInit<Extra extends object> {
  /** 400 unless told otherwise. */
  status?: number;
  headers?: HeadersInit;
  /** What one page's form needs besides Conform's reply (a cooldown, picker results). */
  extra?: Extra;
  /** The post wrote nothing (`FormReply.readOnly`): the page's loaders are not run again after it. */
  readOnly?: true;
}

/** The one answer of an action that does not redirect. */
export function formReply<Extra extends object = object>(
  intent: string,
  result: SubmissionResult<string[]>,
  { status = 400, headers, extra, readOnly }: ReplyInit<Extra> = {},
) {
  const reply: FormReply = { intent: intent.slice(0, INTENT_ECHO), result, ...(readOnly ? { readOnly } : {}) };
  return data({ ...extra, ...reply } as FormReply & Partial<Extra>, { status, headers });
}

/** A refusal of the whole form (a body that is no form, an unknown intent, a row that is gone), shown as its form error. */
export function formRefusal<Extra extends object = object>(intent: string, message: string, status: number, init: Omit<ReplyInit<Extra>, "status"> = {}) {
  return formReply<Extra>(intent, { status: "error", error: { "": [message] } }, { ...init, status });
}

/** A success answered as data (a fetcher sent `respond=data`): the notice the redirect's page would show; the form starts over. */
export function formNotice(intent: string, notice: string) {
  return data({ intent, result: { initialValue: null }, notice } satisfies FormReply);
}
