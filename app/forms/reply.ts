import type { SubmissionResult } from "@conform-to/react";
import type { ShouldRevalidateFunction } from "@remix-run/react";

/**
 * What every action answers when it does not redirect: which form (`intent`) and Conform's reply,
 * which holds the errors (by field, and the form's own under "") and the values as typed (capped,
 * passwords left out). With JavaScript `useForm({ lastResult })` shows it; without, the page
 * renders the same. A fetcher that asked for data rather than a redirect gets `notice`, the text
 * the redirect's page would have shown. `readOnly` marks a post that wrote nothing (a picker's
 * search or pick): the page's loaders would return what they returned.
 */
export interface FormReply {
  intent: string;
  result: SubmissionResult<string[]>;
  notice?: string;
  readOnly?: true;
}

/**
 * The `shouldRevalidate` of the root, of every route answering read-only posts and of every page
 * with a fetcher's form (favourites, trackers): after a read-only post the answer alone updates
 * the page and no loader runs again (no second request, and no reload in flight for the next click
 * to cut short). After a refused post (4xx or 5xx) nothing reloads either: with single fetch, Remix
 * hands a route `defaultShouldRevalidate: true` whatever the answer's status, and reloads a page
 * without the function after a fetcher's refused post (a reload that a second submit then cut
 * short, logging an AbortError; seen 28 November 2026 on the skin page's Track dialog).
 */
export const revalidateUnlessReadOnly: ShouldRevalidateFunction = ({ actionResult, actionStatus, defaultShouldRevalidate }) => {
  if ((actionResult as Partial<FormReply> | undefined)?.readOnly === true) return false;
  if (actionStatus !== undefined && actionStatus >= 400) return false;
  return defaultShouldRevalidate;
};

/** The reply's result when it answers the form of `intent` (a page with several forms). */
export function resultFor(reply: FormReply | undefined, intent: string): SubmissionResult<string[]> | undefined {
  return reply?.intent === intent ? reply.result : undefined;
}

/** The reply's first message, the form's own first: for a step shown outside a Conform form. */
export function replyError(reply: FormReply | undefined): string | null {
  const errors = reply?.result.error;
  if (!errors) return null;
  return (
    errors[""]?.[0] ??
    Object.values(errors)
      .flat()
      .find((message): message is string => Boolean(message)) ??
    null
  );
}
