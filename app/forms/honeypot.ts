/**
 * The hidden field bots fill in and people never see (the login page's forms). Apart from
 * `./auth` so the page's form components load no zod: the schemas run on the server only.
 */
export const HONEYPOT_FIELD = "website";
