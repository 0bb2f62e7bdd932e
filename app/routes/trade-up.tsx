import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { buttonClass, Notice } from "~/components/basics";
import type { ShellProps } from "~/components/Shell";
import { CatalogueSearch, EnterButton, pickerButtonClass, PickerResults } from "~/components/CataloguePicker";
import { FallbackImage } from "~/components/FallbackImage";
import { pageMeta } from "~/components/page-meta";
import { formatChance } from "~/domain/case-odds";
import { LIMIT_MESSAGES } from "~/domain/limits";

import { searchPlan } from "~/domain/search";
import {
  ADD_REFUSALS,
  addToContract,
  CONTRACT_PARAMS,
  contractQuery,
  isAddRefusal,
  isSkinIdText,
  MAX_COUNT,
  openTradeUpPath,
  parseContract,
  rowField,
  TRADE_UP_GAME_VERSION,
  VARIANT_NAMES,
  VARIANTS,
  type AddRefusal,
  type ContractRow,
} from "~/domain/trade-up";
import { formatFloat, WEAR_NAMES } from "~/domain/wear";
import { FORM_KEY_FIELD } from "~/forms/form-key";
import { SAVED_TRADE_UP_MESSAGES, saveTradeUpSchema } from "~/forms/trade-up";
import { resultFor } from "~/forms/reply";
import { getSessionUser, type SessionUser } from "~/server/auth/session.server";
import { catalogueCacheHeaders, catalogueHeaders, searchDirectQuery } from "~/server/features/catalogue.server";
import { computeTradeUp, saveTradeUp, tradeUpQueries } from "~/server/features/trade-ups.server";
import { answeringDatabaseFailures, failedForm } from "~/server/http/action-failures.server";
import { cookieAttributes, cookieValue } from "~/server/http/cookies.server";
import { formText, knownIntent, readCappedFormData } from "~/server/http/form-body.server";
import { newFormKey, postedFormKey } from "~/server/http/form-key.server";
import { formRefusal, formReply, parseForm } from "~/server/http/form-reply.server";
import { useMoney } from "~/components/money";

const PAGE = "/trade-up";
/** The visitor's current contract (its query string), so 'Add to trade-up' on a skin page adds to it. */
const CONTRACT_COOKIE = "trade_up";
const CONTRACT_COOKIE_DAYS = 30;
/** The fields a visit may carry besides the contract: the picker's search and the form's buttons. */
const FIND = "find";
const INTENT = "intent";
/** Why 'Add to trade-up' changed nothing (`ADD_REFUSALS`), shown once on the page it redirects to. */
const NOTICE = "notice";

/** The sorted pairs of the fields the page reads, to tell a canonical URL from one to redirect. */
function readPairs(params: URLSearchParams): string {
  const names = new Set([...CONTRACT_PARAMS, FIND, INTENT]);
  return [...params.entries()]
    .filter(([name]) => names.has(name))
    .map(([name, value]) => `${name}=${value}`)
    .sort()
    .join("&");
}

function cookieRows(request: Request): ContractRow[] {
  const saved = cookieValue(request.headers.get("Cookie"), CONTRACT_COOKIE);
  const parsed = parseContract(new URLSearchParams(saved ?? ""));
  return parsed.errors.length === 0 ? parsed.rows : [];
}

