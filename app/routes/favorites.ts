import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { LIMIT_MESSAGES } from "~/domain/limits";
import { loginPath, safeReturnPath, withHash } from "~/domain/same-site-path";
import { favoriteSchema, type FavoriteAnswer } from "~/forms/resell";
import { addFavorite, removeFavorite } from "~/server/features/favorites.server";
import { readCappedFormData } from "~/server/http/form-body.server";
import { parseForm } from "~/server/http/form-reply.server";
import { getSessionUser } from "~/server/auth/session.server";
import { answeringDatabaseFailures } from "~/server/http/action-failures.server";

/** Nothing to show: the list lives on the profile. */
export function loader() {
  return redirect("/profile?tab=favorites");
}

const FALLBACK = "/profile?tab=favorites";
const FAILED = "Your favourites could not be changed. Please try again.";

/** A refusal: data for the fetcher, plain text for a form posted without JavaScript. */
function refusal(wantsData: boolean, status: 400 | 401 | 404 | 409 | 413 | 503, error: string) {
  return wantsData
    ? data({ ok: false, error } satisfies FavoriteAnswer as FavoriteAnswer, { status })
    : new Response(error, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * The heart and the 'Favorite' toggle post here. Without JavaScript: 303 back to the page the
 * form came from, at the card (`#skin-ID`). The fetcher sends `respond=data` and gets data.
 */
export const action = answeringDatabaseFailures(toggleFavorite, ({ form }) => refusal(form?.get("respond") === "data", 503, FAILED));

async function toggleFavorite({ request, context }: ActionFunctionArgs) {
  const userPromise = getSessionUser(context);
  const body = await readCappedFormData(request);
  const form = body.ok ? body.form : null;
  const wantsData = form?.get("respond") === "data";
  const refuse = (status: 400 | 401 | 404 | 409 | 413, error: string) => refusal(wantsData, status, error);

  const user = await userPromise;
  const returnTo = safeReturnPath(form?.get("redirectTo"), FALLBACK);
  if (!user) return wantsData ? refuse(401, "Please log in to keep favourites.") : redirect(loginPath(returnTo), 303);
  if (!body.ok) return refuse(body.status, body.message);

  const submission = parseForm(body.form, favoriteSchema);
  if (submission.status !== "success")
    return refuse(
      400,
      Object.values(submission.error ?? {})
        .flat()
        .join(" ") || "Invalid request.",
    );
  const { intent, skinId } = submission.value;

  if (intent === "add") {
    const added = await addFavorite(context.db, user.id, skinId);
    if (added === "skin-not-found") return refuse(404, "Skin not found.");
    if (added === "limit") return refuse(409, LIMIT_MESSAGES.favorites);
  } else {
    await removeFavorite(context.db, user.id, skinId);
  }
  const favorite = intent === "add";
  if (wantsData) return data({ ok: true, skinId, favorite } satisfies FavoriteAnswer as FavoriteAnswer);
  return redirect(withHash(returnTo, `skin-${encodeURIComponent(skinId)}`), 303);
}
