import type { FormConstraint } from "./client-checks";
import { AdminSaveButton } from "./AdminSaveButton";
import { CraftForm, type CraftFormProps } from "./CraftForm";
import { SubmitButton } from "./forms";

// The two craft forms with their Save, as parts whose code loads apart (ADR 097): their
// props are the page's data, so a render with the same data leaves a part not yet hydrated alone.

type EditorProps = Omit<CraftFormProps, "saveButton" | "constraint">;

/** The admin's official craft editor (/admin/sticker-crafts). */
export function OfficialCraftEditor(props: EditorProps) {
  return <CraftForm {...props} saveButton={(missing) => <AdminSaveButton missing={missing}>Save sticker craft</AdminSaveButton>} />;
}

/** A player's craft form (/sticker-crafts/submit), its fields' constraints from the schema; `resubmit` for an edited craft. */
export function CommunityCraftEditor({ constraint, resubmit, ...props }: EditorProps & { constraint: FormConstraint; resubmit: boolean }) {
  return (
    <CraftForm
      {...props}
      constraint={constraint}
      saveButton={() => (
        <SubmitButton intent={props.mode.saveIntent} name="intent" value={props.mode.saveIntent} pendingText="Submitting...">
          {resubmit ? "Resubmit for review" : "Submit for review"}
        </SubmitButton>
      )}
    />
  );
}
