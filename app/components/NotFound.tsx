import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClass } from "./basics";

/** A page's own "not found" (its loader answered 404): the spec's text and the way back. */
export function NotFound({ heading, backHref, backLabel, children }: { heading: string; backHref: string; backLabel: string; children?: ReactNode }) {
  return (
    <section className="py-16 text-center">
      <h1 className="text-2xl font-bold">{heading}</h1>
      {children}
      <Link to={backHref} className={`${buttonClass} mt-6 inline-block`}>
        {backLabel}
      </Link>
    </section>
  );
}
