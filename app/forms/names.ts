import { z } from "zod";
import { nameProblem } from "~/domain/names";

/**
 * The one check of every name and title field (loadout titles, craft and sticker names), added
 * with `.check(visibleName)` after trimming: refuses text that shows nothing and bidirectional
 * overrides, with the rule's message.
 */
export const visibleName = z.superRefine<string>((value, context) => {
  const problem = nameProblem(value);
  if (problem) context.addIssue({ code: "custom", message: problem, input: value });
});
