import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { AdminSaveButton } from "~/components/AdminList";
import { ChosenSkin, pickerButtonClass, PickerResults } from "~/components/CataloguePicker";
import { CheckboxField, ErrorList, Field, FileField, FormError, initialText, TextareaField } from "~/components/forms";
import { STICKER_POSITIONS } from "~/domain/sticker-crafts";
import { NAME_REQUIRED, SKIN_REQUIRED } from "~/forms/sticker-craft";
import type { CraftValues, EditorView, PickerResults as FoundItems, StickerValues } from "./editor.server";

/** Every field of the form: the values it opens with, the pickers' search texts, the uploads. */
type CraftFields = Omit<CraftValues, "stickers"> & {
  skinQuery?: string;
  ingameFile?: unknown;
  placementFile?: unknown;
  removeIngame?: string;
  removePlacement?: string;
  stickers: (StickerValues & { file?: unknown; query?: string })[];
};

const IMAGE_TYPES = "image/png,image/jpeg,image/webp,image/avif";

function ImageField({
  id,
  label,
  current,
  file,
  remove,
}: {
  id: "ingameFile" | "placementFile";
  label: string;
  current: string | null;
  file: FieldMetadata<unknown>;
  remove: FieldMetadata<unknown>;
}) {
  return (
    <fieldset className="space-y-2 rounded-lg border border-line p-3">
      <legend className="px-1 text-sm font-semibold">{label}</legend>
      {current ? (
        <div className="flex items-center gap-3">
          <img src={current} alt={`Current ${label.toLowerCase()}`} className="h-20 w-28 rounded object-contain" />
          <CheckboxField label="Remove this image" meta={remove} />
        </div>
      ) : null}
      <FileField
        id={id}
        label={`${current ? "Replace with" : "Upload"} (PNG, JPEG, WebP or AVIF, up to 5 MB and 4096 x 4096 pixels)`}
        meta={file}
        inputProps={{ accept: IMAGE_TYPES }}
      />
    </fieldset>
  );
}

/**
 * The sticker craft form. Without JavaScript every step is a submit of the whole form (a search, a
 * pick, a save), so what was typed comes back in the server's reply; the route mounts it afresh
 * for each reply that changes the values, so a pick shows in its field.
 */
export function CraftEditor({
  storedName,
  view,
  defaultValue,
  result,
  results,
}: {
  /** The craft's saved name, for the heading; null for a new craft. */
  storedName: string | null;
  view: EditorView;
  defaultValue?: CraftValues;
  result?: SubmissionResult<string[]>;
  results?: FoundItems;
}) {
  // The server checks the craft (the same schema); the browser checks the link and price inputs' types.
  const [form, fields] = useForm<CraftFields>({ id: "craft-editor", lastResult: result, defaultValue, defaultNoValidate: false });
  // A sticker slot's fields by their names (`stickers[0].name`); Conform's list follows the values sent, not the five slots.
  const named = fields as unknown as Record<string, FieldMetadata<unknown>>;
  const id = initialText(fields.id);
  const version = initialText(fields.version);
  const missing = (fields.name.value ?? "").trim() === "" ? NAME_REQUIRED : view.skin === null ? SKIN_REQUIRED : null;

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-6" aria-labelledby="editor-heading">
      <h1 id="editor-heading" className="text-2xl font-bold">
        {id ? `Edit “${storedName ?? fields.name.initialValue ?? ""}”` : "New sticker craft"}
      </h1>
      <FormError form={form} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      {version ? <input type="hidden" name="version" value={version} /> : null}

      <div className="grid gap-4 md:grid-cols-2">
        <Field id="name" label="Name" meta={fields.name} inputProps={{ "aria-required": true }} />
        <Field id="externalCraftLink" label="External craft link" type="url" meta={fields.externalCraftLink} />
      </div>
      <TextareaField id="description" label="Description" meta={fields.description} textareaProps={{ rows: 3 }} />

      <fieldset className="space-y-3 rounded-lg border border-line p-3" aria-describedby={fields.skinId.errors?.length ? fields.skinId.errorId : undefined}>
        <legend className="px-1 text-sm font-semibold">Skin</legend>
        <ChosenSkin name="skinId" skin={view.skin} />
        <ErrorList id={fields.skinId.errorId} errors={fields.skinId.errors} />
        <div className="flex items-end gap-2">
          <div className="flex-1">
            <Field id="skinQuery" label="Find the skin in the catalogue" type="search" meta={fields.skinQuery} />
          </div>
          <button type="submit" name="intent" value="search-skin" formNoValidate className={pickerButtonClass}>
            Find skins
          </button>
        </div>
        <PickerResults label="Skins found" items={results?.skins} intent={(item) => `pick-skin:${item.id}`} />
      </fieldset>

      <div className="grid gap-4 md:grid-cols-2">
        <ImageField id="ingameFile" label="In-game image" current={view.ingameImage} file={fields.ingameFile} remove={fields.removeIngame} />
        <ImageField id="placementFile" label="Placement guide" current={view.placementImage} file={fields.placementFile} remove={fields.removePlacement} />
      </div>

      <section aria-labelledby="stickers-heading" className="space-y-3">
        <h2 id="stickers-heading" className="text-xl font-bold">
          Stickers
        </h2>
        <p className="text-sm text-muted">Up to 5 stickers, at positions 1 to 5; a sticker without a name is not saved.</p>
        {STICKER_POSITIONS.map((position) => {
          const field = (name: string) => named[`stickers[${position - 1}].${name}`]!;
          const image = initialText(field("image"));
          const name = initialText(field("name"));
          return (
            <fieldset key={position} className="space-y-3 rounded-lg border border-line p-3" data-testid={`sticker-slot-${position}`}>
              <legend className="px-1 text-sm font-semibold">Sticker {position}</legend>
              <div className="grid gap-3 md:grid-cols-3">
                <Field id={`sticker-${position}-name`} label="Name" meta={field("name")} />
                <Field id={`sticker-${position}-price`} label="Price ($)" type="number" meta={field("price")} inputProps={{ min: "0", step: "0.01" }} />
                <Field id={`sticker-${position}-link`} label="External link" type="url" meta={field("link")} />
              </div>
              <div className="flex flex-wrap items-center gap-3">
                {image ? (
                  <>
                    <input type="hidden" name={field("image").name} value={image} />
                    <img src={image} alt={name ? name : `Sticker ${position}`} className="h-12 w-12 object-contain" />
                  </>
                ) : null}
                <FileField
                  id={`sticker-${position}-file`}
                  label={image ? "Replace image" : "Image"}
                  meta={field("file")}
                  inputProps={{ accept: IMAGE_TYPES, className: "block text-sm" }}
                />
              </div>
              <ErrorList errors={field("image").errors} />
              <div className="flex items-end gap-2">
                <div className="flex-1">
                  <Field id={`sticker-${position}-query`} label={`Find sticker ${position} in the catalogue`} type="search" meta={field("query")} />
                </div>
                <button type="submit" name="intent" value={`search-sticker:${position}`} formNoValidate className={pickerButtonClass}>
                  Find stickers<span className="sr-only"> for sticker {position}</span>
                </button>
              </div>
              {results?.stickerPosition === position ? (
                <PickerResults
                  label={`Stickers found for sticker ${position}`}
                  items={results.stickers}
                  intent={(item) => `pick-sticker:${position}:${item.id}`}
                />
              ) : null}
            </fieldset>
          );
        })}
      </section>

      <AdminSaveButton missing={missing}>Save sticker craft</AdminSaveButton>
    </Form>
  );
}
