import { Form } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { Notice } from "~/components/basics";
import { FieldErrors } from "~/components/forms";
import { useHydrated } from "~/components/useHydrated";
import { NAME_REQUIRED, SKIN_REQUIRED } from "~/forms/sticker-craft";
import type { EditorReply, EditorValues, PickedItem } from "./editor.server";
import { FallbackImage } from "~/components/FallbackImage";

const IMAGE_TYPES = "image/png,image/jpeg,image/webp,image/avif";
const inputClass = "w-full rounded-md border border-line bg-panel-2 px-3 py-2";
const smallButton = "rounded-md border border-line px-3 py-2 text-sm font-semibold hover:border-accent";

function Label({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="mb-1 block text-sm font-medium">
      {children}
    </label>
  );
}

/**
 * A text input whose value the server may change (a pick from the catalogue): keyed by that value,
 * so a new value from the server shows, while typing is never interrupted.
 */
function Text({ id, name, label, value, errors, type = "text", onChange, extra }: {
  id: string;
  name: string;
  label: string;
  value: string;
  errors?: readonly string[] | null;
  type?: string;
  onChange?: (value: string) => void;
  extra?: Record<string, string>;
}) {
  const errorId = `${id}-errors`;
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <input
        key={value}
        id={id}
        name={name}
        type={type}
        defaultValue={value}
        onChange={onChange ? (event) => onChange(event.currentTarget.value) : undefined}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? errorId : undefined}
        className={inputClass}
        {...extra}
      />
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

