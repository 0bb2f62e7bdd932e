import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Notice } from "~/components/basics";
import { CraftDetail } from "~/components/CraftDetail";
import { lazyPart } from "~/components/lazy-part";
import { MarketPricesForm } from "~/components/MarketPricesForm";
import { parseMarketChoice } from "~/domain/markets";
import { NotFound } from "~/components/NotFound";
import { pageMeta } from "~/components/page-meta";
import { CRAFT_STATUS_LABELS } from "~/domain/community-crafts";
import { parseId } from "~/domain/ids";
import { CRAFT_REPORT_RATE_LIMIT_MESSAGE } from "~/domain/rate-limits";
import { REPORT_SENT, reportCraftSchema } from "~/forms/community-craft";
import { clientAddress, consume, rateLimitsFor } from "~/server/auth/rate-limit.server";
import { getSessionUser } from "~/server/auth/session.server";
import { catalogueCacheHeaders, catalogueHeaders } from "~/server/features/catalogue.server";
import { loadCraftPage } from "~/server/features/community-crafts.server";
import { reportCraft } from "~/server/features/craft-reports.server";
import { answeringDatabaseFailures, failedForm, TRY_AGAIN } from "~/server/http/action-failures.server";
import { formText, readCappedFormData } from "~/server/http/form-body.server";
import { formConstraint } from "~/server/http/form-constraints.server";
import { formNotice, formRefusal, formReply, parseForm } from "~/server/http/form-reply.server";

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  // An id that cannot exist still asks the batch (for id 0), so every answer costs one round trip.
  const id = parseId(params.craftId) ?? 0;
  // Which market's price the skin and the stickers are at (the default: the cheapest listing across markets).
  const market = parseMarketChoice(new URL(request.url).searchParams.get("market"));
  const page = await loadCraftPage(context, id, getSessionUser(context), market);
  // A pending or rejected craft is as missing as no craft, except to its author and admins.
  if (!page) return data({ page: null, market, reportConstraint: null }, { status: 404, headers: catalogueCacheHeaders(request) });
  const headers = page.craft.status === "published" ? catalogueCacheHeaders(request) : { "Cache-Control": "private, no-store" };
  return data({ page, market, reportConstraint: formConstraint(reportCraftSchema) }, { headers });
}

export const action = answeringDatabaseFailures(reportAction, (failure) => failedForm(failure, TRY_AGAIN));

/**
 * intent "report": a visitor's report of a published community craft, for the moderation queue; at most
 * `craftReportByIp` reports an hour from one address. The answer is the page with a thank-you (no
 * redirect: the craft's page stays one cacheable URL).
 */
async function reportAction({ request, params, context }: ActionFunctionArgs) {
  const body = await readCappedFormData(request);
  if (!body.ok) return formRefusal("", body.message, body.status);
  const intent = formText(body.form, "intent");
  if (intent !== "report") return formRefusal(intent, "Unknown action.", 400);
  const submission = parseForm(body.form, reportCraftSchema);
  if (submission.status !== "success") return formReply(intent, submission.reply());
  const craftId = parseId(params.craftId);
  const notFound = () => formReply(intent, submission.reply({ formErrors: ["Sticker craft not found."] }), { status: 404 });
  if (craftId === null) return notFound();
  const [limit, reporter] = await Promise.all([
    consume(context.db, rateLimitsFor(context.env).craftReportByIp, clientAddress(request)),
    getSessionUser(context),
  ]);
  if (!limit.allowed) {
    return formReply(intent, submission.reply({ formErrors: [CRAFT_REPORT_RATE_LIMIT_MESSAGE] }), {
      status: 429,
      headers: { "Retry-After": String(limit.retryAfterSeconds) },
    });
  }
  if (!(await reportCraft(context.db, { craftId, reporterId: reporter?.id ?? null, reason: submission.value.reason }))) return notFound();
  return formNotice(intent, REPORT_SENT);
}

export const headers = catalogueHeaders;

// The report form brings the form kit (Conform): only a published community craft loads it (ADR 054, ADR 097).
const ReportCraftForm = lazyPart("ReportCraftForm", () => import("~/components/ReportCraftForm").then((module) => module.ReportCraftForm));

export default function StickerCraftPage() {
  const { page, market, reportConstraint } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  if (!page) return <NotFound heading="Sticker craft not found." backHref="/sticker-crafts" backLabel="All sticker crafts" />;
  const { status, rejectionReason } = page.craft;
  const notice = (
    <>
      {status === "published" ? null : (
        <div className="mt-3">
          <Notice tone="info">
            {`${CRAFT_STATUS_LABELS[status]}: only you and the moderators can see this craft.${status === "rejected" && rejectionReason ? ` Reason: ${rejectionReason}` : ""}`}
          </Notice>
        </div>
      )}
      <MarketPricesForm action={`/sticker-crafts/${page.craft.id}`} choice={market} className="mt-3" />
    </>
  );
  return (
    <>
      <CraftDetail {...page} notice={notice} />
      {status === "published" && page.craft.community && reportConstraint ? (
        <ReportCraftForm craftId={page.craft.id} reply={reply} constraint={reportConstraint} />
      ) : null}
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  const craft = data?.page?.craft;
  if (!craft) {
    return pageMeta(matches, { title: "Sticker craft not found", description: "Sticker craft not found.", path: location.pathname, noindex: true });
  }
  return pageMeta(matches, {
    title: craft.name,
    description: craft.description ?? `${craft.name}: a sticker craft on the ${craft.skinName}.`,
    path: `/sticker-crafts/${craft.id}`,
    noindex: craft.status !== "published",
    openGraph: { image: craft.ingameImage ?? craft.skinImage, type: "article" },
  });
};
