import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useRef, useState, type RefObject } from "react";
import { FormError, SubmitButton } from "./forms";
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

/**
 * The owner's share link of a loadout: create it, copy it (a button with JavaScript; without it
 * the link is selectable text), replace it or revoke it. Plain forms posting to the loadout page.
 */
export function LoadoutSharePanel({ url, lastResult }: { url: string | null; lastResult?: SubmissionResult<string[]> }) {
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [form] = useForm({ id: "share-link", lastResult });
  return (
    <section aria-labelledby="share-heading" className="space-y-3 rounded-lg border border-line bg-panel p-4">
      <h2 id="share-heading" className="text-lg font-bold">
        Share
      </h2>
      <FormError form={form} />
      <p className="text-sm text-muted">
        {url
          ? "Anyone with this link can view this loadout and save a copy of it; only you can change it."
          : "Create a read-only link: anyone who has it can view this loadout and save a copy; only you can change it."}
      </p>
      {url ? (
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
              value={url}
              onFocus={(event) => event.currentTarget.select()}
              className="w-full rounded-md border border-line bg-panel-2 px-3 py-2 font-mono text-sm"
            />
          </div>
          {hydrated ? <CopyLinkButton url={url} input={input} /> : null}
        </div>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="flex flex-wrap gap-2">
        <SubmitButton name="intent" value="share-create" intent="share-create" pendingText="Creating..." className={url ? secondaryButton : undefined}>
          {url ? "Create a new link" : "Create share link"}
        </SubmitButton>
        {url ? (
          <SubmitButton name="intent" value="share-revoke" intent="share-revoke" pendingText="Revoking..." className={secondaryButton}>
            Revoke link
          </SubmitButton>
        ) : null}
      </Form>
      {url ? <p className="text-sm text-muted">A new link or a revoke makes the old link stop working.</p> : null}
    </section>
  );
}
