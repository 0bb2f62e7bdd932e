import type { AppLoadContext } from "@remix-run/cloudflare";
import { todayIn } from "~/domain/trade-lock";
import { variantsOf } from "~/domain/variants";
import { enabledWearsOf } from "~/domain/loadouts";
import type { Wear } from "~/domain/wear";
import { trackerSchema, type TrackerFormContext, type TrackerFormSkin, type TrackerInput } from "~/forms/resell";
import { TRACKER_FORM, TRACKER_KEY_FIELD } from "~/forms/resell-texts";
import { readCappedFormData } from "../../http/form-body.server";
import { newFormKey, postedFormKey } from "../../http/form-key.server";
import { formRefusal, parseForm } from "../../http/form-reply.server";
import { getSessionUser } from "../../auth/session.server";
import { requestTimeZone } from "./time-zone.server";

export function trackerFormContext(
  request: Request,
  skin: TrackerFormSkin,
  wears: readonly { wear: Wear; enabled: boolean }[],
  soldAt: string | null = null,
): TrackerFormContext {
  return {
    skin: {
      id: skin.id,
      name: skin.name,
      image: skin.image,
      minFloat: skin.minFloat,
      maxFloat: skin.maxFloat,
      stattrak: skin.stattrak,
      souvenir: skin.souvenir,
    },
    // In the game's order (Factory New first), whatever order the rows came in.
    enabledWears: enabledWearsOf(wears),
    variants: variantsOf(skin),
    today: todayIn(Date.now(), requestTimeZone(request)),
    soldAt,
  };
}

/** The form for a new tracker: the skin's rules and a fresh key, so the form posted twice adds one tracker (ADR 090). */
export function newTrackerFormContext(request: Request, skin: TrackerFormSkin, wears: readonly { wear: Wear; enabled: boolean }[]): TrackerFormContext {
  return { ...trackerFormContext(request, skin, wears), trackerKey: newFormKey() };
}

/** The posted form's key, in the export key's spelling; null when it has none (or another spelling), and the tracker gets a random one. */
export function postedTrackerKey(form: FormData): string | null {
  return postedFormKey(form, TRACKER_KEY_FIELD);
}

/** A refusal of the resell form as a whole (no such skin or tracker). */
export function trackerRefusal(status: 401 | 404, message: string) {
  return formRefusal(TRACKER_FORM, message, status);
}

/** The signed-in user and the posted form; a refusal (401, 400, 413) when either is missing. */
export async function readTrackerPost(context: AppLoadContext, request: Request) {
  const [user, body] = await Promise.all([getSessionUser(context), readCappedFormData(request)]);
  if (!user) return { refusal: trackerRefusal(401, "Please log in to track resells.") } as const;
  if (!body.ok) return { refusal: formRefusal(TRACKER_FORM, body.message, body.status) } as const;
  return { user, form: body.form, wantsData: body.form.get("respond") === "data" } as const;
}

/** Parses the form against the skin's rules. */
export function parseTracker(form: FormData, context: TrackerFormContext) {
  return parseForm(
    form,
    trackerSchema({
      enabledWears: context.enabledWears,
      minFloat: context.skin.minFloat,
      maxFloat: context.skin.maxFloat,
      today: context.today,
      variants: context.variants,
      soldAt: context.soldAt,
    }),
  );
}
export type { TrackerInput };
