import type { ReactNode } from "react";
import { SubmitButton } from "./forms";
import { useHydrated } from "./useHydrated";

/**
 * An admin editor's Save. With JavaScript it waits until the form has what it needs (`missing`
 * says what, null when ready); without JavaScript the server says the same after the post.
 */
export function AdminSaveButton({ missing, children }: { missing: string | null; children: ReactNode }) {
  const hydrated = useHydrated();
  const waiting = hydrated && missing !== null;
  return (
    <>
      {waiting ? <p className="text-sm text-muted">{missing}.</p> : null}
      <SubmitButton
        name="intent"
        value="save"
        intent="save"
        pendingText="Saving..."
        disabled={waiting}
        className="rounded-md bg-accent px-4 py-2 font-semibold text-black hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {children}
      </SubmitButton>
    </>
  );
}
