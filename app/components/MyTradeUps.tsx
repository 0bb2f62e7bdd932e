import { Form, Link } from "@remix-run/react";
import { formatChance, isFullyCovered } from "~/domain/case-odds";
import { formatDate } from "~/domain/dates";

import { buttonClass, Notice } from "./basics";
import { SubmitButton } from "./forms";
import { useMoney } from "./money";

export interface MyTradeUp {
  id: number;
  name: string;
  savedAt: number;
  /** "Mil-Spec to Restricted"; null when the contract no longer passes the rules (the catalogue changed). */
  grade: string | null;
  inputsText: string;
  /** The calculator with this contract, opened as the visitor's current one. */
  href: string;
  expectedCents: number | null;
  coverage: number | null;
  expectedProfitCents: number | null;
}

const TAB = "/profile?tab=trade-ups";
const smallLink = "rounded-md border border-line px-3 py-1.5 text-sm hover:border-accent";

/**
 * The profile's My trade-ups tab: the player's saved contracts, each valued at today's prices;
 * `confirmDelete` is the one whose deletion is asked (`&delete-trade-up=ID`), `missing` a URL whose
 * id is none of the player's.
 */
export function MyTradeUps({
  tradeUps,
  confirmDelete,
  missing,
  error,
}: {
  tradeUps: readonly MyTradeUp[];
  confirmDelete: { id: number; name: string } | null;
  missing: boolean;
  error: string | null;
}) {
  const money = useMoney();
  return (
    <div className="space-y-4">
      <Link to="/trade-up" className={`${buttonClass} inline-block`}>
        Open the trade-up calculator
      </Link>
      {missing || error ? <Notice tone="error">{error ?? "Saved trade-up not found."}</Notice> : null}
      {confirmDelete ? (
        <section aria-labelledby="delete-trade-up-heading" className="space-y-3 rounded-lg border border-red-700 bg-panel p-4">
          <h3 id="delete-trade-up-heading" className="font-semibold">
            Delete “{confirmDelete.name}”?
          </h3>
          <p>Are you sure you want to delete this saved trade-up? This action cannot be undone.</p>
          <Form method="post" action={TAB} className="flex gap-3">
            <input type="hidden" name="id" value={confirmDelete.id} />
            <SubmitButton
              formAction={TAB}
              name="intent"
              value="delete-trade-up"
              intent="delete-trade-up"
              pendingText="Deleting..."
              className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-600 disabled:opacity-50"
            >
              Delete
            </SubmitButton>
            <Link to={TAB} className="rounded-md border border-line px-4 py-2 font-semibold hover:border-accent">
              Cancel
            </Link>
          </Form>
        </section>
      ) : null}
      {tradeUps.length === 0 ? (
        <p className="text-muted">You have not saved a trade-up yet. Build a contract in the calculator and save it there.</p>
      ) : (
        <ul className="divide-y divide-line rounded-lg border border-line bg-panel">
          {tradeUps.map((tradeUp) => (
            <li key={tradeUp.id} className="flex flex-wrap items-center gap-3 p-3" data-testid="my-trade-up">
              <div className="min-w-0 flex-1 basis-64">
                <h3 className="font-semibold">{tradeUp.name}</h3>
                <p className="text-sm text-muted">
                  Saved {formatDate(tradeUp.savedAt)}
                  {tradeUp.grade ? ` · ${tradeUp.grade}` : ""}
                </p>
                <p className="mt-1 text-sm">{tradeUp.inputsText}</p>
                {tradeUp.expectedCents === null ? (
                  <p className="mt-1 text-sm text-muted">No longer a valid contract on today’s catalogue.</p>
                ) : (
                  <dl className="mt-1 flex flex-wrap gap-x-4 text-sm">
                    <div className="flex gap-1">
                      <dt className="text-muted">Expected value</dt>
                      <dd data-testid="saved-expected-value">
                        {money.format(tradeUp.expectedCents)}
                        {tradeUp.coverage !== null && !isFullyCovered(tradeUp.coverage) ? ` (covers ${formatChance(tradeUp.coverage)} of the odds)` : ""}
                      </dd>
                    </div>
                    <div className="flex gap-1">
                      <dt className="text-muted">Expected profit</dt>
                      <dd>{tradeUp.expectedProfitCents === null ? "Unknown" : money.signed(tradeUp.expectedProfitCents)}</dd>
                    </div>
                  </dl>
                )}
              </div>
              <Link to={tradeUp.href} className={smallLink}>
                Open<span className="sr-only"> {tradeUp.name}</span> in the calculator
              </Link>
              <Link to={`${TAB}&delete-trade-up=${tradeUp.id}`} className="rounded-md border border-red-700 px-3 py-1.5 text-sm text-red-300 hover:bg-red-950">
                Delete<span className="sr-only"> {tradeUp.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
