import type { MetaDescriptor } from "@remix-run/cloudflare";
import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { parseInline } from "~/content/legal/inline";
import type { Language, LegalBlock, LegalDocument as LegalText } from "~/content/legal/types";
import { languageSearch } from "~/domain/legal-language";
import { pageMeta } from "./page-meta";

const LANGUAGE_LINKS: { lang: Language; label: string }[] = [
  { lang: "en", label: "English" },
  { lang: "de", label: "Deutsch" },
];

const UNSUPPORTED_LANGUAGE = "This page is available in English and German only; it is shown in English.";

function Inline({ text }: { text: string }) {
  return (
    <>
      {parseInline(text).map((segment, index) =>
        segment.bold ? (
          <strong key={index} className="font-semibold text-ink">
            {segment.text}
          </strong>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}

function Block({ block }: { block: LegalBlock }) {
  switch (block.kind) {
    case "heading":
      return <h2 className="mt-8 text-xl font-bold text-ink">{block.text}</h2>;
    case "paragraph":
      return (
        <p className="mt-3 leading-relaxed">
          <Inline text={block.text} />
        </p>
      );
    case "list":
      return (
        <ul className="mt-3 list-disc space-y-1.5 pl-6 leading-relaxed">
          {block.items.map((item, index) => (
            <li key={index}>
              <Inline text={item} />
            </li>
          ))}
        </ul>
      );
    case "rule":
      return <hr className="my-8 border-line" />;
  }
}

function LanguageToggle({ lang }: { lang: Language }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Language" className="flex gap-1 rounded-md border border-line p-1 text-sm">
      {LANGUAGE_LINKS.map((link) => (
        <Link
          key={link.lang}
          to={`${pathname}${languageSearch(link.lang)}`}
          hrefLang={link.lang}
          aria-current={link.lang === lang ? "page" : undefined}
          className={`rounded px-3 py-1 font-medium ${link.lang === lang ? "bg-accent text-black" : "hover:bg-panel-2"}`}
        >
          {link.label}
        </Link>
      ))}
    </nav>
  );
}

/**
 * A legal page in the chosen language: 'Back to Home', the language toggle (plain links, so it
 * works without JavaScript), the title, anything the page adds (`children`, e.g. the cookie
 * panel) and the formatted text.
 */
export function LegalDocument({
  text,
  lang,
  unsupportedLanguage,
  children,
}: {
  /** The page's text in `lang` (the loader's, see legalPageData). */
  text: LegalText;
  lang: Language;
  unsupportedLanguage?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to="/" className="inline-flex rounded-md bg-accent px-4 py-2 text-sm font-semibold text-black hover:bg-accent-strong">
          Back to Home
        </Link>
        <LanguageToggle lang={lang} />
      </div>
      {unsupportedLanguage ? (
        <p role="status" className="mt-4 rounded-md border border-line bg-panel p-3 text-sm">
          {UNSUPPORTED_LANGUAGE}
        </p>
      ) : null}
      <article lang={lang} aria-labelledby="legal-title" className="text-muted">
        <h1 id="legal-title" className="mt-6 text-3xl font-black text-ink">
          {text.title}
        </h1>
        {children}
        {text.blocks.map((block, index) => (
          <Block key={index} block={block} />
        ))}
      </article>
    </div>
  );
}

/** Title and description of the page in its language, canonical URL with `?lang=`, and noindex. */
export function legalMeta(matches: readonly { id: string; data?: unknown }[], text: LegalText, lang: Language, pathname: string): MetaDescriptor[] {
  const { title, description } = text;
  return pageMeta(matches, { title, description, path: `${pathname}${languageSearch(lang)}`, noindex: true });
}
