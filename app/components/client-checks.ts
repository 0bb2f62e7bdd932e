import type { getZodConstraint } from "@conform-to/zod/v4";

/**
 * What Conform derives from a form's schema for its fields' HTML attributes (`required`, `pattern`,
 * `min`...), computed on the server (`formConstraint`) and sent with the page's data: the browser
 * carries no schema (ADR 097), and the fields render alike on both sides.
 */
export type FormConstraint = ReturnType<typeof getZodConstraint>;
