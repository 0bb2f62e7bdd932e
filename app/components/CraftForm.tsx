import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import type { FormConstraint } from "~/components/client-checks";
import { CatalogueSearch, ChosenSkin, EnterButton, pickerButtonClass, PickerResults } from "~/components/CataloguePicker";
import { FallbackImage } from "~/components/FallbackImage";
import { CheckboxField, ErrorList, Field, FileField, FormError, initialText, TextareaField, useFieldText } from "~/components/forms";
import { STICKER_POSITIONS } from "~/domain/sticker-crafts";
import { FORM_KEY_FIELD } from "~/forms/form-key";
import { craftIntent, type CraftFormMode, type CraftValues, type CraftView, type PickerResults as FoundItems } from "~/forms/craft-form";
import { NAME_REQUIRED, SKIN_REQUIRED } from "~/forms/sticker-craft-texts";

/**
 * Every field of either mode's form (each mode's schema checks its own): the values it opens with,
 * the pickers' search texts, the uploads, and the typed or catalogue stickers.
 */
export type CraftFields = {
  id?: unknown;
  version?: unknown;
  name: string;
  description?: string;
  externalCraftLink?: string;
  skinId: string;
  skinQuery?: string;
  ingameFile?: unknown;
  placementFile?: unknown;
  removeIngame?: string;
  removePlacement?: string;
  stickers: (
    { name?: string; image?: string; price?: unknown; link?: string; file?: unknown; query?: string; stickerId?: unknown; keep?: string } | undefined
  )[];
};

const IMAGE_TYPES = "image/png,image/jpeg,image/webp,image/avif";

const IMAGE_FIELDS = {
  ingame: { file: "ingameFile", remove: "removeIngame", legend: "In-game image", what: "in-game image" },
  placement: { file: "placementFile", remove: "removePlacement", legend: "Placement guide (optional)", what: "placement guide" },
} as const;

/** An image of the craft: the stored one (which the form may remove) and an upload to replace it. */
function ImageField({
  slot,
  current,
  fields,
  removable,
}: {
  slot: keyof typeof IMAGE_FIELDS;
  current: string | null;
  fields: Record<string, FieldMetadata<unknown>>;
  removable: boolean;
}) {
  const { file, remove, legend, what } = IMAGE_FIELDS[slot];
  return (
    <fieldset className="space-y-2 rounded-lg border border-line p-3">
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      {current ? (
        <div className="flex items-center gap-3">
          <img src={current} alt={`Current ${what}`} className="h-20 w-28 rounded object-contain" />
          {removable ? <CheckboxField label="Remove this image" meta={fields[remove]!} /> : null}
        </div>
      ) : null}
      <FileField
        id={file}
        label={`${current ? "Replace with" : "Upload"} (PNG, JPEG, WebP or AVIF, up to 5 MB and 4096 x 4096 pixels)`}
        meta={fields[file]!}
        inputProps={{ accept: IMAGE_TYPES }}
      />
    </fieldset>
  );
}

/** A typed sticker (the editor's): name, price, link, and its image from the catalogue or an upload. */
function TypedSticker({ position, field }: { position: number; field: (name: string) => FieldMetadata<unknown> }) {
  const image = initialText(field("image"));
  const name = initialText(field("name"));
  return (
    <>
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
    </>
  );
}

/** A catalogue sticker (a player's): the one chosen, posted back by its id (or kept as the edited craft has it). */
function CatalogueSticker({ position, sticker }: { position: number; sticker: CraftView["stickers"][number] }) {
  if (!sticker) return <p className="text-sm text-muted">No sticker at position {position}.</p>;
  return (
    <div className="flex flex-wrap items-center gap-3">
      {sticker.id ? (
        <input type="hidden" name={`stickers[${position - 1}].stickerId`} value={sticker.id} />
      ) : (
        <input type="hidden" name={`stickers[${position - 1}].keep`} value="on" />
      )}
      <FallbackImage sources={[sticker.image]} alt="" className="h-12 w-12 object-contain" />
      <span className="flex-1 font-semibold">{sticker.name}</span>
      <button type="submit" name="intent" value={craftIntent.clearSticker(position)} formNoValidate className={pickerButtonClass}>
        Remove<span className="sr-only"> sticker {position}</span>
      </button>
    </div>
  );
}

export interface CraftFormProps {
  mode: CraftFormMode;
  view: CraftView;
  defaultValue?: CraftValues;
  lastResult?: SubmissionResult<string[]>;
  results?: FoundItems;
  /**
   * The save button, given what the form still misses with JavaScript (a name, a skin; null when
   * ready): the editor's waits for them, the player's form is checked by the action when it is sent.
   */
  saveButton: (missing: string | null) => ReactNode;
  /** The id of the heading that names the form. */
  labelledBy?: string;
  /**
   * The fields' constraints from the schema (the player's form), rendered as HTML attributes; the
   * action checks the form and answers with its messages. Without them (the admin's editor) the
   * browser checks the link and price inputs' types.
   */
  constraint?: FormConstraint;
  /** The key from the form's loader (a submission, or an admin's new craft): the form posted twice saves once (ADR 090). */
  formKey?: string;
}

