import { data } from "@remix-run/cloudflare";
import type { LegalPage } from "~/content/legal/types";
import { DEFAULT_LANGUAGE, parseLanguageParam } from "~/domain/legal-language";

/**
 * The loader data of every legal page: the language from `?lang=` and the page's text in it (as
 * data, so the page's scripts do not carry both languages' text). An unknown language answers
 * 400 with the English text and a note, so the reader still gets the page. No database read.
 */
export function legalPageData(request: Request, page: LegalPage) {
  const lang = parseLanguageParam(new URL(request.url).searchParams.get("lang"));
  if (lang === null) return data({ lang: DEFAULT_LANGUAGE, text: page[DEFAULT_LANGUAGE], unsupportedLanguage: true }, { status: 400 });
  return data({ lang, text: page[lang], unsupportedLanguage: false });
}
