import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Breadcrumb, Notice } from "./basics";
import { ConfirmDialog } from "./ConfirmDialog";

export interface AdminListItem {
  id: number;
  /** The row's title; screen readers hear it after each link's label ("Edit Classic Starter"). */
  name: string;
  summary: ReactNode;
  /** Its public page. */
  viewHref: string;
  /** Links between Edit and Delete (the loadouts' "Edit slots"). */
  moreLinks?: { href: string; label: ReactNode }[];
}

const rowLink = "rounded-md border border-line px-3 py-1.5 text-sm hover:border-accent";

/**
 * An admin page's list of rows (official loadouts, sticker crafts): each with View, Edit and Delete,
 * a link to create one, the notice after a change, and the delete confirmation (`?delete=ID`).
 */
export function AdminList({
  page,
  heading,
  newLabel,
  listHeading,
  emptyText,
  testId,
  items,
  notice,
  error,
  confirmDelete,
  deleteMessage,
  headerLinks = [],
}: {
  /** The page's path; every step is a URL under it (`?new`, `?edit=ID`, `?delete=ID`). */
  page: string;
  heading: string;
  newLabel: string;
  listHeading: string;
  emptyText: string;
  testId: string;
  items: AdminListItem[];
  notice: string | null;
  error: string | null;
  confirmDelete: { id: number; name: string } | null;
  deleteMessage: string;
  /** Links beside the create link (the sticker crafts' moderation queue). */
  headerLinks?: { href: string; label: string }[];
}) {
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <Breadcrumb trail={[{ to: "/admin", label: "Admin Dashboard" }]} />
          <h1 className="text-2xl font-bold">{heading}</h1>
        </div>
        <div className="flex flex-wrap gap-3">
          {headerLinks.map((link) => (
            <Link key={link.href} to={link.href} className="rounded-md border border-line px-4 py-2 font-semibold hover:border-accent">
              {link.label}
            </Link>
          ))}
          <Link to={`${page}?new`} className="rounded-md bg-accent px-4 py-2 font-semibold text-black hover:opacity-90">
            {newLabel}
          </Link>
        </div>
      </div>
      {notice ? <Notice>{notice}</Notice> : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
      {confirmDelete ? (
        <ConfirmDialog
          title={`Delete “${confirmDelete.name}”?`}
          message={deleteMessage}
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          cancelHref={page}
          intent="delete"
          fields={{ id: String(confirmDelete.id) }}
        />
      ) : null}
      <section aria-labelledby="list-heading" className="space-y-3">
        <h2 id="list-heading" className="text-xl font-bold">
          {listHeading} ({items.length})
        </h2>
        {items.length === 0 ? (
          <p className="text-muted">{emptyText}</p>
        ) : (
          <ul className="divide-y divide-line rounded-lg border border-line bg-panel">
            {items.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center gap-3 p-3" data-testid={testId}>
                <div className="min-w-0 flex-1">
                  <h3 className="font-semibold">{item.name}</h3>
                  <p className="text-sm text-muted">{item.summary}</p>
                </div>
                <Link to={item.viewHref} className={rowLink}>
                  View<span className="sr-only"> {item.name}</span>
                </Link>
                <Link to={`${page}?edit=${item.id}`} className={rowLink}>
                  Edit<span className="sr-only"> {item.name}</span>
                </Link>
                {item.moreLinks?.map((link) => (
                  <Link key={link.href} to={link.href} className={rowLink}>
                    {link.label}
                  </Link>
                ))}
                <Link to={`${page}?delete=${item.id}`} className="rounded-md border border-red-700 px-3 py-1.5 text-sm text-red-300 hover:bg-red-950">
                  Delete<span className="sr-only"> {item.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** An admin editor (`?new`, `?edit=ID`) with the way back to its list. */
export function AdminEditorFrame({ page, backLabel, children }: { page: string; backLabel: string; children: ReactNode }) {
  return (
    <div className="space-y-4">
      <Link to={page} className="text-sm text-accent hover:underline">
        {backLabel}
      </Link>
      {children}
    </div>
  );
}
