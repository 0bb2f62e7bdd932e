import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { Notice } from "~/components/basics";
import { LoadoutDetailsFields } from "~/components/LoadoutDetailsFields";
import { LoadoutSlots, LoadoutTotalsPanel, SideToggle } from "~/components/LoadoutSlots";
import { editorHref, type EditorData, type StepLink } from "~/domain/loadout-editor";
import { unpackSideSlots } from "~/domain/loadout-side-view";
import { findSlot, type Side } from "~/domain/loadout-slots";
import { SIDE_LABELS, type SlotView } from "~/domain/loadouts";
import { dollarsToCents, type Money } from "~/domain/money";
import { budgetFigures, type BudgetFigures } from "~/domain/loadout-budget";
import { unpackSkinCards } from "~/domain/skin-cards";
import { WEAR_NAMES, WEARS } from "~/domain/wear";
import { parseDecimal } from "~/forms/decimal";
import type { EditorReply } from "~/forms/loadouts";
import { replyError, resultFor } from "~/forms/reply";
import { SubmitButton } from "../forms";
import { FallbackImage } from "../FallbackImage";
import { useMoney } from "~/components/money";

const ghostButton = "rounded-md border border-line px-3 py-1.5 text-sm font-semibold hover:border-accent";

/**
 * The slot editor, one component for every caller (user loadouts, and the admin's official ones).
 * Each step is a link to a URL under `basePath` and each pick a form post, so it works without
 * JavaScript; with JavaScript Remix runs the same links and posts in place (no full page load).
 */
export function LoadoutEditor({
  data,
  basePath,
  backHref,
  heading,
  showBudget,
  result,
  notice,
}: {
  data: EditorData;
  basePath: string;
  backHref: string;
  heading: string;
  showBudget: boolean;
  result?: EditorReply;
  notice?: string | null;
}) {
  const { loadout, view, step, stage } = data;
  const href = (link: StepLink) => editorHref(basePath, { side: step.side, ...link });
  const pickerHref = (link: StepLink) => `${href(link)}#picker`;
  // The server checks the details (the same schema); a refused save comes back with what was typed.
  const [detailsForm, detailsFields] = useForm({
    id: "loadout-details",
    lastResult: resultFor(result, "save"),
    defaultValue: { title: loadout.title, description: loadout.description ?? "", budget: loadout.budgetInput },
  });
  const error = replyError(result);

  // With JavaScript the budget and how far over it the loadout is follow the budget as it is typed.
  const money = useMoney();
  const [typedBudget, setTypedBudget] = useState<string | null>(null);
  const budget = typedBudget === null ? loadout.budget : parseBudget(typedBudget, loadout.totalMinor, money, loadout.budget);
  const openSlot = step.slot ? findSlot(step.slot) : undefined;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{heading}</h1>
        <Link to={backHref} className={ghostButton}>
          Back
        </Link>
      </div>
      {notice ? <Notice>{notice}</Notice> : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
      {result?.conflict ? (
        <p className="text-sm">
          <a href={href({})} className="font-semibold text-accent underline">
            Reload the latest version
          </a>
        </p>
      ) : null}

      <section aria-labelledby="details-heading" className="rounded-lg border border-line bg-panel p-4">
        <h2 id="details-heading" className="mb-3 text-lg font-bold">
          Details
        </h2>
        <Form method="post" action={href({})} {...getFormProps(detailsForm)} className="space-y-4" preventScrollReset>
          <input type="hidden" name="intent" value="save" />
          {/* The side shown, so the saved loadout's page opens on it. */}
          <input type="hidden" name="side" value={step.side} />
          <input type="hidden" name="version" value={loadout.version} />
          <LoadoutDetailsFields fields={detailsFields} currencySign={showBudget ? loadout.currencySign : null} onBudgetInput={setTypedBudget} />
          <div className="flex flex-wrap gap-2">
            <SubmitButton formAction={href({})} intent="save" pendingText="Saving...">
              Save
            </SubmitButton>
          </div>
        </Form>
      </section>

      <LoadoutTotalsPanel totals={view.totals} side={step.side} budget={showBudget ? budget : null} />

      <SideToggle side={step.side} hrefFor={(side: Side) => editorHref(basePath, { side })} />

      {openSlot ? (
        <section id="picker" aria-labelledby="picker-heading" className="space-y-4 rounded-lg border border-accent bg-panel p-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="picker-heading" className="text-lg font-bold">
              {stage === "types"
                ? `Choose a ${openSlot.group === "Knives" ? "knife" : "glove"} type`
                : stage === "wears"
                  ? "Choose a wear"
                  : `Choose a skin: ${step.type ?? openSlot.label}`}{" "}
              <span className="text-sm font-normal text-muted">
                ({SIDE_LABELS[openSlot.side]}, {openSlot.label})
              </span>
            </h2>
            <Link to={href({})} preventScrollReset className={ghostButton}>
              Close
            </Link>
          </div>
          <Picker data={data} href={href} pickerHref={pickerHref} />
        </section>
      ) : null}

      <section aria-labelledby="slots-heading">
        <h2 id="slots-heading" className="mb-3 text-xl font-bold">
          {SIDE_LABELS[step.side]} slots
        </h2>
        <ClearSlotForm version={loadout.version} action={href({})} />
        <LoadoutSlots
          slots={unpackSideSlots(view.slots, step.side)}
          side={step.side}
          highlight={step.slot}
          actions={(slot) => <SlotActions slot={slot} pickerHref={pickerHref} />}
        />
      </section>
    </div>
  );
}

