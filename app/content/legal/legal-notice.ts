import type { LegalPage } from "./types";

export const legalNotice: LegalPage = {
  en: {
    title: "Legal Notice",
    description: "Legal notice (Impressum) for SkinVault with operator details, contact information, liability disclaimers and data source credits.",
    blocks: [
      { kind: "paragraph", text: "Last updated: July 16, 2025" },
      {
        kind: "paragraph",
        text: "This legal notice contains the information required under **Section 5 of the German Digital Services Act (DDG)** and **Section 18 of the German Interstate Media Treaty (MStV)** for the SkinVault website and web application.",
      },
      { kind: "heading", text: "Operator" },
      {
        kind: "paragraph",
        text: "**SkinVault**, Musterstraße 12, 10115 Berlin, Germany",
      },
      {
        kind: "paragraph",
        text: "SkinVault is a web companion for Counter-Strike 2 weapon skins and is operated from Germany.",
      },
      { kind: "heading", text: "Contact" },
      {
        kind: "list",
        items: [
          "**E-mail:** contact@skinvault.example",
          "**Post:** SkinVault, Musterstraße 12, 10115 Berlin, Germany",
          "**Contact page:** response times, business hours and tips for your inquiry can be found on our contact page.",
        ],
      },
      { kind: "heading", text: "Responsible for content" },
      {
        kind: "paragraph",
        text: "Responsible for the editorial content of this website pursuant to **Section 18(2) MStV**: the operator of SkinVault, Musterstraße 12, 10115 Berlin, Germany.",
      },
      { kind: "rule" },
      { kind: "heading", text: "Liability for content" },
      {
        kind: "paragraph",
        text: "As a service provider, we are responsible for our own content on these pages under general law (Section 7(1) DDG). Under Sections 8 to 10 DDG, however, we are not obliged to monitor third-party information that is transmitted or stored, or to investigate circumstances that indicate unlawful activity.",
      },
      {
        kind: "paragraph",
        text: "Obligations to remove or block the use of information under general law remain unaffected. Liability in this respect is only possible from the moment we become aware of a specific infringement. As soon as we become aware of such an infringement, we will remove the content concerned without delay.",
      },
      {
        kind: "paragraph",
        text: "We prepare the content of SkinVault with great care, but we cannot guarantee that it is accurate, complete or up to date. This applies in particular to **prices and market values**, which are estimates derived from third-party data and may differ considerably from actual market prices.",
      },
      { kind: "heading", text: "Liability for links" },
      {
        kind: "paragraph",
        text: "Our service contains links to external third-party websites, for example marketplaces or the Steam store. We have no influence over the content of these websites and therefore cannot accept any liability for it. The respective provider or operator is always responsible for the content of linked pages.",
      },
      {
        kind: "paragraph",
        text: "The linked pages were checked for possible legal violations at the time the link was created, and no unlawful content was recognisable at that time. Permanent monitoring of linked pages is not reasonable without concrete indications of an infringement. If we become aware of any infringement, we will remove the link in question without delay.",
      },
      { kind: "heading", text: "Copyright" },
      {
        kind: "paragraph",
        text: "The texts, design and code created by the operator of SkinVault are subject to German copyright law. Reproduction, editing, distribution or any kind of use beyond the limits of copyright law requires the written consent of the operator. Where content on this site was not created by the operator, the copyrights of third parties are respected and such content is marked accordingly.",
      },
      {
        kind: "paragraph",
        text: "Names, images and other assets of items from Counter-Strike 2 are the property of Valve Corporation and are shown on SkinVault for informational purposes only.",
      },
      { kind: "heading", text: "Data sources" },
      {
        kind: "paragraph",
        text: "SkinVault brings together data from several sources. We would like to thank the following providers:",
      },
      {
        kind: "list",
        items: [
          "**Skinport** - market prices for skins, broken down by wear level",
          "**Steam** - store and market information from Valve's gaming platform",
          "**cs2-lib by Ian Lucas** - open skin data such as item definitions, finishes, stickers and related metadata",
        ],
      },
      {
        kind: "paragraph",
        text: "All data are provided without guarantee. Naming these sources does not imply that their operators endorse SkinVault or are responsible for how the data are presented here.",
      },
      { kind: "rule" },
      { kind: "heading", text: "No affiliation with Valve" },
      {
        kind: "paragraph",
        text: "**SkinVault is an independent project and is not affiliated with, endorsed, sponsored or approved by Valve Corporation or Steam.**",
      },
      {
        kind: "paragraph",
        text: "Counter-Strike, Counter-Strike 2, CS2, Steam and the Steam logo are trademarks and/or registered trademarks of Valve Corporation in the United States and/or other countries. All other trademarks mentioned are the property of their respective owners.",
      },
      { kind: "heading", text: "Consumer dispute resolution" },
      {
        kind: "paragraph",
        text: "We are neither willing nor obliged to take part in dispute resolution proceedings before a consumer arbitration board (Section 36 of the German Consumer Dispute Resolution Act, VSBG).",
      },
    ],
  },
  de: {
    title: "Impressum",
    description: "Impressum von SkinVault mit Angaben zum Betreiber, Kontaktdaten, Haftungshinweisen und Nennung der Datenquellen.",
    blocks: [
      { kind: "paragraph", text: "Zuletzt aktualisiert: 16. Juli 2025" },
      {
        kind: "paragraph",
        text: "Dieses Impressum enthält die Pflichtangaben nach **§ 5 Digitale-Dienste-Gesetz (DDG)** und **§ 18 Medienstaatsvertrag (MStV)** für die Website und Web-App SkinVault.",
      },
      { kind: "heading", text: "Betreiber" },
      {
        kind: "paragraph",
        text: "**SkinVault**, Musterstraße 12, 10115 Berlin, Deutschland",
      },
      {
        kind: "paragraph",
        text: "SkinVault ist ein Web-Begleiter für Waffen-Skins aus Counter-Strike 2 und wird von Deutschland aus betrieben.",
      },
      { kind: "heading", text: "Kontakt" },
      {
        kind: "list",
        items: [
          "**E-Mail:** contact@skinvault.example",
          "**Post:** SkinVault, Musterstraße 12, 10115 Berlin, Deutschland",
          "**Kontaktseite:** Antwortzeiten, Geschäftszeiten und Hinweise zu Ihrer Anfrage finden Sie auf unserer Kontaktseite.",
        ],
      },
      { kind: "heading", text: "Verantwortlich für den Inhalt" },
      {
        kind: "paragraph",
        text: "Verantwortlich für den redaktionellen Inhalt dieser Website nach **§ 18 Abs. 2 MStV**: der Betreiber von SkinVault, Musterstraße 12, 10115 Berlin, Deutschland.",
      },
      { kind: "rule" },
      { kind: "heading", text: "Haftung für Inhalte" },
      {
        kind: "paragraph",
        text: "Als Diensteanbieter sind wir für eigene Inhalte auf diesen Seiten nach den allgemeinen Gesetzen verantwortlich (§ 7 Abs. 1 DDG). Nach §§ 8 bis 10 DDG sind wir jedoch nicht verpflichtet, übermittelte oder gespeicherte fremde Informationen zu überwachen oder nach Umständen zu forschen, die auf eine rechtswidrige Tätigkeit hinweisen.",
      },
      {
        kind: "paragraph",
        text: "Verpflichtungen zur Entfernung oder Sperrung der Nutzung von Informationen nach den allgemeinen Gesetzen bleiben hiervon unberührt. Eine diesbezügliche Haftung ist jedoch erst ab dem Zeitpunkt der Kenntnis einer konkreten Rechtsverletzung möglich. Sobald uns eine solche Rechtsverletzung bekannt wird, entfernen wir die betreffenden Inhalte umgehend.",
      },
      {
        kind: "paragraph",
        text: "Wir erstellen die Inhalte von SkinVault mit großer Sorgfalt, können für ihre Richtigkeit, Vollständigkeit und Aktualität jedoch keine Gewähr übernehmen. Das gilt insbesondere für **Preise und Marktwerte**: Sie sind Schätzungen auf Grundlage von Daten Dritter und können erheblich von den tatsächlichen Marktpreisen abweichen.",
      },
      { kind: "heading", text: "Haftung für Links" },
      {
        kind: "paragraph",
        text: "Unser Angebot enthält Links zu externen Websites Dritter, etwa zu Marktplätzen oder zum Steam-Shop. Auf deren Inhalte haben wir keinen Einfluss und können daher auch keine Haftung dafür übernehmen. Für die Inhalte der verlinkten Seiten ist stets der jeweilige Anbieter oder Betreiber verantwortlich.",
      },
      {
        kind: "paragraph",
        text: "Die verlinkten Seiten wurden zum Zeitpunkt der Verlinkung auf mögliche Rechtsverstöße überprüft; rechtswidrige Inhalte waren zu diesem Zeitpunkt nicht erkennbar. Eine permanente inhaltliche Kontrolle der verlinkten Seiten ist ohne konkrete Anhaltspunkte für eine Rechtsverletzung jedoch nicht zumutbar. Wenn uns Rechtsverletzungen bekannt werden, entfernen wir die betreffenden Links umgehend.",
      },
      { kind: "heading", text: "Urheberrecht" },
      {
        kind: "paragraph",
        text: "Die vom Betreiber erstellten Texte, Gestaltungen und Programmteile von SkinVault unterliegen dem deutschen Urheberrecht. Vervielfältigung, Bearbeitung, Verbreitung und jede Art der Verwertung außerhalb der Grenzen des Urheberrechts bedürfen der schriftlichen Zustimmung des Betreibers. Soweit Inhalte auf dieser Seite nicht vom Betreiber erstellt wurden, werden die Urheberrechte Dritter beachtet und entsprechende Inhalte als solche gekennzeichnet.",
      },
      {
        kind: "paragraph",
        text: "Namen, Abbildungen und sonstige Bestandteile von Gegenständen aus Counter-Strike 2 sind Eigentum der Valve Corporation und werden auf SkinVault ausschließlich zu Informationszwecken dargestellt.",
      },
      { kind: "heading", text: "Datenquellen" },
      {
        kind: "paragraph",
        text: "SkinVault führt Daten aus mehreren Quellen zusammen. Wir bedanken uns bei folgenden Anbietern:",
      },
      {
        kind: "list",
        items: [
          "**Skinport** - Marktpreise für Skins, aufgeschlüsselt nach Abnutzungsgrad",
          "**Steam** - Shop- und Marktinformationen der Spieleplattform von Valve",
          "**cs2-lib von Ian Lucas** - offene Skin-Daten wie Item-Definitionen, Lackierungen, Sticker und zugehörige Metadaten",
        ],
      },
      {
        kind: "paragraph",
        text: "Alle Daten werden ohne Gewähr bereitgestellt. Die Nennung dieser Quellen bedeutet nicht, dass deren Betreiber SkinVault unterstützen oder für die Darstellung der Daten auf unserer Seite verantwortlich sind.",
      },
      { kind: "rule" },
      { kind: "heading", text: "Keine Verbindung zu Valve" },
      {
        kind: "paragraph",
        text: "**SkinVault ist ein unabhängiges Projekt und steht in keiner Verbindung zu Valve Corporation oder Steam. Es wird von diesen weder unterstützt noch gesponsert oder genehmigt.**",
      },
      {
        kind: "paragraph",
        text: "Counter-Strike, Counter-Strike 2, CS2, Steam und das Steam-Logo sind Marken und/oder eingetragene Marken der Valve Corporation in den USA und/oder anderen Ländern. Alle übrigen genannten Marken sind Eigentum ihrer jeweiligen Inhaber.",
      },
      { kind: "heading", text: "Verbraucherstreitbeilegung" },
      {
        kind: "paragraph",
        text: "Wir sind weder bereit noch verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen (§ 36 Verbraucherstreitbeilegungsgesetz, VSBG).",
      },
    ],
  },
};
