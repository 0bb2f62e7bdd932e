import { z } from "zod";
import type { Language } from "~/content/legal/types";

export const DEFAULT_LANGUAGE: Language = "en";

const languageSchema = z.enum(["en", "de"]);

/** `?lang=` of a legal page: absent or empty means English; anything but en/de is not a language we have. */
export function parseLanguageParam(value: string | null): Language | null {
  if (value === null || value === "") return DEFAULT_LANGUAGE;
  const parsed = languageSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The query string that selects a language: English is the default and needs none. */
export function languageSearch(lang: Language): string {
  return lang === DEFAULT_LANGUAGE ? "" : `?lang=${lang}`;
}