/** The budget as typed in the page's currency, against the total in it; the last figures while it is no amount. */
function parseBudget(text: string, totalMinor: number, money: Money, fallback: BudgetFigures | null): BudgetFigures | null {
  if (text.trim() === "") return null;
  const value = parseDecimal(text);
  return Number.isFinite(value) && value >= 0 ? budgetFigures(dollarsToCents(value), totalMinor, money) : fallback;
}

/** The one form behind every slot's Remove button (each button names its slot). */
const CLEAR_SLOT_FORM = "clear-slot";

function ClearSlotForm({ version, action }: { version: number; action: string }) {
  return (
    <Form id={CLEAR_SLOT_FORM} method="post" action={action} preventScrollReset>
      <input type="hidden" name="intent" value="clear-slot" />
      <input type="hidden" name="version" value={version} />
    </Form>
  );
}

function SlotActions({ slot, pickerHref }: { slot: SlotView; pickerHref: (link: StepLink) => string }) {
  return (
    <>
      <Link to={pickerHref({ slot: slot.key })} preventScrollReset aria-label={`${slot.skin ? "Change" : "Choose"} ${slot.label} skin`} className={ghostButton}>
        {slot.skin ? "Change" : "Choose skin"}
      </Link>
      {slot.skin ? (
        <button
          type="submit"
          form={CLEAR_SLOT_FORM}
          name="slot"
          value={slot.key}
          aria-label={`Remove ${slot.label} skin`}
          className={`${ghostButton} text-red-300`}
        >
          Remove
        </button>
      ) : null}
    </>
  );
}

