import { z } from "zod";
import type { CookieConsent } from "~/domain/cookie-consent";
import { isSameSitePath } from "~/domain/same-site-path";

/** The cookie banner's and the cookie settings page's form. */
export const cookieConsentSchema = z.object({
  intent: z.enum(["accept", "decline"], { error: "Choose 'accept' or 'decline'." }),
  redirectTo: z
    .string()
    .max(2048, { error: "The return path is too long." })
    .refine(isSameSitePath, { error: "The return path must be a path on this site." })
    .default("/"),
  /** Sent by the JavaScript form, which wants data back instead of a redirect. */
  respond: z.literal("data").optional(),
});

export type CookieConsentForm = z.infer<typeof cookieConsentSchema>;

/** What the JavaScript form (`respond=data`) gets back from /cookie-consent. */
export type ConsentAnswer = { ok: false; error: string } | { ok: true; consent: CookieConsent };
