import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { Side } from "~/domain/loadout-slots";
import { unpackSideSlots, type LoadoutSideData } from "~/domain/loadout-side-view";
import { SIDE_LABELS, type LoadoutTotals, type SlotView } from "~/domain/loadouts";
import type { BudgetFigures } from "~/domain/loadout-budget";

import { WEAR_NAMES } from "~/domain/wear";
import { FallbackImage } from "./FallbackImage";
import { Breadcrumb } from "./basics";
import { useMoney } from "./money";

const GROUPS = [
  { title: "Pistols", groups: ["Pistols"] },
  { title: "SMGs & Heavy", groups: ["SMGs & Heavy"] },
  { title: "Rifles", groups: ["Rifles"] },
  { title: "Knife & Gloves", groups: ["Knives", "Gloves"] },
] as const;

/** A side's slots, grouped Pistols, 'SMGs & Heavy', Rifles, then knife and gloves (h3 per group). */
export function LoadoutSlots({
  slots,
  side,
  actions,
  highlight,
  noPrice = "No Data",
}: {
  slots: readonly SlotView[];
  side: Side;
  /** What a slot without a price says: the spec's 'No Data', or 'No price' on one market (as its tables say). */
  noPrice?: string;
  /** The editor's links and buttons for a slot. */
  actions?: (slot: SlotView) => ReactNode;
  /** The open slot's key. */
  highlight?: string | null;
}) {
  const money = useMoney();
  const ofSide = slots.filter((slot) => slot.side === side);
  return (
    <div className="space-y-6">
      {GROUPS.map((group) => (
        <section key={group.title} aria-labelledby={`group-${side}-${group.title}`}>
          <h3 id={`group-${side}-${group.title}`} className="mb-2 text-sm font-semibold uppercase tracking-wide text-muted">
            {group.title}
          </h3>
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {ofSide
              .filter((slot) => (group.groups as readonly string[]).includes(slot.group))
              .map((slot) => (
                <li
                  key={slot.key}
                  data-testid={`slot-${slot.key}`}
                  className={`flex gap-3 rounded-lg border bg-panel p-3 ${slot.skin ? "border-l-[3px]" : ""} ${highlight === slot.key ? "border-accent" : "border-line"}`}
                  style={slot.skin ? { borderLeftColor: slot.skin.rarityColor } : undefined}
                >
                  {slot.skin ? (
                    <FallbackImage sources={[slot.skin.image]} alt="" className="h-14 w-20 shrink-0 object-contain" />
                  ) : (
                    <div aria-hidden="true" className="h-14 w-20 shrink-0 rounded bg-panel-2" />
                  )}
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="font-semibold">{slot.label}</p>
                    {slot.skin ? (
                      <>
                        <p className="break-words">{slot.skin.name}</p>
                        <p className="text-muted">
                          {slot.wear ? WEAR_NAMES[slot.wear] : "No wear"} ·{" "}
                          {slot.priceCents === null ? "Not counted" : slot.priceCents > 0 ? money.format(slot.priceCents) : noPrice}
                        </p>
                      </>
                    ) : (
                      <p className="text-muted">Empty</p>
                    )}
                    {actions ? <div className="mt-2 flex flex-wrap gap-2">{actions(slot)}</div> : null}
                  </div>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** One figure of a cost summary; `alert` marks it (over budget) in red. */
export interface CostFigure {
  label: string;
  /** Written in the page's currency ("€9.25"). */
  amount: string;
  testId: string;
  alert?: boolean;
}

/** A row of money figures (totals, budget), labelled for assistive technology. */
export function CostFigures({ label, figures }: { label: string; figures: readonly CostFigure[] }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-lg border border-line bg-panel p-4 text-sm sm:grid-cols-4" aria-label={label}>
      {figures.map((figure) => (
        <div key={figure.testId}>
          <dt className={figure.alert ? "text-red-300" : "text-muted"}>{figure.label}</dt>
          <dd className={`font-semibold${figure.alert ? " text-red-300" : ""}`} data-testid={figure.testId}>
            {figure.amount}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The side's subtotal, the total cost, the budget and how far over it the loadout is (`budget`, written in the page's currency). */
export function LoadoutTotalsPanel({ totals, side, budget }: { totals: LoadoutTotals; side: Side; budget: BudgetFigures | null }) {
  const money = useMoney();
  const figures: CostFigure[] = [
    { label: `${SIDE_LABELS[side]} subtotal`, amount: money.format(totals.sideCents[side]), testId: "side-subtotal" },
    { label: "Total cost", amount: money.format(totals.totalCents), testId: "total-cost" },
  ];
  if (budget) figures.push({ label: "Budget", amount: budget.budget, testId: "budget" });
  if (budget?.over) figures.push({ label: "Over budget", amount: budget.over, testId: "over-budget", alert: true });
  return <CostFigures label="Cost" figures={figures} />;
}

/** A choice of views as links, the current one marked, so the choice is URL state (`?side=ct`). */
export function ViewSwitch({ label, options, current }: { label: string; options: readonly { key: string; label: string; href: string }[]; current: string }) {
  return (
    <nav aria-label={label} className="inline-flex flex-wrap rounded-lg border border-line p-1">
      {options.map((option) => (
        <Link
          key={option.key}
          to={option.href}
          preventScrollReset
          replace
          aria-current={option.key === current ? "page" : undefined}
          className={`rounded-md px-4 py-1.5 text-sm font-semibold ${option.key === current ? "bg-accent text-surface" : "hover:bg-panel-2"}`}
        >
          {option.label}
        </Link>
      ))}
    </nav>
  );
}

/** 'T-Side' / 'CT-Side' as links, so the side is URL state (`?side=ct`). */
export function SideToggle({ side, hrefFor }: { side: Side; hrefFor: (side: Side) => string }) {
  return <ViewSwitch label="Side" current={side} options={(["t", "ct"] as const).map((s) => ({ key: s, label: SIDE_LABELS[s], href: hrefFor(s) }))} />;
}

/** A loadout's title block: where it is (`kindLabel`), title, description and budget. */
export function LoadoutHeading({
  kindLabel,
  title,
  description,
  budget,
}: {
  kindLabel: string;
  title: string;
  description: string | null;
  /** Written in the page's currency (as typed when typed in it); null: none shown. */
  budget: BudgetFigures | null;
}) {
  return (
    <div className="min-w-0">
      <Breadcrumb trail={[{ to: "/loadouts", label: "Loadouts" }]} current={kindLabel} />
      <h1 className="break-words text-3xl font-bold">{title}</h1>
      {description ? <p className="mt-2 whitespace-pre-line text-muted">{description}</p> : null}
      {budget ? <p className="mt-1 text-sm">Budget: {budget.budget}</p> : null}
    </div>
  );
}

/** A loadout as its read-only pages show it: the cost, the side toggle and the chosen side's slots. */
export function LoadoutSideView({
  view,
  side,
  budget,
  hrefFor,
  noPrice,
}: {
  /** The totals, and the slots of `side` (packSideView). */
  view: LoadoutSideData;
  side: Side;
  budget: BudgetFigures | null;
  hrefFor: (side: Side) => string;
  noPrice?: string;
}) {
  return (
    <>
      <LoadoutTotalsPanel totals={view.totals} side={side} budget={budget} />
      <SideToggle side={side} hrefFor={hrefFor} />
      <section aria-labelledby="side-heading">
        <h2 id="side-heading" className="mb-3 text-xl font-bold">
          {SIDE_LABELS[side]}
        </h2>
        <LoadoutSlots slots={unpackSideSlots(view.slots, side)} side={side} noPrice={noPrice} />
      </section>
    </>
  );
}
