import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Notice } from "~/components/basics";
import { pageMeta } from "~/components/page-meta";
import { LIMIT_MESSAGES } from "~/domain/limits";
import { DEFAULT_MARKET_CHOICE, parseMarketChoice } from "~/domain/markets";
import { searchPlan } from "~/domain/search";
import {
  ADD_REFUSALS,
  addToContract,
  CONTRACT_PARAMS,
  contractQuery,
  isAddRefusal,
  isSkinIdText,
  parseContract,
  TRADE_UP_GAME_VERSION,
  type AddRefusal,
  type ContractRow,
} from "~/domain/trade-up";
import { FORM_KEY_FIELD } from "~/forms/form-key";
import { SAVED_TRADE_UP_MESSAGES, saveTradeUpSchema } from "~/forms/trade-up";
import { resultFor } from "~/forms/reply";
import { getSessionUser, type SessionUser } from "~/server/auth/session.server";
import { catalogueCacheHeaders, catalogueHeaders, searchDirectQuery } from "~/server/features/catalogue.server";
import { computeTradeUp, saveTradeUp, tradeUpQueries } from "~/server/features/trade-ups.server";
import { answeringDatabaseFailures, failedForm } from "~/server/http/action-failures.server";
import { cookieAttributes, cookieValue } from "~/server/http/cookies.server";
import { formText, knownIntent, readCappedFormData } from "~/server/http/form-body.server";
import { ContractForm, ContractMessages, SaveTradeUp, TradeUpOutcomes } from "./TradeUpParts";
import { FIND, PAGE, SAVE, signInPath } from "./paths";
import { newFormKey, postedFormKey } from "~/server/http/form-key.server";
import { formConstraint } from "~/server/http/form-constraints.server";
import { formRefusal, formReply, parseForm } from "~/server/http/form-reply.server";

/** The visitor's current contract (its query string), so 'Add to trade-up' on a skin page adds to it. */
const CONTRACT_COOKIE = "trade_up";
const CONTRACT_COOKIE_DAYS = 30;
/** The form's buttons (`add:{skin}`, `remove:{row}`, `search`), read by the loader. */
const INTENT = "intent";
/** Why 'Add to trade-up' changed nothing (`ADD_REFUSALS`), shown once on the page it redirects to. */
const NOTICE = "notice";
/** Which market's prices the inputs and outcomes are at (the Market choice; the default: the cheapest listing). */
const MARKET = "market";

/** The sorted pairs of the fields the page reads, to tell a canonical URL from one to redirect. */
function readPairs(params: URLSearchParams): string {
  const names = new Set([...CONTRACT_PARAMS, FIND, INTENT, MARKET]);
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
  const market = parseMarketChoice(params.get(MARKET));

  if (parsed.errors.length === 0) {
    let rows = parsed.rows;
    let refused: AddRefusal | null = null;
    if (verb === "add" && isSkinIdText(argument)) ({ rows, refused } = addToContract(rows.length === 0 ? cookieRows(request) : rows, argument));
    if (verb === "remove") rows = rows.filter((_, index) => String(index + 1) !== argument);
    const keepFind = find !== "" && verb !== "add" && verb !== "remove";
    const target = new URLSearchParams(contractQuery(rows));
    if (keepFind) target.set(FIND, find);
    if (refused) target.set(NOTICE, refused);
    // The market chosen stays through an add, a removal and a search (the contract's cookie holds the contract only).
    if (market !== DEFAULT_MARKET_CHOICE) target.set(MARKET, market);
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
    rows.length > 0 ? context.load([...tradeUpQueries(context.db, rows, market)]) : Promise.resolve(null),
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
      market,
      find,
      found: found?.map(({ id, name, image }) => ({ id, name, image })) ?? (find ? [] : null),
      /** 'Save''s key for a signed-in player (whose pages the edge does not keep), fresh on every load: posted twice, it saves once (ADR 090). */
      saveKey: user ? newFormKey() : null,
      /** The name's attributes from 'Save''s schema, for a signed-in player: the browser carries no schema (ADR 097). */
      saveConstraint: user ? formConstraint(saveTradeUpSchema) : null,
    },
    { status, headers: catalogueCacheHeaders(request) },
  );
}

export const headers = catalogueHeaders;

/** Where a saved contract is listed. */
const SAVED_PAGE = "/profile?tab=trade-ups";

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

export default function TradeUpPage() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold">Trade-up calculator</h1>
        <p className="mt-1 text-muted">
          Ten skins of one rarity (five Covert) for one of the next rarity from their collections, on the rules of {TRADE_UP_GAME_VERSION}: each input counts by
          where its float sits in its own range. The contract lives in the address, so a link shares it.
        </p>
      </div>
      {data.addRefusal ? <Notice tone="info">{data.addRefusal}</Notice> : null}
      <ContractForm rows={data.rows} market={data.market} find={data.find} found={data.found} />
      <ContractMessages parseErrors={data.parseErrors} result={data.result} byRarity={data.byRarity} />
      {data.result.status === "valid" && data.value ? (
        <TradeUpOutcomes result={data.result} value={data.value} outcomes={data.outcomes} query={data.query} market={data.market}>
          <SaveTradeUp query={data.query} saveKey={data.saveKey} constraint={data.saveConstraint} result={resultFor(reply, SAVE)} />
        </TradeUpOutcomes>
      ) : null}
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
