import { FieldErrors, TextField } from "./forms";

/** Title, description and budget: the fields shared by the create form and the editor. */
export function LoadoutDetailsFields({
  defaults,
  errors,
  showBudget = true,
  onBudgetInput,
}: {
  defaults?: { title?: string; description?: string | null; budget?: string };
  errors?: Record<string, string[] | null | undefined>;
  showBudget?: boolean;
  /** With JavaScript the running over-budget amount follows the typed budget. */
  onBudgetInput?: (value: string) => void;
}) {
  return (
    <div className="space-y-4">
      <TextField label="Title" name="title" defaultValue={defaults?.title} errors={errors?.title} />
      <div>
        <label htmlFor="description" className="mb-1 block text-sm font-medium">
          Description (optional)
        </label>
        <textarea
          id="description"
          name="description"
          rows={3}
          defaultValue={defaults?.description ?? ""}
          aria-invalid={errors?.description?.length ? true : undefined}
          aria-describedby={errors?.description?.length ? "description-errors" : undefined}
          className="w-full rounded-md border border-line bg-panel-2 px-3 py-2"
        />
        <FieldErrors id="description-errors" errors={errors?.description} />
      </div>
      {showBudget ? (
        <div>
          <label htmlFor="budget" className="mb-1 block text-sm font-medium">
            Budget in $ (optional)
          </label>
          <input
            id="budget"
            name="budget"
            type="number"
            min={0}
            step={0.01}
            inputMode="decimal"
            defaultValue={defaults?.budget ?? ""}
            onInput={onBudgetInput ? (event) => onBudgetInput(event.currentTarget.value) : undefined}
            aria-invalid={errors?.budget?.length ? true : undefined}
            aria-describedby={errors?.budget?.length ? "budget-errors" : undefined}
            className="w-full rounded-md border border-line bg-panel-2 px-3 py-2"
          />
          <FieldErrors id="budget-errors" errors={errors?.budget} />
        </div>
      ) : null}
    </div>
  );
}

/** Cents as the budget field's value ("12.50"), or empty. */
export function budgetFieldValue(cents: number | null): string {
  return cents === null ? "" : (cents / 100).toFixed(2);
}
