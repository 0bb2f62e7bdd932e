import type { FieldMetadata } from "@conform-to/react";
import { Field, NumberField, TextareaField } from "./forms";

/** Title, description and budget: the fields shared by the create form and the editor. */
export function LoadoutDetailsFields({
  fields,
  showBudget = true,
  onBudgetInput,
}: {
  fields: Record<"title" | "description" | "budget", FieldMetadata<unknown>>;
  showBudget?: boolean;
  /** With JavaScript the running over-budget amount follows the typed budget. */
  onBudgetInput?: (value: string) => void;
}) {
  return (
    <div className="space-y-4">
      <Field label="Title" meta={fields.title} />
      <TextareaField label="Description (optional)" meta={fields.description} textareaProps={{ rows: 3 }} />
      {showBudget ? (
        <NumberField
          label="Budget in $ (optional)"
          meta={fields.budget}
          inputProps={{ min: 0, step: 0.01, onInput: onBudgetInput ? (event) => onBudgetInput(event.currentTarget.value) : undefined }}
        />
      ) : null}
    </div>
  );
}

/** Cents as the budget field's value ("12.50"), or empty. */
export function budgetFieldValue(cents: number | null): string {
  return cents === null ? "" : (cents / 100).toFixed(2);
}
