import { parseWithZod } from "@conform-to/zod/v4";
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { todayIn } from "~/domain/trade-lock";
import type { Wear } from "~/domain/wear";
import { trackerSchema, type TrackerActionData, type TrackerFormContext, type TrackerFormSkin, type TrackerInput } from "~/forms/resell";
import { readCappedFormData } from "../../http/form-body.server";
import { getSessionUser, type SessionUser } from "../../auth/session.server";
import { requestTimeZone } from "./time-zone.server";

export function trackerFormContext(request: Request, skin: TrackerFormSkin, wears: readonly { wear: Wear; enabled: boolean }[]): TrackerFormContext {
  return {
    skin: { id: skin.id, name: skin.name, image: skin.image, minFloat: skin.minFloat, maxFloat: skin.maxFloat },
    enabledWears: wears.filter((w) => w.enabled).map((w) => w.wear),
    today: todayIn(Date.now(), requestTimeZone(request)),
  };
}

export function trackerFailure(status: 400 | 401 | 404 | 413, value: Omit<Extract<TrackerActionData, { ok: false }>, "ok">) {
  return data({ ok: false, ...value } satisfies TrackerActionData as TrackerActionData, { status });
}

/** The signed-in user and the posted form; a refusal (401, 400) when either is missing. */
export async function readTrackerPost(context: AppLoadContext, request: Request) {
  const [user, body] = await Promise.all([getSessionUser(context), readCappedFormData(request)]);
  if (!user) return { refusal: trackerFailure(401, { message: "Please log in to track resells." }) } as const;
  if (!body.ok) return { refusal: trackerFailure(body.status, { message: body.message }) } as const;
  return { user: user as SessionUser, form: body.form, wantsData: body.form.get("respond") === "data" } as const;
}

/** Parses the form against the skin's rules. */
export function parseTracker(form: FormData, context: TrackerFormContext) {
  return parseWithZod(form, {
    schema: trackerSchema({ enabledWears: context.enabledWears, minFloat: context.skin.minFloat, maxFloat: context.skin.maxFloat, today: context.today }),
  });
}
export type { TrackerInput };
