import { useNavigate } from "@remix-run/react";
import { createContext, useCallback, useContext, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from "react";

/**
 * Links to absolute paths, for the ones every page renders (navigation, footer, range choices):
 * a plain anchor plus one client-side navigation shared through context. Remix's `<Link>` resolves
 * its target against the matched routes three times and builds two URLs while it renders, about a
 * tenth of a page's server time for the shell's thirty links; an absolute path needs none of it.
 * Without JavaScript, or with a modifier key or another target, the browser follows the anchor.
 */
type FollowLink = (event: MouseEvent<HTMLAnchorElement>, to: string, options: { replace?: boolean; preventScrollReset?: boolean }) => void;

const FollowLinkContext = createContext<FollowLink | null>(null);

export function ClientNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const follow = useCallback<FollowLink>(
    (event, to, { replace, preventScrollReset }) => {
      const { target } = event.currentTarget;
      const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
      if (event.defaultPrevented || event.button !== 0 || modified || (target && target !== "_self")) return;
      event.preventDefault();
      const here = window.location.pathname + window.location.search + window.location.hash;
      // As Remix's links do: following a link to the page you are on replaces the history entry.
      navigate(to, { replace: replace ?? here === to, preventScrollReset });
    },
    [navigate],
  );
  return <FollowLinkContext.Provider value={follow}>{children}</FollowLinkContext.Provider>;
}

export interface PathLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  to: `/${string}`;
  replace?: boolean;
  preventScrollReset?: boolean;
}

export function PathLink({ to, replace, preventScrollReset, onClick, children, ...anchor }: PathLinkProps) {
  const follow = useContext(FollowLinkContext);
  return (
    <a
      {...anchor}
      href={to}
      // What `<Link discover="render">` renders: Remix's route discovery asks about the target ahead of
      // a click (docs/workarounds.md; tests/e2e/shell-links.js-only.spec.ts fails if Remix stops watching it).
      data-discover="true"
      onClick={(event) => {
        onClick?.(event);
        follow?.(event, to, { replace, preventScrollReset });
      }}
    >
      {children}
    </a>
  );
}

/** NavLink's rule for the current page: the path itself or, unless `end`, a page below it (any case). */
export function isCurrentPath(pathname: string, to: string, end = false): boolean {
  const here = pathname.toLowerCase();
  const path = to.toLowerCase();
  return here === path || (!end && here.startsWith(path) && here.charAt(path.length) === "/");
}
