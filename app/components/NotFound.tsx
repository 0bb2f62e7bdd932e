import { Link } from "@remix-run/react";
import { buttonClass } from "./basics";

/** A page's own "not found" (its loader answered 404): the spec's text and the way back. */
export function NotFound({ heading, backHref, backLabel }: { heading: string; backHref: string; backLabel: string }) {
  return (
    <section className="py-16 text-center">
      <h1 className="text-2xl font-bold">{heading}</h1>
      <Link to={backHref} className={`${buttonClass} mt-6 inline-block`}>
        {backLabel}
      </Link>
    </section>
  );
}
