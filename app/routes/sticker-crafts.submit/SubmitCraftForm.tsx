import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { CatalogueSearch, ChosenSkin, pickerButtonClass, PickerResults } from "~/components/CataloguePicker";
import { FallbackImage } from "~/components/FallbackImage";
import { ErrorList, Field, FileField, FormError, SubmitButton, TextareaField } from "~/components/forms";
import { STICKER_POSITIONS } from "~/domain/sticker-crafts";
import { communityCraftSchema, type CommunityCraftForm } from "~/forms/community-craft";
import type { Chosen, PickerResults as Results } from "./submit.server";

const IMAGE_TYPES = "image/png,image/jpeg,image/webp,image/avif";
const IMAGE_RULES = "PNG, JPEG, WebP or AVIF, up to 5 MB and 4096 x 4096 pixels";

/** The schema's fields and the two file inputs, which the server checks by their bytes. */
type FormFields = CommunityCraftForm & { ingameFile?: File; placementFile?: File };

export function SubmitCraftForm({
  editing,
  defaults,
  lastResult,
  chosen,
  results,
}: {
  editing: { id: number; version: number } | null;
  defaults: { name: string; description: string; externalCraftLink: string };
  lastResult: SubmissionResult<string[]> | undefined;
  chosen: Chosen;
  results: Results | undefined;
}) {
  // With JavaScript the shared schema checks before sending; without it the server does the same.
  const [form, fields] = useForm<FormFields>({
    id: editing ? `edit-craft-${editing.id}` : "submit-craft",
    lastResult,
    defaultValue: defaults,
    constraint: getZodConstraint(communityCraftSchema),
    onValidate: ({ formData, submitter }) => {
      const submission = parseWithZod(formData, { schema: communityCraftSchema });
      // A picker's button (formNoValidate, which browsers honour too) sends the form unchecked: a search is not a submission.
      return submitter?.formNoValidate && submission.status === "error" ? { ...submission, error: null } : submission;
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-6">
      <FormError form={form} />
      {editing ? (
        <>
          <input type="hidden" name="id" value={editing.id} />
          <input type="hidden" name="version" value={editing.version} />
        </>
      ) : null}

      <div className="grid gap-4 md:grid-cols-2">
        <Field label="Name" meta={fields.name} />
        <Field label="External craft link (optional, https://)" meta={fields.externalCraftLink} type="url" />
      </div>
      <TextareaField label="Description (optional)" meta={fields.description} textareaProps={{ rows: 3 }} />

      <fieldset className="space-y-3 rounded-lg border border-line p-3" aria-describedby={fields.skinId.errors?.length ? fields.skinId.errorId : undefined}>
        <legend className="px-1 text-sm font-semibold">Skin</legend>
        <ChosenSkin name={fields.skinId.name} skin={chosen.skin} />
        <ErrorList id={fields.skinId.errorId} errors={fields.skinId.errors} />
        <CatalogueSearch
          id="skinQuery"
          name="skinQuery"
          label="Find the skin in the catalogue"
          query={results?.skinQuery}
          intent="search-skin"
          buttonLabel="Find skins"
        />
        <PickerResults label="Skins found" items={results?.skins} intent={(item) => `pick-skin:${item.id}`} />
      </fieldset>

      <div className="grid gap-4 md:grid-cols-2">
        <fieldset className="space-y-2 rounded-lg border border-line p-3">
          <legend className="px-1 text-sm font-semibold">In-game image</legend>
          {chosen.ingameImage ? <img src={chosen.ingameImage} alt="Current in-game shot" className="h-20 w-28 rounded object-contain" /> : null}
          <FileField
            label={`${chosen.ingameImage ? "Replace with" : "Upload"} (${IMAGE_RULES})`}
            meta={fields.ingameFile}
            inputProps={{ accept: IMAGE_TYPES, className: "block w-full text-sm" }}
          />
        </fieldset>
        <fieldset className="space-y-2 rounded-lg border border-line p-3">
          <legend className="px-1 text-sm font-semibold">Placement guide (optional)</legend>
          {chosen.placementImage ? (
            <div className="flex items-center gap-3">
              <img src={chosen.placementImage} alt="Current placement guide" className="h-20 w-28 rounded object-contain" />
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="removePlacement" />
                Remove this image
              </label>
            </div>
          ) : null}
          <FileField
            label={`${chosen.placementImage ? "Replace with" : "Upload"} (${IMAGE_RULES})`}
            meta={fields.placementFile}
            inputProps={{ accept: IMAGE_TYPES, className: "block w-full text-sm" }}
          />
        </fieldset>
      </div>
      <p className="text-sm text-muted">Without JavaScript, choose the images last: a search in the catalogue empties the file fields.</p>

      <section aria-labelledby="stickers-heading" className="space-y-3">
        <h2 id="stickers-heading" className="text-xl font-bold">
          Stickers
        </h2>
        <p className="text-sm text-muted">Up to 5 stickers from the catalogue, at positions 1 to 5 on the weapon.</p>
        {STICKER_POSITIONS.map((position, index) => {
          const sticker = chosen.stickers[index];
          const searched = results?.stickerPosition === position;
          return (
            <fieldset key={position} className="space-y-3 rounded-lg border border-line p-3" data-testid={`sticker-slot-${position}`}>
              <legend className="px-1 text-sm font-semibold">Sticker {position}</legend>
              {sticker ? (
                <div className="flex flex-wrap items-center gap-3">
                  {sticker.id ? (
                    <input type="hidden" name={`stickers[${index}].stickerId`} value={sticker.id} />
                  ) : (
                    <input type="hidden" name={`stickers[${index}].keep`} value="on" />
                  )}
                  <FallbackImage sources={[sticker.image]} alt="" className="h-12 w-12 object-contain" />
                  <span className="flex-1 font-semibold">{sticker.name}</span>
                  <button type="submit" name="intent" value={`clear-sticker:${position}`} formNoValidate className={pickerButtonClass}>
                    Remove<span className="sr-only"> sticker {position}</span>
                  </button>
                </div>
              ) : (
                <p className="text-sm text-muted">No sticker at position {position}.</p>
              )}
              <CatalogueSearch
                id={`stickerQuery${position}`}
                name={`stickerQuery${position}`}
                label={`Find sticker ${position} in the catalogue`}
                query={searched ? results?.stickerQuery : undefined}
                intent={`search-sticker:${position}`}
                buttonLabel={
                  <>
                    Find stickers<span className="sr-only"> for position {position}</span>
                  </>
                }
              />
              {searched ? (
                <PickerResults
                  label={`Stickers found for position ${position}`}
                  items={results?.stickers}
                  intent={(item) => `pick-sticker:${position}:${item.id}`}
                />
              ) : null}
            </fieldset>
          );
        })}
      </section>

      <SubmitButton intent="submit" name="intent" value="submit" pendingText="Submitting...">
        {editing ? "Resubmit for review" : "Submit for review"}
      </SubmitButton>
    </Form>
  );
}
