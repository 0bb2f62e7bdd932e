import type { FieldMetadata } from "@conform-to/react";
import { Field, NumberField, TextareaField } from "./forms";

/** Title, description and budget: the fields shared by the create form and the editor. */
export function LoadoutDetailsFields({
  fields,
  currencySign,
  onBudgetInput,
}: {
  fields: Record<"title" | "description" | "budget", FieldMetadata<unknown>>;
  /** The page's currency as amounts are written ("$", "€"), which the budget is typed in; null: no budget field. */
  currencySign: string | null;
  /** With JavaScript the running over-budget amount follows the typed budget. */
  onBudgetInput?: (value: string) => void;
}) {
  return (
    <div className="space-y-4">
      <Field label="Title" meta={fields.title} />
      <TextareaField label="Description (optional)" meta={fields.description} textareaProps={{ rows: 3 }} />
      {currencySign !== null ? (
        <NumberField
          label={`Budget in ${currencySign} (optional)`}
          meta={fields.budget}
          inputProps={{ min: 0, step: 0.01, onInput: onBudgetInput ? (event) => onBudgetInput(event.currentTarget.value) : undefined }}
        />
      ) : null}
    </div>
  );
}
