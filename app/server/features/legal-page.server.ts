import { data } from "@remix-run/cloudflare";
import { DEFAULT_LANGUAGE, parseLanguageParam } from "~/domain/legal-language";

/**
 * The loader data of every legal page: the language from `?lang=`. An unknown language answers
 * 400 with the English text and a note, so the reader still gets the page. No database read.
 */
export function legalPageData(request: Request) {
  const lang = parseLanguageParam(new URL(request.url).searchParams.get("lang"));
  if (lang === null) return data({ lang: DEFAULT_LANGUAGE, unsupportedLanguage: true }, { status: 400 });
  return data({ lang, unsupportedLanguage: false });
}
