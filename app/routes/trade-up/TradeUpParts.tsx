import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClass, Notice } from "~/components/basics";
import { CatalogueSearch, EnterButton, pickerButtonClass, PickerResults } from "~/components/CataloguePicker";
import type { FormConstraint } from "~/components/client-checks";
import { FallbackImage } from "~/components/FallbackImage";
import { useMoney } from "~/components/money";
import { lazyPart } from "~/components/lazy-part";
import { MarketSelect } from "~/components/MarketSelect";
import type { ShellProps } from "~/components/Shell";
import { formatChance } from "~/domain/case-odds";
import { DEFAULT_MARKET_CHOICE, marketChoiceLabel, type MarketChoice } from "~/domain/markets";
import { MAX_COUNT, openTradeUpPath, rowField, VARIANT_NAMES, VARIANTS, type ContractRow, type ContractValue } from "~/domain/trade-up";
import { formatFloat, WEAR_NAMES, type Wear } from "~/domain/wear";
import { FIND, PAGE, signInPath } from "./paths";

/** An input row as the loader sends it: the contract's row, its skin (null when unknown), wear and price. */
export interface InputRow extends ContractRow {
  index: number;
  skin: { name: string; image: string; rarity: string; minFloat: number; maxFloat: number } | null;
  wear: Wear | null;
  priceCents: number | null;
}

export interface Outcome {
  id: string;
  name: string;
  probability: number;
  float: number;
  wear: Wear;
  priceCents: number | null;
}

const OUTCOME_COLUMNS = ["Skin", "Chance", "Float", "Wear", "Price"] as const;
const fieldClass = "w-full rounded-md border border-line bg-panel-2 px-2 py-1";

