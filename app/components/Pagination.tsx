import { useLocation } from "@remix-run/react";
import { searchOfPage } from "~/domain/pages";
import { PathLink } from "./links";

const BOX = "inline-flex h-10 min-w-10 items-center justify-center rounded-md border px-3 text-sm font-semibold";
const LINK = `${BOX} border-line hover:border-accent`;

function PageNumber({ page }: { page: number }) {
  return (
    <>
      <span className="sr-only">Page </span>
      {page}
    </>
  );
}

/**
 * Links to the other pages of a list, its sort and filters kept. Plain links: without JavaScript
 * each is a page load, with it a client navigation.
 */
export function Pagination({ page, pageCount, label }: { page: number; pageCount: number; label: string }) {
  const { pathname, search } = useLocation();
  if (pageCount <= 1) return null;
  const to = (target: number) => `${pathname}${searchOfPage(search, target)}` as `/${string}`;
  const pages = Array.from({ length: pageCount }, (_, i) => i + 1);
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center gap-2">
      {page > 1 ? (
        <PathLink to={to(page - 1)} rel="prev" className={LINK}>
          Previous
        </PathLink>
      ) : null}
      <ul className="flex flex-wrap gap-2">
        {pages.map((target) => (
          <li key={target}>
            {target === page ? (
              <span aria-current="page" className={`${BOX} border-accent bg-accent text-black`}>
                <PageNumber page={target} />
              </span>
            ) : (
              <PathLink to={to(target)} className={LINK}>
                <PageNumber page={target} />
              </PathLink>
            )}
          </li>
        ))}
      </ul>
      {page < pageCount ? (
        <PathLink to={to(page + 1)} rel="next" className={LINK}>
          Next
        </PathLink>
      ) : null}
    </nav>
  );
}