/**
 * The sticker craft form of the admin's editor and of a player's submission, as its `mode` has it.
 * Without JavaScript every step is a submit of the whole form (a search, a pick, a save), so what
 * was typed comes back in the server's reply. Conform reads a form's values once, so a form whose
 * picks fill its fields (typed stickers) is mounted afresh for each reply that changes them.
 */
export function CraftForm(props: CraftFormProps) {
  const key =
    props.mode.stickers === "typed" ? JSON.stringify(props.lastResult?.initialValue ?? props.defaultValue?.id ?? "new") : props.defaultValue?.id || "new";
  return <CraftFormFields key={key} {...props} />;
}

function CraftFormFields({ mode, view, defaultValue, lastResult, results, saveButton, labelledBy, constraint, formKey }: CraftFormProps) {
  // The server checks the form; the browser, where no constraints are given, the link and price inputs' types.
  const [form, fields] = useForm<CraftFields>({ id: "craft-form", lastResult, defaultValue, ...(constraint ? { constraint } : { defaultNoValidate: false }) });
  // A sticker slot's fields by their names (`stickers[0].name`); Conform's list follows the values sent, not the five slots.
  const named = fields as unknown as Record<string, FieldMetadata<unknown>>;
  const id = initialText(fields.id);
  const version = initialText(fields.version);
  const name = useFieldText(form.id, fields.name.name) ?? fields.name.value ?? "";
  const missing = name.trim() === "" ? NAME_REQUIRED : view.skin === null ? SKIN_REQUIRED : null;
  const slotName = (position: number) => `${mode.slotNoun} ${position}`;

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-6" aria-labelledby={labelledBy}>
      <FormError form={form} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      {version ? <input type="hidden" name="version" value={version} /> : null}
      {formKey ? <input type="hidden" name={FORM_KEY_FIELD} value={formKey} /> : null}
      {/* Enter in a field runs the searches whose boxes hold text, or else saves (`apply`). */}
      <EnterButton intent="apply" noValidate />

      <div className="grid gap-4 md:grid-cols-2">
        <Field id="name" label="Name" meta={fields.name} inputProps={{ "aria-required": true }} />
        <Field id="externalCraftLink" label="External craft link (optional, https://)" type="url" meta={fields.externalCraftLink} />
      </div>
      <TextareaField id="description" label="Description (optional)" meta={fields.description} textareaProps={{ rows: 3 }} />

      <fieldset className="space-y-3 rounded-lg border border-line p-3" aria-describedby={fields.skinId.errors?.length ? fields.skinId.errorId : undefined}>
        <legend className="px-1 text-sm font-semibold">Skin</legend>
        <ChosenSkin name="skinId" skin={view.skin} />
        <ErrorList id={fields.skinId.errorId} errors={fields.skinId.errors} />
        <CatalogueSearch
          id="skinQuery"
          name="skinQuery"
          label="Find the skin in the catalogue"
          query={results?.skinQuery}
          intent="search-skin"
          buttonLabel="Find skins"
        />
        <PickerResults label="Skins found" items={results?.skins} intent={(item) => craftIntent.pickSkin(item.id)} />
      </fieldset>

      <div className="grid gap-4 md:grid-cols-2">
        <ImageField slot="ingame" current={view.ingameImage} fields={named} removable={!mode.ingameRequired} />
        <ImageField slot="placement" current={view.placementImage} fields={named} removable />
      </div>
      <p className="text-sm text-muted">Without JavaScript, choose the images last: a search in the catalogue empties the file fields.</p>

      <section aria-labelledby="stickers-heading" className="space-y-3">
        <h2 id="stickers-heading" className="text-xl font-bold">
          Stickers
        </h2>
        <p className="text-sm text-muted">
          {mode.stickers === "typed"
            ? "Up to 5 stickers, at positions 1 to 5; a sticker without a name is not saved."
            : "Up to 5 stickers from the catalogue, at positions 1 to 5 on the weapon."}
        </p>
        {STICKER_POSITIONS.map((position) => {
          const field = (name: string) => named[`stickers[${position - 1}].${name}`]!;
          const searched = results?.stickerPosition === position;
          return (
            <fieldset key={position} className="space-y-3 rounded-lg border border-line p-3" data-testid={`sticker-slot-${position}`}>
              <legend className="px-1 text-sm font-semibold">Sticker {position}</legend>
              {mode.stickers === "typed" ? (
                <TypedSticker position={position} field={field} />
              ) : (
                <CatalogueSticker position={position} sticker={view.stickers[position - 1] ?? null} />
              )}
              <CatalogueSearch
                id={`sticker-${position}-query`}
                name={`stickers[${position - 1}].query`}
                label={`Find sticker ${position} in the catalogue`}
                query={searched ? results.stickerQuery : undefined}
                intent={craftIntent.searchSticker(position)}
                buttonLabel={
                  <>
                    Find stickers<span className="sr-only"> for {slotName(position)}</span>
                  </>
                }
              />
              {searched ? (
                <PickerResults
                  label={`Stickers found for ${slotName(position)}`}
                  items={results.stickers}
                  intent={(item) => craftIntent.pickSticker(position, item.id)}
                />
              ) : null}
            </fieldset>
          );
        })}
      </section>

      {saveButton(missing)}
    </Form>
  );
}