/** The contract's inputs (float, count and variant of each) and the picker that adds a skin: one GET form, so the URL holds it all. */
export function ContractForm({
  rows,
  market,
  find,
  found,
}: {
  rows: readonly InputRow[];
  market: MarketChoice;
  find: string;
  found: readonly { id: string; name: string; image: string }[] | null;
}) {
  const money = useMoney();
  return (
    <Form method="get" action={PAGE} className="space-y-4" aria-label="Trade-up contract">
      {/* Enter in a field updates the contract, and runs the search when 'Add a skin' holds text. */}
      <EnterButton />
      {rows.length === 0 ? (
        <p className="text-muted">No inputs yet: search for a skin below, or use ‘Add to trade-up’ on a skin page.</p>
      ) : (
        <ol className="space-y-3" aria-label="Inputs">
          {rows.map((row) => {
            const n = row.index;
            const name = row.skin?.name ?? row.skinId;
            return (
              <li
                key={`${n}-${row.skinId}`}
                className="grid gap-3 rounded-lg border border-line bg-panel p-3 sm:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto] sm:items-end"
              >
                <input type="hidden" name={rowField("s", n)} value={row.skinId} />
                <div className="flex items-center gap-3">
                  {row.skin ? <FallbackImage sources={[row.skin.image]} alt="" className="h-10 w-14 shrink-0 object-contain" /> : null}
                  <div>
                    {row.skin ? (
                      <Link to={`/skins/${encodeURIComponent(row.skinId)}`} className="font-semibold hover:text-accent">
                        {name}
                      </Link>
                    ) : (
                      <span className="font-semibold">{name}</span>
                    )}
                    {row.skin ? (
                      <p className="text-xs text-muted">
                        {row.skin.rarity} · float {row.skin.minFloat} to {row.skin.maxFloat}
                        {row.wear ? ` · ${WEAR_NAMES[row.wear]}` : ""} · {row.priceCents === null ? "No price" : money.format(row.priceCents)}
                      </p>
                    ) : null}
                  </div>
                </div>
                <div>
                  <label htmlFor={rowField("f", n)} className="block text-xs text-muted">
                    Float of {name}
                  </label>
                  <input
                    id={rowField("f", n)}
                    name={rowField("f", n)}
                    defaultValue={row.float ?? ""}
                    inputMode="decimal"
                    autoComplete="off"
                    className={fieldClass}
                  />
                </div>
                <div>
                  <label htmlFor={rowField("n", n)} className="block text-xs text-muted">
                    Count of {name}
                  </label>
                  <input
                    id={rowField("n", n)}
                    name={rowField("n", n)}
                    type="number"
                    min={1}
                    max={MAX_COUNT}
                    required
                    defaultValue={row.count}
                    className={fieldClass}
                  />
                </div>
                <div>
                  <label htmlFor={rowField("v", n)} className="block text-xs text-muted">
                    Variant of {name}
                  </label>
                  <select id={rowField("v", n)} name={rowField("v", n)} defaultValue={row.variant} className={fieldClass}>
                    {VARIANTS.map((variant) => (
                      <option key={variant} value={variant}>
                        {VARIANT_NAMES[variant]}
                      </option>
                    ))}
                  </select>
                </div>
                <button type="submit" name="intent" value={`remove:${n + 1}`} formNoValidate className={pickerButtonClass}>
                  Remove<span className="sr-only"> {name}</span>
                </button>
              </li>
            );
          })}
        </ol>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <MarketSelect choice={market} />
        {rows.length > 0 ? (
          <button type="submit" className={buttonClass}>
            Update contract
          </button>
        ) : null}
        {rows.length > 0 ? (
          <a href={openTradeUpPath("")} className="text-sm text-accent underline">
            Start over
          </a>
        ) : null}
      </div>
      <p className="text-sm text-muted" data-testid="price-market">
        Prices: {marketChoiceLabel(market)}
      </p>
      <section aria-labelledby="add-heading" className="space-y-3 rounded-lg border border-line bg-panel p-3">
        <h2 id="add-heading" className="text-lg font-semibold">
          Add a skin
        </h2>
        <CatalogueSearch id="trade-up-find" name={FIND} label="Skin name" query={find} intent="search" buttonLabel="Search" />
        <PickerResults label="Skins found" items={found ?? undefined} intent={(item) => `add:${item.id}`} />
      </section>
    </Form>
  );
}

/** Why the contract is refused (or what to know about it), with a link per rarity when inputs are mixed. */
export function ContractMessages({
  parseErrors,
  result,
  byRarity,
}: {
  parseErrors: readonly string[];
  result: { status: string; messages: readonly string[] };
  byRarity: readonly { rarity: string; inputs: number; href: string }[];
}) {
  const messages = [...parseErrors, ...result.messages];
  const refused = parseErrors.length > 0 || result.status === "refused";
  return messages.length > 0 ? (
    <Notice tone={refused ? "error" : "info"}>
      <ul className="space-y-1" data-testid="trade-up-messages">
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
      {byRarity.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1" aria-label="Keep one rarity">
          {byRarity.map((group) => (
            <li key={group.rarity}>
              <a href={group.href} className="underline">
                {`Keep only the ${group.rarity} inputs (${group.inputs})`}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </Notice>
  ) : null;
}

/** A valid contract's outcomes: its figures, every outcome's chance, float and price, a link to it, and what `children` adds ('Save'). */
export function TradeUpOutcomes({
  result,
  value,
  outcomes,
  query,
  market,
  children,
}: {
  result: { next: string; stattrak: boolean };
  value: ContractValue;
  outcomes: readonly Outcome[];
  query: string;
  market: MarketChoice;
  children: ReactNode;
}) {
  const money = useMoney();
  return (
    <section aria-labelledby="outcomes-heading" className="space-y-4">
      <h2 id="outcomes-heading" className="text-2xl font-bold">
        {`Outcomes: ${result.stattrak ? "StatTrak™ " : ""}${result.next === "Extraordinary" ? "knives and gloves" : result.next}`}
      </h2>
      <p className="text-sm text-muted" data-testid="outcomes-market">
        Inputs&apos; cost, outcomes and expected value at {marketChoiceLabel(market)} prices.
      </p>
      <dl className="grid gap-3 sm:grid-cols-4">
        <Figure label="Inputs' cost" value={value.costCents === null ? "No price for every input" : money.format(value.costCents)} />
        <Figure
          label="Expected value"
          value={`${money.format(Math.round(value.expectedCents))} (covers ${formatChance(value.coverage)} of the odds)`}
          testId="expected-value"
        />
        <Figure label="Expected profit" value={value.expectedProfitCents === null ? "Unknown" : money.signed(Math.round(value.expectedProfitCents))} />
        <Figure label="Chance of profit" value={value.profitChance === null ? "Unknown" : formatChance(value.profitChance)} />
      </dl>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="outcomes">
          <caption className="sr-only">Every possible outcome with its chance, float, wear and price</caption>
          <thead className="text-muted">
            <tr>
              {OUTCOME_COLUMNS.map((column) => (
                <th key={column} scope="col" className="py-2 pr-3">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {outcomes.map((outcome) => (
              <tr key={outcome.id} className="border-t border-line">
                <td className="py-2 pr-3">
                  <Link to={`/skins/${encodeURIComponent(outcome.id)}`} className="hover:text-accent">
                    {outcome.name}
                  </Link>
                </td>
                <td className="py-2 pr-3" data-testid="outcome-chance">
                  {formatChance(outcome.probability)}
                </td>
                <td className="py-2 pr-3" data-testid="outcome-float">
                  {formatFloat(outcome.float, 6)}
                </td>
                <td className="py-2 pr-3">{WEAR_NAMES[outcome.wear]}</td>
                <td className="py-2" data-testid="outcome-price">
                  {outcome.priceCents === null ? "No price" : money.format(outcome.priceCents)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm">
        <a href={`${PAGE}?${query}${market === DEFAULT_MARKET_CHOICE ? "" : `&market=${market}`}`} className="text-accent underline">
          Link to this contract
        </a>
      </p>
      {children}
    </section>
  );
}

// Only a signed-in player's 'Save' carries Conform and the form kit: its code loads apart, once the
// page has hydrated, so no first visit carries either (docs/performance.md, ADR 097).
const SaveTradeUpForm = lazyPart("SaveTradeUpForm", () => import("~/components/SaveTradeUpForm").then((module) => module.SaveTradeUpForm));

/** 'Save' for a signed-in player; a sign-in link back to the contract for a visitor. */
export function SaveTradeUp({
  query,
  saveKey,
  constraint,
  result,
}: {
  query: string;
  saveKey: string | null;
  constraint: FormConstraint | null;
  result: SubmissionResult<string[]> | undefined;
}) {
  const signedIn = useRouteLoaderData<Pick<ShellProps, "signedIn">>("root")?.signedIn ?? false;
  return (
    <section aria-labelledby="save-heading" className="max-w-md space-y-3 rounded-lg border border-line bg-panel p-3">
      <h3 id="save-heading" className="text-lg font-semibold">
        Save this contract
      </h3>
      {signedIn && constraint ? (
        <SaveTradeUpForm action={`${PAGE}?${query}`} query={query} formKey={saveKey} constraint={constraint} result={result} />
      ) : (
        <p>
          <Link to={signInPath(query)} className="text-accent underline">
            Sign in to save this contract
          </Link>{" "}
          to your profile’s My trade-ups.
        </p>
      )}
    </section>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="rounded-lg border border-line bg-panel p-3">
      <dt className="text-xs uppercase tracking-wide text-muted">{label}</dt>
      <dd className="mt-1 font-semibold" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