function Picker({ data, href, pickerHref }: { data: EditorData; href: (link: StepLink) => string; pickerHref: (link: StepLink) => string }) {
  const money = useMoney();
  const { step, stage, types, skins, wearSkin, loadout } = data;
  const action = href({});
  const busy = useNavigation().state !== "idle";

  if (stage === "types" && types) {
    return (
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
        {types.map((type) => (
          <li key={type.name}>
            <Link
              to={pickerHref({ slot: step.slot, type: type.name })}
              preventScrollReset
              className="flex items-center gap-2 rounded-md border border-line bg-panel-2 p-2 text-sm font-semibold hover:border-accent"
            >
              {type.image ? <FallbackImage sources={[type.image]} alt="" className="h-8 w-12 object-contain" /> : null}
              {type.name}
            </Link>
          </li>
        ))}
      </ul>
    );
  }

  if (stage === "wears" && wearSkin) {
    const byWear = new Map(wearSkin.wears.map((w) => [w.wear, w]));
    return (
      <div className="space-y-3">
        <div className="flex items-center gap-3">
          <FallbackImage sources={[wearSkin.image]} alt="" className="h-14 w-20 object-contain" />
          <p className="font-semibold">{wearSkin.name}</p>
        </div>
        {/* One form: the wear is the pressed button's value. */}
        <Form method="post" action={action} preventScrollReset>
          <input type="hidden" name="intent" value="set-wear" />
          <input type="hidden" name="slot" value={step.slot ?? ""} />
          <input type="hidden" name="skinId" value={wearSkin.id} />
          <input type="hidden" name="version" value={loadout.version} />
          <ul className="flex flex-wrap gap-2">
            {WEARS.map((wear) => {
              const row = byWear.get(wear);
              const price = row && row.priceCents > 0 ? money.format(row.priceCents) : "No Data";
              return (
                <li key={wear}>
                  {row?.enabled ? (
                    <button
                      type="submit"
                      name="wear"
                      value={wear}
                      disabled={busy}
                      className="rounded-md border border-line bg-panel-2 px-3 py-2 text-sm hover:border-accent"
                    >
                      <span className="font-semibold">{WEAR_NAMES[wear]}</span> <span className="text-muted">{price}</span>
                    </button>
                  ) : (
                    <span className="inline-block rounded-md border border-line/50 px-3 py-2 text-sm text-muted">{WEAR_NAMES[wear]} · Not possible</span>
                  )}
                </li>
              );
            })}
          </ul>
        </Form>
        <Link to={pickerHref({ slot: step.slot, type: step.type })} preventScrollReset className="text-sm text-accent underline">
          Choose another skin
        </Link>
      </div>
    );
  }

  if (skins === null) return null;
  const cards = unpackSkinCards(skins);
  return (
    <div className="space-y-3">
      <Form method="get" action={action} preventScrollReset className="flex flex-wrap items-end gap-2" role="search">
        <input type="hidden" name="side" value={step.side} />
        <input type="hidden" name="slot" value={step.slot ?? ""} />
        {step.type ? <input type="hidden" name="type" value={step.type} /> : null}
        <div className="min-w-0 flex-1">
          <label htmlFor="skin-filter" className="mb-1 block text-sm font-medium">
            Filter by name
          </label>
          <input
            id="skin-filter"
            name="q"
            type="search"
            defaultValue={step.q}
            maxLength={50}
            className="w-full rounded-md border border-line bg-panel-2 px-3 py-2"
          />
        </div>
        <button type="submit" className={ghostButton}>
          Filter
        </button>
        {step.type ? (
          <Link to={pickerHref({ slot: step.slot })} preventScrollReset className={ghostButton}>
            Change type
          </Link>
        ) : null}
      </Form>
      {cards.length === 0 ? <p className="text-muted">No skins match.</p> : null}
      {/* One form for the list: the skin is the pressed button's value. */}
      <Form method="post" action={action} preventScrollReset>
        <input type="hidden" name="intent" value="pick-skin" />
        <input type="hidden" name="slot" value={step.slot ?? ""} />
        <input type="hidden" name="version" value={loadout.version} />
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {cards.map((skin) => (
            <li key={skin.id}>
              <button
                type="submit"
                name="skinId"
                value={skin.id}
                disabled={busy}
                className="flex w-full items-center gap-3 rounded-md border border-l-[3px] border-line bg-panel-2 p-2 text-left text-sm hover:border-accent"
                style={{ borderLeftColor: skin.rarityColor }}
              >
                <FallbackImage sources={[skin.image]} alt="" className="h-12 w-16 shrink-0 object-contain" />
                <span className="min-w-0">
                  <span className="block break-words font-semibold">{skin.name}</span>
                  <span className="block text-muted">{money.range(skin.minPriceCents ?? null, skin.maxPriceCents ?? null)}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      </Form>
    </div>
  );
}
