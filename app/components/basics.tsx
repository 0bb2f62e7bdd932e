import { Link } from "@remix-run/react";
import { Fragment, type ReactNode } from "react";

// Looks shared by forms and plain pages, kept apart from the form kit so that pages without a form
// do not load Conform and zod.

export const buttonClass = "rounded-md bg-accent px-4 py-2 font-semibold text-surface hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-50";

export function Notice({ tone = "success", children }: { tone?: "success" | "error" | "info"; children: ReactNode }) {
  const color = tone === "success" ? "border-green-600 text-green-300" : tone === "error" ? "border-red-600 text-red-300" : "border-line text-ink";
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-md border bg-panel px-3 py-2 text-sm ${color}`}>
      {children}
    </div>
  );
}

/**
 * The way back above a page's heading: links to the pages it belongs to (" / " between them), then
 * what this page is, if the heading does not say it (" · Fill empty slots").
 */
export function Breadcrumb({ trail, current }: { trail: readonly { to: string; label: ReactNode }[]; current?: ReactNode }) {
  return (
    <p className="text-sm text-muted">
      {trail.map((step, index) => (
        <Fragment key={step.to}>
          {index > 0 ? " / " : null}
          <Link to={step.to} className="hover:text-accent">
            {step.label}
          </Link>
        </Fragment>
      ))}
      {current ? <> · {current}</> : null}
    </p>
  );
}
