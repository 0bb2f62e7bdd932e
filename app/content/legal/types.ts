export type Language = "en" | "de";
/** Inline text may contain **bold** spans; nothing else is interpreted. */
export type LegalBlock = { kind: "heading"; text: string } | { kind: "paragraph"; text: string } | { kind: "list"; items: string[] } | { kind: "rule" };
export interface LegalDocument {
  title: string;
  description: string; // one sentence for the page's meta description
  blocks: LegalBlock[];
}
export type LegalPage = Record<Language, LegalDocument>;
