import { z } from "zod";

const BASE = "http://same-site.invalid";

/** A path on this site ("/x?y"), never an absolute or protocol-relative URL that leaves it. */
export function isSameSitePath(value: string): boolean {
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return false;
  if ([...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return false;
  try {
    return new URL(value, BASE).origin === BASE;
  } catch {
    return false;
  }
}

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
