import { parseWithZod } from "@conform-to/zod/v4";
import { configureCoercion } from "@conform-to/zod/v4/future";
import type { ZodType } from "zod";
import { parseDecimal } from "./decimal";

/** Conform's coercion of form text to each schema's types, with numbers read by `parseDecimal`. */
const coercion = configureCoercion({ type: { number: parseDecimal } });

/**
 * A form's fields parsed with its schema, as Conform's `parseWithZod` does, except that every number
 * field (prices, budget, fee, float, target) takes plain decimals only (`parseDecimal`). The
 * server's `parseForm` and the browser's checks (`useClientChecks`) both parse with it.
 */
export function parseFormFields<Schema extends ZodType>(form: FormData, schema: Schema) {
  return parseWithZod(form, { schema: coercion.coerceFormValue(schema), disableAutoCoercion: true });
}