/**
 * The contract as the URL's query string (rows `s1`, `f1`, `n1`, `v1` ...). A button of the form
 * (`intent` add:{skin}, remove:{row}, search), a link that opens a contract (`open`,
 * `openTradeUpPath`) and a form's raw fields are turned into the canonical URL by a redirect,
 * which also keeps the contract in a cookie for 'Add to trade-up'.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  // Asked for first, so a signed-in player's session joins the page's one batch.
  const userPromise = getSessionUser(context);
  const params = new URL(request.url).searchParams;
  const parsed = parseContract(params);
  const [verb = "", argument = ""] = (params.get(INTENT) ?? "").split(/:(.*)/s);
  const find = (params.get(FIND) ?? "").trim().slice(0, 100);

  if (parsed.errors.length === 0) {
    let rows = parsed.rows;
    let refused: AddRefusal | null = null;
    if (verb === "add" && isSkinIdText(argument)) ({ rows, refused } = addToContract(rows.length === 0 ? cookieRows(request) : rows, argument));
    if (verb === "remove") rows = rows.filter((_, index) => String(index + 1) !== argument);
    const keepFind = find !== "" && verb !== "add" && verb !== "remove";
    const target = new URLSearchParams(contractQuery(rows));
    if (keepFind) target.set(FIND, find);
    if (refused) target.set(NOTICE, refused);
    if (readPairs(params) !== readPairs(target)) {
      const query = contractQuery(rows);
      return redirect(`${PAGE}${target.size > 0 ? `?${target.toString()}` : ""}`, {
        headers: {
          "Set-Cookie": `${CONTRACT_COOKIE}=${encodeURIComponent(query)}; Max-Age=${CONTRACT_COOKIE_DAYS * 86_400}; ${cookieAttributes(request)}`,
          "Cache-Control": "private, no-store",
        },
      });
    }
  }

  const rows = parsed.rows;
  const plan = find ? searchPlan(find) : null;
  const [tradeRows, found] = await Promise.all([
    rows.length > 0 ? context.load([...tradeUpQueries(context.db, rows)]) : Promise.resolve(null),
    plan ? context.load([searchDirectQuery(context.db, plan)]).then(([results]) => results) : Promise.resolve(null),
  ]);
  const view = computeTradeUp(rows, tradeRows);
  const user = await userPromise;
  const status = parsed.errors.length > 0 ? 400 : view.result.status === "refused" ? 422 : 200;
  const notice = params.get(NOTICE);
  return data(
    {
      ...view,
      addRefusal: isAddRefusal(notice) ? ADD_REFUSALS[notice] : null,
      parseErrors: parsed.errors,
      query: contractQuery(rows),
      find,
      found: found?.map(({ id, name, image }) => ({ id, name, image })) ?? (find ? [] : null),
      /** 'Save''s key for a signed-in player (whose pages the edge does not keep), fresh on every load: posted twice, it saves once (ADR 090). */
      saveKey: user ? newFormKey() : null,
    },
    { status, headers: catalogueCacheHeaders(request) },
  );
}

export const headers = catalogueHeaders;

const SAVE = "save";
/** Where a saved contract is listed. */
const SAVED_PAGE = "/profile?tab=trade-ups";
/**
 * The login page, coming back to the contract: the whole query string, which a way back
 * (`loginPath`) would cut to its page-state parameters; the login page checks it is a same-site path.
 */
const signInPath = (query: string) => `/login?redirectTo=${encodeURIComponent(query ? `${PAGE}?${query}` : PAGE)}`;

/** 'Save' (signed in): the contract posted as its query string, saved when the rules accept it. */
export const action = answeringDatabaseFailures(tradeUpAction, (failure) => failedForm(failure, SAVED_TRADE_UP_MESSAGES.saveFailed, { intent: SAVE }));

async function tradeUpAction({ request, context }: ActionFunctionArgs) {
  const userPromise = getSessionUser(context);
  const body = await readCappedFormData(request);
  const user = await userPromise;
  if (!user) {
    const posted = parseContract(new URLSearchParams(body.ok ? formText(body.form, "contract", 2000) : ""));
    const query = posted.errors.length === 0 ? contractQuery(posted.rows) : "";
    return redirect(signInPath(query), 303);
  }
  if (!body.ok) return formRefusal(SAVE, body.message, body.status);
  const intent = formText(body.form, INTENT);
  switch (knownIntent(intent, [SAVE])) {
    case SAVE:
      return saveIntent(context, user, body.form);
    default:
      return formRefusal(intent, "Unknown action.", 400);
  }
}

async function saveIntent(context: AppLoadContext, user: SessionUser, form: FormData) {
  const submission = parseForm(form, saveTradeUpSchema);
  if (submission.status !== "success") return formReply(SAVE, submission.reply());
  const parsed = parseContract(new URLSearchParams(submission.value.contract));
  if (parsed.errors.length > 0) return formReply(SAVE, submission.reply({ formErrors: parsed.errors }));
  // Only a contract the rules accept is saved, refused with the page's own messages.
  const loaded = parsed.rows.length > 0 ? await context.load([...tradeUpQueries(context.db, parsed.rows)]) : null;
  const { result } = computeTradeUp(parsed.rows, loaded);
  if (result.status !== "valid") {
    const messages = result.messages.length > 0 ? result.messages : [SAVED_TRADE_UP_MESSAGES.contract];
    return formReply(SAVE, submission.reply({ formErrors: messages }), { status: 422 });
  }
  const id = await saveTradeUp(context.db, user.id, submission.value.name, parsed.rows, postedFormKey(form, FORM_KEY_FIELD));
  if (id === "limit") return formReply(SAVE, submission.reply({ formErrors: [LIMIT_MESSAGES.tradeUps] }), { status: 409 });
  // The same form posted again (a double click without JavaScript): the first post saved it.
  return redirect(`${SAVED_PAGE}&notice=${id === "repeated" ? "trade-up-already-saved" : "trade-up-saved"}`, 303);
}

