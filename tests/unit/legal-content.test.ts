import { describe, expect, it } from "vitest";
import { contact, cookieSettings, LEGAL_LAST_UPDATED, legalNotice, privacyPolicy, termsOfService, type LegalDocument } from "~/content/legal";
import { parseInline } from "~/content/legal/inline";
import { languageSearch, parseLanguageParam } from "~/domain/legal-language";

const PAGES = { legalNotice, privacyPolicy, termsOfService, contact, cookieSettings };

const text = (document: LegalDocument) =>
  document.blocks.map((block) => (block.kind === "list" ? block.items.join("\n") : block.kind === "rule" ? "---" : block.text)).join("\n");

describe("bold spans in legal text", () => {
  it("splits text at paired ** markers", () => {
    expect(parseInline("a **b** c **d**")).toEqual([
      { text: "a ", bold: false },
      { text: "b", bold: true },
      { text: " c ", bold: false },
      { text: "d", bold: true },
    ]);
  });

  it("keeps plain text and unpaired markers as they are", () => {
    expect(parseInline("plain")).toEqual([{ text: "plain", bold: false }]);
    expect(parseInline("a ** b")).toEqual([{ text: "a ** b", bold: false }]);
    expect(parseInline("****x")).toEqual([{ text: "x", bold: false }]);
  });

  it.each(Object.entries(PAGES))("%s has only paired markers", (_name, page) => {
    for (const document of [page.en, page.de]) {
      for (const segment of parseInline(text(document))) expect(segment.text).not.toContain("**");
    }
  });
});

describe("the legal language", () => {
  it("defaults to English and knows German", () => {
    expect(parseLanguageParam(null)).toBe("en");
    expect(parseLanguageParam("")).toBe("en");
    expect(parseLanguageParam("de")).toBe("de");
    expect(parseLanguageParam("fr")).toBeNull();
    expect(languageSearch("en")).toBe("");
    expect(languageSearch("de")).toBe("?lang=de");
  });
});

