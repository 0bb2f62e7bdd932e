import type { SubmissionResult } from "@conform-to/react";

/**
 * What every action answers when it does not redirect: which form (`intent`) and Conform's reply,
 * which holds the errors (by field, and the form's own under "") and the values as typed (capped,
 * passwords left out). With JavaScript `useForm({ lastResult })` shows it; without, the page
 * renders the same. A fetcher that asked for data rather than a redirect gets `notice`, the text
 * the redirect's page would have shown.
 */
export interface FormReply {
  intent: string;
  result: SubmissionResult<string[]>;
  notice?: string;
}

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
