import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { formatDate } from "~/domain/dates";

import { alertAnchor, ALERT_TARGET_MAX_CENTS, ALERT_VARIANT_NAMES, alertItemName, isBelowTarget, type FavoriteAlert } from "~/domain/price-alerts";
import { WEAR_NAMES } from "~/domain/wear";
import type { z } from "zod";
import type { priceAlertSchema } from "~/forms/price-alert";
import { replyError, type FormReply } from "~/forms/reply";
import { Notice } from "./basics";
import type { FormConstraint } from "./client-checks";
import { FormError, NumberField, SelectField, SubmitButton } from "./forms";
import { useMoney } from "./money";

/** Where the alert forms post: the profile's action, back at the favourites tab. */
export const PRICE_ALERTS_ACTION = "/profile?tab=favorites";

/** The profile's reply to an alert form: which favourite's card it answers (`skinId`). */
export type AlertReply = FormReply & { skinId?: string | null };

const secondaryButton = "rounded-md border border-line px-4 py-2 font-semibold hover:border-accent disabled:opacity-50";

function AlertStatus({ item }: { item: FavoriteAlert }) {
  const money = useMoney();
  const { alert } = item;
  if (!alert) return <p className="text-sm text-muted">No price alert yet.</p>;
  const now = alert.currentPriceCents > 0 ? money.format(alert.currentPriceCents) : "No Data";
  return (
    <p className="text-sm" data-testid="alert-status">
      Mail me when {alertItemName(item.name, alert.variant, alert.wear)} drops below <strong>{alert.target}</strong>. Now: {now}
      {isBelowTarget(alert.currentPriceCents, alert.targetCents) ? " (already below your target)" : ""}.
      {alert.lastNotifiedAt ? <> Last alert mail: {formatDate(alert.lastNotifiedAt)}.</> : null}
    </p>
  );
}

function AlertForm({
  item,
  lastResult,
  constraint,
  currencySign,
}: {
  item: FavoriteAlert;
  lastResult?: SubmissionResult<string[]>;
  constraint: FormConstraint;
  currencySign: string;
}) {
  const formId = `price-alert-${item.skinId}`;
  const [form, fields] = useForm<z.output<typeof priceAlertSchema>>({
    id: formId,
    lastResult,
    constraint,
    defaultValue: {
      skinId: item.skinId,
      wear: item.alert?.wear ?? (item.wears.includes("FT") ? "FT" : item.wears[0]),
      variant: item.alert?.variant ?? "normal",
      target: item.alert?.targetInput ?? "",
    },
  });
  return (
    <Form method="post" action={PRICE_ALERTS_ACTION} {...getFormProps(form)} className="flex flex-wrap items-start gap-3">
      <input type="hidden" name="intent" value="set-alert" />
      <input type="hidden" name="skinId" value={item.skinId} />
      <div className="w-full">
        <FormError form={form} />
      </div>
      <div className="min-w-40 flex-1">
        <SelectField label="Wear" meta={fields.wear} options={item.wears.map((wear) => ({ value: wear, label: WEAR_NAMES[wear] }))} />
      </div>
      {item.variants.length > 1 ? (
        <div className="min-w-36 flex-1">
          <SelectField
            label="Variant"
            meta={fields.variant}
            options={item.variants.map((variant) => ({ value: variant, label: ALERT_VARIANT_NAMES[variant] }))}
          />
        </div>
      ) : null}
      <div className="min-w-36 flex-1">
        <NumberField
          label={`Target price (${currencySign})`}
          meta={fields.target}
          inputProps={{ step: 0.01, min: 0.01, max: ALERT_TARGET_MAX_CENTS / 100, placeholder: "25.00" }}
        />
      </div>
      <div className="self-end">
        <SubmitButton intent="set-alert" fields={{ skinId: item.skinId }} formAction={PRICE_ALERTS_ACTION} pendingText="Saving...">
          {item.alert ? "Save alert" : "Set alert"}
        </SubmitButton>
      </div>
    </Form>
  );
}

/**
 * The profile's price alerts: one card per favourite with its alert (if any), the price of the
 * alert's wear now, and a form to set, change or remove it. Plain forms posting to the profile's
 * action; without JavaScript the server answers with the page again (errors) or a redirect.
 */
export function PriceAlerts({
  items,
  actionResult,
  notice,
  constraint,
  currencySign,
}: {
  items: FavoriteAlert[];
  /** The page's currency as amounts are written ("$", "€"), which targets are typed in. */
  currencySign: string;
  /** The alert form's fields' constraints, from its schema on the server (`formConstraint`). */
  constraint: FormConstraint;
  actionResult?: AlertReply;
  notice: { skinId: string | null; text: string } | null;
}) {
  const noticeCard = notice?.skinId && items.some((item) => item.skinId === notice.skinId) ? notice.skinId : null;
  // A refusal for a skin that is not in the list (not a favourite, unknown) shows above the list.
  const orphanError =
    actionResult && actionResult.result.status === "error" && !items.some((item) => item.skinId === actionResult.skinId) ? replyError(actionResult) : null;
  return (
    <section id="price-alerts" aria-labelledby="price-alerts-heading" className="mt-8 space-y-4">
      <div>
        <h2 id="price-alerts-heading" className="text-xl font-bold">
          Price alerts
        </h2>
        <p className="text-sm text-muted">
          Get an e-mail when the price of a favourite drops below your target. One mail each time it crosses the target; if it is below already, the next mail
          comes after it has risen to your target or above and dropped again.
        </p>
      </div>
      {notice && !noticeCard ? <Notice>{notice.text}</Notice> : null}
      {orphanError ? <Notice tone="error">{orphanError}</Notice> : null}
      {items.length === 0 ? (
        <p className="text-muted">Add a skin to your favourites to set a price alert on it.</p>
      ) : (
        <ul className="space-y-4" aria-label="Favourites with price alerts">
          {items.map((item) => (
            <li
              key={`${item.skinId}-${item.alert?.updatedAt ?? "none"}`}
              id={alertAnchor(item.skinId)}
              className="scroll-mt-20 space-y-3 rounded-lg border border-line bg-panel p-4"
            >
              <div>
                <h3 className="font-semibold">
                  <Link to={`/skins/${encodeURIComponent(item.skinId)}`} className="hover:text-accent">
                    {item.name}
                  </Link>
                </h3>
                <AlertStatus item={item} />
              </div>
              {noticeCard === item.skinId && notice ? <Notice>{notice.text}</Notice> : null}
              {item.wears.length === 0 ? (
                <p className="text-sm text-muted">This skin has no wear with a price to watch.</p>
              ) : (
                <div className="flex flex-wrap items-end gap-3">
                  <div className="min-w-0 flex-[3_1_20rem]">
                    <AlertForm
                      item={item}
                      constraint={constraint}
                      currencySign={currencySign}
                      lastResult={actionResult?.intent === "set-alert" && actionResult.skinId === item.skinId ? actionResult.result : undefined}
                    />
                  </div>
                  {item.alert ? (
                    <Form method="post" action={PRICE_ALERTS_ACTION}>
                      <input type="hidden" name="intent" value="remove-alert" />
                      <input type="hidden" name="skinId" value={item.skinId} />
                      <SubmitButton
                        intent="remove-alert"
                        fields={{ skinId: item.skinId }}
                        formAction={PRICE_ALERTS_ACTION}
                        pendingText="Removing..."
                        className={secondaryButton}
                      >
                        Remove alert
                      </SubmitButton>
                    </Form>
                  ) : null}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