const OUTCOME_COLUMNS = ["Skin", "Chance", "Float", "Wear", "Price"] as const;
const fieldClass = "w-full rounded-md border border-line bg-panel-2 px-2 py-1";

export default function TradeUpPage() {
  const money = useMoney();
  const { rows, result, outcomes, value, byRarity, addRefusal, parseErrors, query, find, found, saveKey } = useLoaderData<typeof loader>();
  const messages = [...parseErrors, ...result.messages];
  const refused = parseErrors.length > 0 || result.status === "refused";
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold">Trade-up calculator</h1>
        <p className="mt-1 text-muted">
          Ten skins of one rarity (five Covert) for one of the next rarity from their collections, on the rules of {TRADE_UP_GAME_VERSION}: each input counts by
          where its float sits in its own range. The contract lives in the address, so a link shares it.
        </p>
      </div>

      {addRefusal ? <Notice tone="info">{addRefusal}</Notice> : null}

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
        <section aria-labelledby="add-heading" className="space-y-3 rounded-lg border border-line bg-panel p-3">
          <h2 id="add-heading" className="text-lg font-semibold">
            Add a skin
          </h2>
          <CatalogueSearch id="trade-up-find" name={FIND} label="Skin name" query={find} intent="search" buttonLabel="Search" />
          <PickerResults label="Skins found" items={found ?? undefined} intent={(item) => `add:${item.id}`} />
        </section>
      </Form>

      {messages.length > 0 ? (
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
      ) : null}

      {result.status === "valid" && value ? (
        <section aria-labelledby="outcomes-heading" className="space-y-4">
          <h2 id="outcomes-heading" className="text-2xl font-bold">
            {`Outcomes: ${result.stattrak ? "StatTrak™ " : ""}${result.next === "Extraordinary" ? "knives and gloves" : result.next}`}
          </h2>
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
                    <td className="py-2">{outcome.priceCents === null ? "No price" : money.format(outcome.priceCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="text-sm">
            <a href={`${PAGE}?${query}`} className="text-accent underline">
              Link to this contract
            </a>
          </p>
          <SaveTradeUp query={query} saveKey={saveKey} />
        </section>
      ) : null}
    </div>
  );
}

// Only a signed-in player's 'Save' carries Conform and the form kit: its code loads when the page
// shows it, so a visitor's first visit carries neither (docs/performance.md).
const SaveTradeUpForm = lazy(() => import("~/components/SaveTradeUpForm").then((module) => ({ default: module.SaveTradeUpForm })));

/** 'Save' for a signed-in player; a sign-in link back to the contract for a visitor. */
function SaveTradeUp({ query, saveKey }: { query: string; saveKey: string | null }) {
  const signedIn = useRouteLoaderData<Pick<ShellProps, "signedIn">>("root")?.signedIn ?? false;
  const reply = useActionData<typeof action>();
  return (
    <section aria-labelledby="save-heading" className="max-w-md space-y-3 rounded-lg border border-line bg-panel p-3">
      <h3 id="save-heading" className="text-lg font-semibold">
        Save this contract
      </h3>
      {signedIn ? (
        <Suspense fallback={null}>
          <SaveTradeUpForm action={`${PAGE}?${query}`} query={query} formKey={saveKey} result={resultFor(reply, SAVE)} />
        </Suspense>
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

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageMeta(matches, {
    title: "Trade-up calculator",
    description: "Every outcome of a Counter-Strike 2 trade-up contract with its chance, float and price, on the rules of October 2025.",
    path: data?.query ? `${PAGE}?${data.query}` : PAGE,
    noindex: Boolean(data?.query),
  });
