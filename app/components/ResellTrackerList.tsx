import type { ComponentProps } from "react";
import { Pagination } from "./Pagination";
import { TrackerList } from "./TrackerList";

/**
 * The Resell Tracker's cards and the links to its other pages: one part of that page, whose code
 * loads apart, once the page has hydrated (ADR 097). Together, so the page links' code goes with the list's
 * (the profile's tab loads both with its page).
 */
export function ResellTrackerList({ page, pageCount, ...list }: ComponentProps<typeof TrackerList> & { page: number; pageCount: number }) {
  return (
    <>
      <TrackerList {...list} />
      <Pagination page={page} pageCount={pageCount} label="Resell tracker pages" />
    </>
  );
}
