import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useRef, useState, type RefObject } from "react";
import { DEFAULT_SHARE_CHOICES, shareLinkShows, type ShareChoices } from "~/domain/loadout-sharing";
import type { Side } from "~/domain/loadout-slots";
import { CheckboxField, FormError, SubmitButton } from "./forms";
import { useHydrated } from "./useHydrated";

/** What the share forms' action answers when it refuses (the form's error). */
export interface ShareActionResult {
  intent: "share";
  result: SubmissionResult<string[]>;
}

const secondaryButton = "rounded-md border border-line px-4 py-2 font-semibold hover:border-accent disabled:opacity-50";

/** With JavaScript, a button that copies the link; the status line says what happened. */
function CopyLinkButton({ url, input }: { url: string; input: RefObject<HTMLInputElement | null> }) {
  const [status, setStatus] = useState("");
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setStatus("Link copied.");
    } catch {
      // No clipboard access (an older browser, a denied permission): leave the link selected.
      input.current?.select();
      setStatus("Press Ctrl+C (or ⌘C) to copy the selected link.");
    }
  }
  return (
    <>
      {/* copy() answers its own failure (it selects the link instead): nothing is left to await. */}
      <button type="button" onClick={() => void copy()} className={secondaryButton}>
        Copy link
      </button>
      <p role="status" className="w-full text-sm text-green-300">
        {status}
      </p>
    </>
  );
}

/** The owner's link as the panel shows it: its URL and what it shows. */
export interface OwnerShare extends ShareChoices {
  url: string;
}

/**
 * The owner's share link of a loadout: say exactly what it shows, create it (choosing whether the
 * description and the budget are shown), copy it (a button with JavaScript; without it the link
 * is selectable text), change what it shows, and replace or revoke it, each after a confirmation
 * (`confirmHref`: the page with `?dialog=share-replace` or `share-revoke`). Plain forms posting to
 * the loadout page.
 */
export function LoadoutSharePanel({
  share,
  side,
  confirmHref,
  lastResult,
}: {
  share: OwnerShare | null;
  /** The side shown, posted along so the page comes back to it. */
  side: Side;
  confirmHref: (dialog: "share-replace" | "share-revoke") => string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const choices = share ?? DEFAULT_SHARE_CHOICES;
  const [form, fields] = useForm({
    id: "share-link",
    lastResult,
    defaultValue: { showDescription: choices.showDescription ? "on" : undefined, showBudget: choices.showBudget ? "on" : undefined },
  });
  return (
    <section aria-labelledby="share-heading" className="space-y-3 rounded-lg border border-line bg-panel p-4">
      <h2 id="share-heading" className="text-lg font-bold">
        Share
      </h2>
      <FormError form={form} />
      {share ? (
        <>
          <p className="text-sm" data-testid="share-shows">
            {shareLinkShows(share)}
          </p>
          <p className="text-sm text-muted">Anyone signed in who has the link can save a copy of what it shows; only you can change this loadout.</p>
          <div className="flex flex-wrap items-end gap-2">
            <div className="min-w-0 flex-1 basis-64">
              <label htmlFor="share-url" className="mb-1 block text-sm font-medium">
                Share link
              </label>
              <input
                ref={input}
                id="share-url"
                type="text"
                readOnly
                value={share.url}
                onFocus={(event) => event.currentTarget.select()}
                className="w-full rounded-md border border-line bg-panel-2 px-3 py-2 font-mono text-sm"
              />
            </div>
            {hydrated ? <CopyLinkButton url={share.url} input={input} /> : null}
          </div>
        </>
      ) : (
        <p className="text-sm text-muted">
          Create a read-only link. {shareLinkShows(choices)} Tick below to show the description or the budget too. Anyone signed in who has the link can save a
          copy of what it shows; only you can change this loadout.
        </p>
      )}
      <Form method="post" {...getFormProps(form)} className="space-y-3">
        <input type="hidden" name="side" value={side} />
        <fieldset className="space-y-1">
          <legend className="mb-1 text-sm font-medium">Also show on the link</legend>
          <CheckboxField label="The description" meta={fields.showDescription} />
          <CheckboxField label="The budget (and how far over it the loadout is)" meta={fields.showBudget} />
        </fieldset>
        <div className="flex flex-wrap gap-2">
          {share ? (
            <SubmitButton name="intent" value="share-settings" intent="share-settings" pendingText="Saving..." className={secondaryButton}>
              Save what the link shows
            </SubmitButton>
          ) : (
            <SubmitButton name="intent" value="share-create" intent="share-create" pendingText="Creating...">
              Create share link
            </SubmitButton>
          )}
        </div>
      </Form>
      {share ? (
        <div className="flex flex-wrap gap-2">
          <Link to={confirmHref("share-replace")} preventScrollReset className={secondaryButton}>
            Create a new link
          </Link>
          <Link to={confirmHref("share-revoke")} preventScrollReset className={secondaryButton}>
            Revoke link
          </Link>
        </div>
      ) : null}
      {share ? <p className="text-sm text-muted">A new link or a revoke makes the old link stop working; each asks first.</p> : null}
    </section>
  );
}
