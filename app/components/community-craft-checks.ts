import { useClientChecks, type FormConstraint } from "./client-checks";
import type { CraftFormChecks } from "./CraftForm";

/**
 * The player's craft form is checked in the browser with its schema before sending, as the server
 * checks it; the schema loads when the form is first focused (`useClientChecks`), the fields'
 * constraints come with the page. The editor's page does without.
 */
export function useCommunityCraftChecks(constraint: FormConstraint): CraftFormChecks {
  const checks = useClientChecks(
    () => import("~/forms/community-craft"),
    (module) => module.communityCraftSchema,
  );
  const validate = checks.onValidate;
  return {
    options: {
      constraint,
      onValidate: validate
        ? ({ formData, submitter }) => {
            const submission = validate({ formData });
            // A picker's button (formNoValidate, which browsers honour too) sends the form unchecked: a search is not a submission.
            return submitter?.formNoValidate && submission.status === "error" ? { ...submission, error: null } : submission;
          }
        : undefined,
      shouldValidate: "onSubmit",
      shouldRevalidate: "onInput",
    },
    formProps: checks.formProps,
  };
}
