import { useFetcher, useLocation, useRouteLoaderData } from "@remix-run/react";
import { loginPath, wayBack } from "~/domain/same-site-path";
import type { FavoriteAnswer } from "~/forms/resell";
import type { ShellProps } from "./Shell";
import { useHydrated } from "./useHydrated";

/** The page's own path, for forms and links that come back to it. */
export function useReturnPath(): string {
  const { pathname, search } = useLocation();
  return wayBack(`${pathname}${search}`);
}

/** The heart from the icon sheet (`public/icons.svg`): one element to write per card, not a path. */
function Heart({ filled }: { filled: boolean }) {
  return (
    <svg aria-hidden="true" className={`h-5 w-5 ${filled ? "fill-current" : "fill-none"}`}>
      <use href="/icons.svg#heart" />
    </svg>
  );
}

/**
 * The favourite toggle: a post form (back to this page at the card without JavaScript), a fetcher
 * with it. The shown state changes only once the server accepted (spec section 4): it is the
 * server's answer or the page's data, never a guess; the button is disabled while the request runs.
 * Signed out it is a link to the login page that comes back here.
 */
export function FavoriteButton(props: FavoriteButtonProps) {
  const signedIn = useRouteLoaderData<Pick<ShellProps, "signedIn">>("root")?.signedIn ?? false;
  // Signed out (most page views) there is nothing to post, so no fetcher is set up.
  return signedIn ? <FavoriteForm {...props} /> : <FavoriteLoginLink {...props} />;
}

interface FavoriteButtonProps {
  skinId: string;
  skinName: string;
  favorite: boolean;
  variant: "icon" | "label";
}

const skinAnchor = (skinId: string) => `skin-${encodeURIComponent(skinId)}`;

function favoriteLook(variant: FavoriteButtonProps["variant"], on: boolean): string {
  return variant === "icon"
    ? `inline-flex h-10 w-10 items-center justify-center rounded-md border border-line hover:border-accent ${on ? "text-red-400" : "text-muted"}`
    : `inline-flex items-center gap-2 rounded-md border px-4 py-2 font-semibold hover:border-accent ${on ? "border-red-400 text-red-300" : "border-line text-ink"}`;
}

function FavoriteLoginLink({ skinId, skinName, variant }: FavoriteButtonProps) {
  const returnPath = useReturnPath();
  return (
    <a
      href={loginPath(returnPath, skinAnchor(skinId))}
      className={favoriteLook(variant, false)}
      aria-label={variant === "icon" ? `Log in to add ${skinName} to favorites` : undefined}
    >
      <Heart filled={false} />
      {variant === "label" ? "Favorite" : null}
    </a>
  );
}

function FavoriteForm({ skinId, skinName, favorite, variant }: FavoriteButtonProps) {
  const fetcher = useFetcher<FavoriteAnswer>();
  const hydrated = useHydrated();
  const returnPath = useReturnPath();
  const answer = fetcher.state === "idle" && fetcher.data?.ok ? fetcher.data.favorite : null;
  const on = answer ?? favorite;
  const busy = fetcher.state !== "idle";
  const label = on ? `Remove ${skinName} from favorites` : `Add ${skinName} to favorites`;
  return (
    <fetcher.Form method="post" action="/favorites" className="inline">
      <input type="hidden" name="intent" value={on ? "remove" : "add"} />
      <input type="hidden" name="skinId" value={skinId} />
      <input type="hidden" name="redirectTo" value={returnPath} />
      {hydrated ? <input type="hidden" name="respond" value="data" /> : null}
      <button
        type="submit"
        className={`${favoriteLook(variant, on)} disabled:cursor-wait disabled:opacity-60`}
        aria-pressed={on}
        aria-label={variant === "icon" ? label : undefined}
        title={label}
        disabled={busy}
      >
        <Heart filled={on} />
        {variant === "label" ? "Favorite" : null}
      </button>
      {fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? (
        <span role="alert" className="sr-only">
          {fetcher.data.error}
        </span>
      ) : null}
    </fetcher.Form>
  );
}