function Results({ label, items, intent }: { label: string; items: PickedItem[] | undefined; intent: (item: PickedItem) => string }) {
  if (!items) return null;
  if (items.length === 0) return <p className="text-sm text-muted">No matches.</p>;
  return (
    <ul aria-label={label} className="grid gap-2 sm:grid-cols-2">
      {items.map((item) => (
        <li key={item.id}>
          <button type="submit" name="intent" value={intent(item)} formNoValidate className="flex w-full items-center gap-2 rounded-md border border-line bg-panel-2 p-2 text-left text-sm hover:border-accent">
            <FallbackImage sources={[item.image]} alt="" className="h-10 w-12 shrink-0 object-contain" />
            <span>
              Choose <span className="font-semibold">{item.name}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function ImageField({ id, label, current, errors }: { id: "ingame" | "placement"; label: string; current: string | null; errors?: readonly string[] | null }) {
  const field = `${id}File`;
  return (
    <fieldset className="space-y-2 rounded-lg border border-line p-3">
      <legend className="px-1 text-sm font-semibold">{label}</legend>
      {current ? (
        <div className="flex items-center gap-3">
          <img src={current} alt={`Current ${label.toLowerCase()}`} className="h-20 w-28 rounded object-contain" />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name={id === "ingame" ? "removeIngame" : "removePlacement"} />
            Remove this image
          </label>
        </div>
      ) : null}
      <Label htmlFor={field}>{current ? "Replace with" : "Upload"} (PNG, JPEG, WebP or AVIF, up to 5 MB and 4096 x 4096 pixels)</Label>
      <input id={field} name={field} type="file" accept={IMAGE_TYPES} className="block w-full text-sm" aria-describedby={errors?.length ? `${field}-errors` : undefined} />
      <FieldErrors id={`${field}-errors`} errors={errors} />
    </fieldset>
  );
}

export function CraftEditor({ initial, reply, formError, busy }: { initial: EditorValues; reply?: EditorReply; formError?: string; busy: boolean }) {
  const values = reply?.values ?? initial;
  const errors = reply?.fieldErrors ?? {};
  const results = reply?.results;
  const hydrated = useHydrated();
  const [nameFilled, setNameFilled] = useState(values.name.trim() !== "");
  useEffect(() => setNameFilled(values.name.trim() !== ""), [values.name]);
  // With JavaScript, Save waits for a name and a skin; without it the server says what is missing.
  const canSave = !hydrated || (nameFilled && values.skin !== null);

  return (
    <Form method="post" encType="multipart/form-data" className="space-y-6" aria-labelledby="editor-heading">
      <h1 id="editor-heading" className="text-2xl font-bold">
        {values.id ? `Edit “${initial.name}”` : "New sticker craft"}
      </h1>
      {formError ? <Notice tone="error">{formError}</Notice> : null}
      {values.id ? <input type="hidden" name="id" value={values.id} /> : null}
      {values.version ? <input type="hidden" name="version" value={values.version} /> : null}

      <div className="grid gap-4 md:grid-cols-2">
        <Text id="name" name="name" label="Name" value={values.name} errors={errors.name} onChange={(v) => setNameFilled(v.trim() !== "")} extra={{ "aria-required": "true" }} />
        <Text id="externalCraftLink" name="externalCraftLink" label="External craft link" type="url" value={values.externalCraftLink} errors={errors.externalCraftLink} />
      </div>
      <div>
        <Label htmlFor="description">Description</Label>
        <textarea id="description" name="description" rows={3} defaultValue={values.description} className={inputClass} />
        <FieldErrors id="description-errors" errors={errors.description} />
      </div>

      <fieldset className="space-y-3 rounded-lg border border-line p-3" aria-describedby={errors.skinId?.length ? "skinId-errors" : undefined}>
        <legend className="px-1 text-sm font-semibold">Skin</legend>
        {values.skin ? (
          <p className="flex items-center gap-3" data-testid="chosen-skin">
            <input type="hidden" name="skinId" value={values.skin.id} />
            <FallbackImage sources={[values.skin.image]} alt="" className="h-12 w-16 object-contain" />
            <span>
              Chosen: <span className="font-semibold">{values.skin.name}</span>
            </span>
          </p>
        ) : (
          <p className="text-sm text-muted">{SKIN_REQUIRED}: search for it below and choose it.</p>
        )}
        <FieldErrors id="skinId-errors" errors={errors.skinId} />
        <div className="flex items-end gap-2">
          <div className="flex-1">
            <Label htmlFor="skinQuery">Find the skin in the catalogue</Label>
            <input key={results?.skinQuery} id="skinQuery" name="skinQuery" type="search" defaultValue={results?.skinQuery ?? ""} className={inputClass} />
          </div>
          <button type="submit" name="intent" value="search-skin" formNoValidate className={smallButton}>
            Find skins
          </button>
        </div>
        <Results label="Skins found" items={results?.skins} intent={(item) => `pick-skin:${item.id}`} />
      </fieldset>

      <div className="grid gap-4 md:grid-cols-2">
        <ImageField id="ingame" label="In-game image" current={values.ingameImage} errors={errors.ingameFile} />
        <ImageField id="placement" label="Placement guide" current={values.placementImage} errors={errors.placementFile} />
      </div>

      <section aria-labelledby="stickers-heading" className="space-y-3">
        <h2 id="stickers-heading" className="text-xl font-bold">
          Stickers
        </h2>
        <p className="text-sm text-muted">Up to 5 stickers, at positions 1 to 5; a sticker without a name is not saved.</p>
        {values.stickers.map((sticker, index) => {
          const position = index + 1;
          const prefix = `stickers[${index}]`;
          const fieldErrors = (name: string) => errors[`${prefix}.${name}`];
          const searched = results?.stickerPosition === position;
          return (
            <fieldset key={position} className="space-y-3 rounded-lg border border-line p-3" data-testid={`sticker-slot-${position}`}>
              <legend className="px-1 text-sm font-semibold">Sticker {position}</legend>
              <div className="grid gap-3 md:grid-cols-3">
                <Text id={`sticker-${position}-name`} name={`${prefix}.name`} label="Name" value={sticker.name} errors={fieldErrors("name")} />
                <Text id={`sticker-${position}-price`} name={`${prefix}.price`} label="Price ($)" type="number" value={sticker.price} errors={fieldErrors("price")} extra={{ min: "0", step: "0.01" }} />
                <Text id={`sticker-${position}-link`} name={`${prefix}.link`} label="External link" type="url" value={sticker.link} errors={fieldErrors("link")} />
              </div>
              <div className="flex flex-wrap items-center gap-3">
                {sticker.image ? (
                  <>
                    <input type="hidden" name={`${prefix}.image`} value={sticker.image} />
                    <img src={sticker.image} alt={sticker.name ? sticker.name : `Sticker ${position}`} className="h-12 w-12 object-contain" />
                  </>
                ) : null}
                <div>
                  <Label htmlFor={`sticker-${position}-file`}>{sticker.image ? "Replace image" : "Image"}</Label>
                  <input id={`sticker-${position}-file`} name={`${prefix}.file`} type="file" accept={IMAGE_TYPES} className="block text-sm" />
                </div>
              </div>
              <FieldErrors id={`sticker-${position}-file-errors`} errors={[...(fieldErrors("file") ?? []), ...(fieldErrors("image") ?? [])]} />
              <div className="flex items-end gap-2">
                <div className="flex-1">
                  <Label htmlFor={`sticker-${position}-query`}>Find sticker {position} in the catalogue</Label>
                  <input
                    key={searched ? results?.stickerQuery : "none"}
                    id={`sticker-${position}-query`}
                    name={`${prefix}.query`}
                    type="search"
                    defaultValue={searched ? results?.stickerQuery : ""}
                    className={inputClass}
                  />
                </div>
                <button type="submit" name="intent" value={`search-sticker:${position}`} formNoValidate className={smallButton}>
                  Find stickers<span className="sr-only"> for sticker {position}</span>
                </button>
              </div>
              {searched ? <Results label={`Stickers found for sticker ${position}`} items={results?.stickers} intent={(item) => `pick-sticker:${position}:${item.id}`} /> : null}
            </fieldset>
          );
        })}
      </section>

      {!canSave ? <p className="text-sm text-muted">{!nameFilled ? NAME_REQUIRED : SKIN_REQUIRED}.</p> : null}
      <button
        type="submit"
        name="intent"
        value="save"
        disabled={!canSave || busy}
        className="rounded-md bg-accent px-4 py-2 font-semibold text-black hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {busy ? "Saving..." : "Save sticker craft"}
      </button>
    </Form>
  );
}