describe("legal pages", () => {
  it.each(Object.entries(PAGES))("%s has a title, description and formatted text in both languages", (_name, page) => {
    for (const lang of ["en", "de"] as const) {
      const document = page[lang];
      expect(document.title).not.toBe("");
      expect(document.description.length).toBeGreaterThan(40);
      const kinds = new Set(document.blocks.map((block) => block.kind));
      expect([...kinds].sort()).toEqual(["heading", "list", "paragraph", "rule"]);
      expect(text(document)).toContain("**");
      expect(text(document)).toContain(LEGAL_LAST_UPDATED[lang]);
    }
  });

  it.each(Object.entries(PAGES))("%s in German is German, not the English copied", (_name, page) => {
    expect(page.de.title).not.toBe(page.en.title);
    const english = new Set(page.en.blocks.map((block) => JSON.stringify(block)));
    // Short headings may coincide ("7. Cookies" is German too); nothing longer may.
    const copied = page.de.blocks.filter((block) => JSON.stringify(block).length > 40 && english.has(JSON.stringify(block)));
    expect(copied).toEqual([]);
    expect(text(page.de)).toMatch(/\b(und|Sie|die|der)\b/);
  });

  // Each point the spec asks the texts to cover, as a phrase to find in each language.
  const POINTS: [string, LegalDocument[], RegExp, RegExp][] = [
    ["private non-commercial use", [termsOfService.en], /private, non-commercial use/, /./],
    ["commercial use needs express written consent", [termsOfService.en], /express prior written consent/, /./],
    ["German law", [termsOfService.en], /law of the Federal Republic of Germany/, /./],
    ["price data are estimates without guarantee", [termsOfService.en], /estimates[\s\S]*No guarantee/, /./],
    ["valid e-mail and truthful information", [termsOfService.en], /valid e-mail address\*\* and \*\*truthful information/, /./],
    ["one account per person", [termsOfService.en], /only one account/, /./],
    ["account deletion", [termsOfService.en], /delete your account at any time/, /./],
    ["suspension with notice by e-mail", [termsOfService.en], /suspend your account[\s\S]*by e-mail/, /./],
    [
      "term changes 30 days ahead by e-mail, 30-day objection",
      [termsOfService.en],
      /by e-mail at least 30 days[\s\S]*object to the changes within 30 days/,
      /./,
    ],
    ["contact details", [contact.en], /contact@skinvault\.example[\s\S]*Musterstraße 12, 10115 Berlin/, /./],
    ["48-hour response", [contact.en], /within 48 hours/, /./],
    ["business hours", [contact.en], /Monday to Friday:\*\* 9:00-17:00[\s\S]*limited support/, /./],
    ["inquiry guidance", [contact.en], /Technical inquiries[\s\S]*Account inquiries[\s\S]*Privacy inquiries[\s\S]*Feedback/, /./],
    ["contact covers only this product", [contact.en], /This contact covers SkinVault only/, /./],
    ["essential cookies", [cookieSettings.en], /Login session[\s\S]*Language[\s\S]*Theme[\s\S]*Secure transmission/, /./],
    ["the trade-up contract cookie", [cookieSettings.en, cookieSettings.de], /trade_up[\s\S]*30 (days|Tagen)/, /./],
    ["analytics up to 2 years", [cookieSettings.en], /up to 2 years/, /./],
    ["legal basis", [cookieSettings.en], /Legal basis[\s\S]*Art\. 6\(1\)\(a\) GDPR/, /./],
    ["browser instructions", [cookieSettings.en], /Google Chrome[\s\S]*Mozilla Firefox[\s\S]*Apple Safari[\s\S]*Microsoft Edge/, /./],
    ["third parties", [cookieSettings.en], /authentication and data-storage backend[\s\S]*Analytics provider/, /./],
    ["user rights", [cookieSettings.en], /Information[\s\S]*Objection[\s\S]*Deletion/, /./],
    ["session versus persistent", [cookieSettings.en], /Session cookies[\s\S]*Persistent cookies/, /./],
    ["policy updates after 30 days", [cookieSettings.en], /take effect 30 days after notification/, /./],
  ];

  it.each(POINTS)("covers: %s", (_point, documents, pattern) => {
    for (const document of documents) expect(text(document)).toMatch(pattern);
  });

  const GERMAN: [string, LegalDocument, RegExp][] = [
    ["private non-commercial use", termsOfService.de, /private, nicht kommerzielle Nutzung/],
    ["commercial use needs express written consent", termsOfService.de, /ausdrücklichen vorherigen schriftlichen Zustimmung/],
    ["German law", termsOfService.de, /Recht der Bundesrepublik Deutschland/],
    ["price data are estimates without guarantee", termsOfService.de, /Schätzwerte[\s\S]*Keine Gewähr/],
    ["valid e-mail and truthful information", termsOfService.de, /gültige E-Mail-Adresse\*\* und \*\*wahrheitsgemäße Angaben/],
    ["one account per person", termsOfService.de, /nur ein Konto/],
    ["term changes 30 days ahead, 30-day objection", termsOfService.de, /mindestens 30 Tage[\s\S]*innerhalb von 30 Tagen/],
    ["48-hour response", contact.de, /innerhalb von 48 Stunden/],
    ["business hours", contact.de, /Montag bis Freitag:\*\* 9:00-17:00/],
    ["contact covers only this product", contact.de, /ausschließlich für SkinVault/],
    ["analytics up to 2 years", cookieSettings.de, /bis zu 2 Jahre/],
    ["policy updates after 30 days", cookieSettings.de, /30 Tage nach der Benachrichtigung/],
  ];

  it.each(GERMAN)("covers in German: %s", (_point, document, pattern) => {
    expect(text(document)).toMatch(pattern);
  });
});
