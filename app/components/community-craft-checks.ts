import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { communityCraftSchema } from "~/forms/community-craft";
import type { CraftFormChecks } from "./CraftForm";

/**
 * The player's craft form is checked in the browser with its schema before sending, as the server
 * checks it; the editor's page does without (and without loading Conform's zod adapter).
 */
export const communityCraftChecks: CraftFormChecks = {
  constraint: getZodConstraint(communityCraftSchema),
  onValidate: ({ formData, submitter }) => {
    const submission = parseWithZod(formData, { schema: communityCraftSchema });
    // A picker's button (formNoValidate, which browsers honour too) sends the form unchecked: a search is not a submission.
    return submitter?.formNoValidate && submission.status === "error" ? { ...submission, error: null } : submission;
  },
  shouldValidate: "onSubmit",
  shouldRevalidate: "onInput",
};
