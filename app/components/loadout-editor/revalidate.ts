import type { ShouldRevalidateFunction } from "@remix-run/react";
import type { EditorReply } from "~/forms/loadouts";

/**
 * A route's `shouldRevalidate` for the editor: after a 'changed elsewhere' refusal (a 409, which
 * Remix would not revalidate after) the page reloads the latest version, as it does without JavaScript.
 * Apart from the editor, whose code loads apart (a lazy part, ADR 097).
 */
export const editorShouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as EditorReply | undefined)?.conflict === true || defaultShouldRevalidate;
