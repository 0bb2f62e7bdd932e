import { getZodConstraint } from "@conform-to/zod/v4";
import type { ZodType } from "zod";
import type { FormConstraint } from "~/components/client-checks";

const computed = new WeakMap<ZodType, FormConstraint>();

/**
 * The HTML constraints (`required`, `pattern`...) Conform derives from a form's schema, for a page
 * whose browser loads the schema only when the form is first used (`useClientChecks`): the loader
 * sends them, so the fields render alike on both sides from the first paint. Computed once per schema.
 */
export function formConstraint(schema: ZodType): FormConstraint {
  let constraint = computed.get(schema);
  if (!constraint) {
    constraint = getZodConstraint(schema);
    computed.set(schema, constraint);
  }
  return constraint;
}
