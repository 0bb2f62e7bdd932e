import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClass } from "./basics";

/** The resell form as a page of its own (without JavaScript), with the way back to the list. */
export function TrackerPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-xl space-y-4">
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
      <p>
        <Link to="/resell-tracker" className="text-sm text-accent underline">
          Back to Resell Tracker
        </Link>
      </p>
    </section>
  );
}

/** What a visitor sees instead of the resell form: why to log in, and the way there. */
export function TrackerLoginPrompt({ text, loginHref }: { text: string; loginHref: string }) {
  return (
    <div className="space-y-3">
      <p className="text-muted">{text}</p>
      <a href={loginHref} className={`${buttonClass} inline-block`}>
        Go to Login
      </a>
    </div>
  );
}
