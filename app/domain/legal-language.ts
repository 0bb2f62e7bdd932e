import type { Language } from "~/content/legal/types";

export const DEFAULT_LANGUAGE: Language = "en";

const LANGUAGES: readonly Language[] = ["en", "de"];

/** `?lang=` of a legal page: absent or empty means English; anything but en/de is not a language we have. */
export function parseLanguageParam(value: string | null): Language | null {
  if (value === null || value === "") return DEFAULT_LANGUAGE;
  return LANGUAGES.find((language) => language === value) ?? null;
}

/** The query string that selects a language: English is the default and needs none. */
export function languageSearch(lang: Language): string {
  return lang === DEFAULT_LANGUAGE ? "" : `?lang=${lang}`;
}
