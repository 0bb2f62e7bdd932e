import type { LegalPage } from "./types";

export const contact: LegalPage = {
  en: {
    title: "Contact",
    description: "How to reach the SkinVault team by e-mail or post, our response times and business hours, and what to include in your message.",
    blocks: [
      { kind: "paragraph", text: "Last updated: July 16, 2025" },
      {
        kind: "paragraph",
        text: "Have a question, found a bug or want to share an idea? We are happy to hear from you. This page explains how to reach us and which information helps us answer your request quickly.",
      },
      { kind: "heading", text: "How to reach us" },
      {
        kind: "list",
        items: ["**E-mail:** contact@skinvault.example", "**Post:** SkinVault, Musterstraße 12, 10115 Berlin, Germany"],
      },
      {
        kind: "paragraph",
        text: "E-mail is the fastest way to reach us. **We respond to e-mails within 48 hours.** Letters take longer because of postal delivery times.",
      },
      { kind: "heading", text: "Business hours" },
      {
        kind: "list",
        items: [
          "**Monday to Friday:** 9:00-17:00 (Berlin time, CET/CEST)",
          "**Saturday and Sunday:** limited support - we prioritise urgent matters such as problems accessing your account",
        ],
      },
      {
        kind: "paragraph",
        text: "Messages that reach us outside business hours are queued and answered in the order they were received.",
      },
      { kind: "rule" },
      { kind: "heading", text: "Technical inquiries" },
      {
        kind: "paragraph",
        text: "Something is not working as expected - a page does not load, a price looks wrong or a loadout cannot be saved? To help us find the cause quickly, please include:",
      },
      {
        kind: "list",
        items: [
          "what happened and what you expected to happen,",
          "the steps that lead to the problem, so we can reproduce it,",
          "the page or link concerned and, if relevant, the skin or feature,",
          "your browser and its version, your operating system and your device,",
          "a screenshot or the exact wording of any error message,",
          "roughly when the problem occurred.",
        ],
      },
      { kind: "heading", text: "Account inquiries" },
      {
        kind: "paragraph",
        text: "For questions about registration, logging in, confirmation e-mails or resetting your password, please:",
      },
      {
        kind: "list",
        items: [
          "write from the **e-mail address linked to your account**, so that we can identify it,",
          "describe the problem as precisely as possible (if a confirmation or password e-mail has not arrived, please check your spam folder first),",
          "if your account has been suspended, mention the date of our notification e-mail,",
          "**never send us your password** - we will never ask you for it.",
        ],
      },
      {
        kind: "paragraph",
        text: "You can delete your account yourself at any time from your profile; you do not need to contact us for this.",
      },
      { kind: "heading", text: "Privacy inquiries" },
      {
        kind: "paragraph",
        text: "For requests concerning your personal data - for example information, correction, deletion or objection - please include:",
      },
      {
        kind: "list",
        items: [
          "the **e-mail address linked to your account** (ideally, write from that address so that we can verify your identity),",
          "which right you would like to exercise,",
          "for information requests, whether you would like a copy of your data in a machine-readable format,",
          "for questions about cookies or consent, which cookies or settings your request concerns.",
        ],
      },
      {
        kind: "paragraph",
        text: "We answer privacy requests without undue delay and within one month at the latest. Further information is available in our privacy policy.",
      },
      { kind: "heading", text: "Feedback and suggestions" },
      {
        kind: "paragraph",
        text: "Ideas for new features, suggestions for the design or praise and criticism? We read every message. The following helps us:",
      },
      {
        kind: "list",
        items: [
          "what you would like to see or change,",
          "why it would help you - a short description of your use case is often more useful than a finished solution,",
          "examples, sketches or screenshots, if you have them,",
          "for missing or incorrect skin data, the name of the skin and the wear level concerned.",
        ],
      },
      { kind: "rule" },
      { kind: "heading", text: "What we cannot help with" },
      {
        kind: "paragraph",
        text: "**This contact covers SkinVault only.** SkinVault is an independent service and is not affiliated with Valve Corporation or Steam. We therefore cannot help with questions about the game **Counter-Strike 2** itself or its store platform **Steam**, for example:",
      },
      {
        kind: "list",
        items: [
          "problems in the game, matchmaking, bans or VAC,",
          "your Steam account, logging in to Steam or Steam Guard,",
          "purchases, refunds, trade holds or transactions on the Steam Community Market,",
          "items missing from your inventory.",
        ],
      },
      {
        kind: "paragraph",
        text: "For these matters, please contact **Valve / Steam Support** directly at help.steampowered.com. For problems with purchases on third-party marketplaces such as Skinport, please contact the support team of the marketplace concerned.",
      },
      { kind: "heading", text: "Your data when you contact us" },
      {
        kind: "paragraph",
        text: "When you contact us, we use your e-mail address and the content of your message only to handle your request. We delete the correspondence once it is no longer needed. Details can be found in our privacy policy.",
      },
    ],
  },
  de: {
    title: "Kontakt",
    description: "So erreichen Sie das SkinVault-Team per E-Mail oder Post, unsere Antwort- und Geschäftszeiten und was in Ihre Nachricht gehört.",
    blocks: [
      { kind: "paragraph", text: "Zuletzt aktualisiert: 16. Juli 2025" },
      {
        kind: "paragraph",
        text: "Sie haben eine Frage, einen Fehler gefunden oder eine Idee? Wir freuen uns über Ihre Nachricht. Auf dieser Seite erfahren Sie, wie Sie uns erreichen und welche Angaben uns helfen, Ihr Anliegen schnell zu bearbeiten.",
      },
      { kind: "heading", text: "So erreichen Sie uns" },
      {
        kind: "list",
        items: ["**E-Mail:** contact@skinvault.example", "**Post:** SkinVault, Musterstraße 12, 10115 Berlin, Deutschland"],
      },
      {
        kind: "paragraph",
        text: "Per E-Mail erreichen Sie uns am schnellsten. **Wir beantworten E-Mails innerhalb von 48 Stunden.** Briefe benötigen wegen der Postlaufzeiten länger.",
      },
      { kind: "heading", text: "Geschäftszeiten" },
      {
        kind: "list",
        items: [
          "**Montag bis Freitag:** 9:00-17:00 Uhr (Berliner Zeit, MEZ/MESZ)",
          "**Samstag und Sonntag:** eingeschränkter Support - dringende Anliegen wie Probleme beim Zugriff auf Ihr Konto haben Vorrang",
        ],
      },
      {
        kind: "paragraph",
        text: "Nachrichten, die uns außerhalb der Geschäftszeiten erreichen, bearbeiten wir in der Reihenfolge ihres Eingangs.",
      },
      { kind: "rule" },
      { kind: "heading", text: "Technische Anfragen" },
      {
        kind: "paragraph",
        text: "Etwas funktioniert nicht wie erwartet - eine Seite lädt nicht, ein Preis wirkt falsch oder ein Loadout lässt sich nicht speichern? Damit wir die Ursache schnell finden, geben Sie bitte Folgendes an:",
      },
      {
        kind: "list",
        items: [
          "was passiert ist und was Sie stattdessen erwartet hätten,",
          "die Schritte, die zu dem Problem führen, damit wir es nachvollziehen können,",
          "die betroffene Seite bzw. den Link und gegebenenfalls den Skin oder die Funktion,",
          "Ihren Browser samt Version, Ihr Betriebssystem und Ihr Gerät,",
          "einen Screenshot oder den genauen Wortlaut einer Fehlermeldung,",
          "ungefähr, wann das Problem aufgetreten ist.",
        ],
      },
      { kind: "heading", text: "Anfragen zu Ihrem Konto" },
      {
        kind: "paragraph",
        text: "Bei Fragen zur Registrierung, Anmeldung, zu Bestätigungs-E-Mails oder zum Zurücksetzen Ihres Passworts bitten wir Sie:",
      },
      {
        kind: "list",
        items: [
          "von der **mit Ihrem Konto verknüpften E-Mail-Adresse** zu schreiben, damit wir Ihr Konto zuordnen können,",
          "das Problem möglichst genau zu beschreiben (ist eine Bestätigungs- oder Passwort-E-Mail nicht angekommen, sehen Sie bitte zuerst in Ihrem Spam-Ordner nach),",
          "bei einer Sperrung Ihres Kontos das Datum unserer Benachrichtigung anzugeben,",
          "uns **niemals Ihr Passwort zu schicken** - wir werden Sie nie danach fragen.",
        ],
      },
      {
        kind: "paragraph",
        text: "Ihr Konto können Sie jederzeit selbst in Ihrem Profil löschen; dafür müssen Sie uns nicht kontaktieren.",
      },
      { kind: "heading", text: "Anfragen zum Datenschutz" },
      {
        kind: "paragraph",
        text: "Bei Anliegen zu Ihren personenbezogenen Daten - etwa Auskunft, Berichtigung, Löschung oder Widerspruch - geben Sie bitte an:",
      },
      {
        kind: "list",
        items: [
          "die **mit Ihrem Konto verknüpfte E-Mail-Adresse** (am besten schreiben Sie uns von dieser Adresse, damit wir Ihre Identität prüfen können),",
          "welches Recht Sie geltend machen möchten,",
          "bei Auskunftsersuchen, ob Sie eine Kopie Ihrer Daten in einem maschinenlesbaren Format wünschen,",
          "bei Fragen zu Cookies oder Einwilligungen, um welche Cookies oder Einstellungen es geht.",
        ],
      },
      {
        kind: "paragraph",
        text: "Datenschutzanfragen beantworten wir unverzüglich, spätestens innerhalb eines Monats. Weitere Informationen finden Sie in unserer Datenschutzerklärung.",
      },
      { kind: "heading", text: "Feedback und Vorschläge" },
      {
        kind: "paragraph",
        text: "Ideen für neue Funktionen, Vorschläge zur Gestaltung, Lob oder Kritik? Wir lesen jede Nachricht. Hilfreich sind für uns:",
      },
      {
        kind: "list",
        items: [
          "was Sie sich wünschen oder was Sie ändern würden,",
          "warum es Ihnen helfen würde - eine kurze Beschreibung Ihres Anwendungsfalls ist oft nützlicher als eine fertige Lösung,",
          "Beispiele, Skizzen oder Screenshots, falls vorhanden,",
          "bei fehlenden oder fehlerhaften Skin-Daten den Namen des Skins und den betroffenen Abnutzungsgrad.",
        ],
      },
      { kind: "rule" },
      { kind: "heading", text: "Wobei wir nicht helfen können" },
      {
        kind: "paragraph",
        text: "**Dieser Kontakt gilt ausschließlich für SkinVault.** SkinVault ist ein unabhängiger Dienst und steht in keiner Verbindung zu Valve Corporation oder Steam. Bei Fragen zum Spiel **Counter-Strike 2** selbst oder zu seiner Vertriebsplattform **Steam** können wir Ihnen daher nicht weiterhelfen, zum Beispiel bei:",
      },
      {
        kind: "list",
        items: [
          "Problemen im Spiel, beim Matchmaking, mit Sperren oder VAC,",
          "Ihrem Steam-Konto, der Anmeldung bei Steam oder Steam Guard,",
          "Käufen, Rückerstattungen, Handelssperren oder Transaktionen auf dem Steam-Community-Markt,",
          "fehlenden Items in Ihrem Inventar.",
        ],
      },
      {
        kind: "paragraph",
        text: "Wenden Sie sich in diesen Fällen bitte direkt an den **Support von Valve bzw. Steam** unter help.steampowered.com. Bei Problemen mit Käufen auf Marktplätzen von Drittanbietern wie Skinport wenden Sie sich bitte an den Support des jeweiligen Marktplatzes.",
      },
      { kind: "heading", text: "Ihre Daten bei einer Kontaktaufnahme" },
      {
        kind: "paragraph",
        text: "Wenn Sie uns kontaktieren, verwenden wir Ihre E-Mail-Adresse und den Inhalt Ihrer Nachricht ausschließlich zur Bearbeitung Ihres Anliegens. Sobald die Korrespondenz nicht mehr benötigt wird, löschen wir sie. Einzelheiten finden Sie in unserer Datenschutzerklärung.",
      },
    ],
  },
};
