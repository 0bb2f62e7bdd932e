import type { LegalPage } from "./types";

export const cookieSettings: LegalPage = {
  en: {
    title: "Cookie Settings",
    description: "Which cookies SkinVault uses, why and on which legal basis, and how you can manage or delete them in your browser.",
    blocks: [
      { kind: "paragraph", text: "Last updated: July 16, 2025" },
      {
        kind: "paragraph",
        text: "This page explains which cookies SkinVault uses, what they are for, on which legal basis we use them and how you can control them.",
      },
      { kind: "heading", text: "What are cookies?" },
      {
        kind: "paragraph",
        text: "Cookies are small text files that your browser stores on your device when you visit a website. They allow the website to recognise your device or remember settings, for example that you are logged in. Similar technologies, such as storage in your browser's local storage, are treated in the same way as cookies on this page.",
      },
      { kind: "heading", text: "Session cookies and persistent cookies" },
      {
        kind: "list",
        items: [
          "**Session cookies** exist only while your browser is open and are deleted automatically when you close it. Your cookie preferences, for example, are kept in a session cookie.",
          "**Persistent cookies** remain on your device until their expiry date or until you delete them. Our login cookie, for example, is a persistent cookie that expires after 7 days.",
        ],
      },
      { kind: "rule" },
      { kind: "heading", text: "Essential cookies" },
      {
        kind: "paragraph",
        text: "Essential cookies are **strictly necessary** for SkinVault to work. They cannot be switched off in our settings; without them you could not log in or use core features. We use them for:",
      },
      {
        kind: "list",
        items: [
          "**Login session** - an HttpOnly cookie that keeps you securely logged in. It cannot be read by scripts in the browser and expires after **7 days** or when you log out.",
          "**Language** - remembers whether you use SkinVault in English or German.",
          "**Theme** - remembers your display preferences.",
          "**Secure transmission** - security-related cookies that ensure data are only sent over encrypted connections and protect forms against misuse such as cross-site request forgery.",
          "**Cookie preferences** - a session cookie that stores your consent decision for the rest of your browser session, so that we do not ask you again on every page. When JavaScript is enabled, your decision is also kept in your browser's local storage (cookies-accepted, cookies-enabled).",
          "**Trade-up contract** - the trade_up cookie remembers the contract you build with 'Add to trade-up', so the skins you added are still there when you open the trade-up calculator. It holds only the skins, floats and counts you chose and expires after **30 days**.",
        ],
      },
      { kind: "heading", text: "Optional cookies (only with your consent)" },
      {
        kind: "list",
        items: [
          "**user_session** - contains your user ID and is stored for **7 days**. It is only set if you consent and is used for convenience features that recognise your account across visits.",
          "**Analytics cookies** - help us understand how SkinVault is used, for example which pages are visited and which features are popular, so that we can improve the service. They are stored for **up to 2 years**.",
        ],
      },
      {
        kind: "paragraph",
        text: "If you do not consent, these cookies are not set. You can still use all features of SkinVault.",
      },
      { kind: "heading", text: "Legal basis" },
      {
        kind: "list",
        items: [
          "**Essential cookies:** storing and reading them on your device does not require consent because they are strictly necessary to provide the service you have expressly requested (**Section 25(2) No. 2 TDDDG**, formerly TTDSG). The related processing of personal data is based on our legitimate interest in a secure and functional service (**Art. 6(1)(f) GDPR**) and, for the login session, on the performance of our contract with you (Art. 6(1)(b) GDPR).",
          "**Analytics and other optional cookies:** your consent (**Art. 6(1)(a) GDPR** in conjunction with Section 25(1) TDDDG).",
        ],
      },
      {
        kind: "paragraph",
        text: "You can **withdraw your consent at any time** with effect for the future by changing your cookie preferences or deleting the cookies in your browser. Withdrawal does not affect the lawfulness of processing carried out before it.",
      },
      { kind: "heading", text: "Third-party cookies" },
      {
        kind: "list",
        items: [
          "**Cloudflare** (Cloudflare, Inc., USA) - our authentication and data-storage backend, which runs the application and stores its data. Cloudflare may set strictly necessary security cookies, for example to detect bots and defend against attacks; these count as essential cookies. Cloudflare is certified under the EU-U.S. Data Privacy Framework.",
          "**Analytics provider** - sets analytics cookies only after you have given your consent. It processes pseudonymised usage data exclusively on our behalf and under a data processing agreement (Art. 28 GDPR).",
        ],
      },
      { kind: "heading", text: "Managing cookies in your browser" },
      {
        kind: "paragraph",
        text: "In addition to your consent settings, you can view, block or delete cookies directly in your browser. Please note that if you block essential cookies, you will no longer be able to log in.",
      },
      {
        kind: "list",
        items: [
          "**Google Chrome:** Settings > Privacy and security > Third-party cookies to block cookies; Settings > Privacy and security > Delete browsing data to delete them.",
          "**Mozilla Firefox:** Settings > Privacy & Security > Cookies and Site Data > Manage Data to delete individual cookies, or Clear Data to delete all of them.",
          "**Apple Safari:** on a Mac, Safari > Settings > Privacy > Manage Website Data; on iPhone and iPad, Settings > Safari (under Apps on newer versions) > Advanced > Website Data.",
          "**Microsoft Edge:** Settings > Cookies and site permissions > Manage and delete cookies and site data.",
        ],
      },
      {
        kind: "paragraph",
        text: "The exact menu names may differ depending on your browser version. Your browser's help pages contain up-to-date instructions.",
      },
      { kind: "rule" },
      { kind: "heading", text: "Your rights" },
      {
        kind: "list",
        items: [
          "**Information** - you can ask us which cookies we use and which data we process through them.",
          "**Objection** - you can object to the use of optional cookies or withdraw your consent at any time.",
          "**Deletion** - you can delete cookies in your browser at any time and ask us to delete data collected through cookies.",
        ],
      },
      {
        kind: "paragraph",
        text: "Just send an e-mail to contact@skinvault.example. You can find all of your data protection rights, including the right to lodge a complaint with a supervisory authority, in our privacy policy.",
      },
      { kind: "heading", text: "Changes to this cookie policy" },
      {
        kind: "paragraph",
        text: "We may update this cookie policy when we introduce new cookies or the legal requirements change. We will notify you of changes - registered users by e-mail and all visitors through a notice on the website. **Changes take effect 30 days after notification.** If a change requires new consent, we will ask you for it before setting any new optional cookies.",
      },
    ],
  },
  de: {
    title: "Cookie-Einstellungen",
    description:
      "Welche Cookies SkinVault verwendet, wozu und auf welcher Rechtsgrundlage, und wie Sie Cookies in Ihrem Browser verwalten oder löschen können.",
    blocks: [
      { kind: "paragraph", text: "Zuletzt aktualisiert: 16. Juli 2025" },
      {
        kind: "paragraph",
        text: "Auf dieser Seite erfahren Sie, welche Cookies SkinVault verwendet, wozu sie dienen, auf welcher Rechtsgrundlage wir sie einsetzen und wie Sie sie steuern können.",
      },
      { kind: "heading", text: "Was sind Cookies?" },
      {
        kind: "paragraph",
        text: "Cookies sind kleine Textdateien, die Ihr Browser beim Besuch einer Website auf Ihrem Gerät speichert. Mit ihrer Hilfe kann die Website Ihr Gerät wiedererkennen oder Einstellungen speichern, etwa dass Sie angemeldet sind. Vergleichbare Technologien wie der lokale Speicher Ihres Browsers (Local Storage) behandeln wir auf dieser Seite genauso wie Cookies.",
      },
      { kind: "heading", text: "Sitzungs-Cookies und dauerhafte Cookies" },
      {
        kind: "list",
        items: [
          "**Sitzungs-Cookies** bestehen nur, solange Ihr Browser geöffnet ist, und werden beim Schließen automatisch gelöscht. Ihre Cookie-Einstellungen werden zum Beispiel in einem Sitzungs-Cookie gespeichert.",
          "**Dauerhafte (persistente) Cookies** bleiben bis zu ihrem Ablaufdatum oder bis zu ihrer Löschung auf Ihrem Gerät. Unser Anmelde-Cookie ist zum Beispiel ein dauerhaftes Cookie, das nach 7 Tagen abläuft.",
        ],
      },
      { kind: "rule" },
      { kind: "heading", text: "Essenzielle Cookies" },
      {
        kind: "paragraph",
        text: "Essenzielle Cookies sind für den Betrieb von SkinVault **unbedingt erforderlich**. Sie lassen sich in unseren Einstellungen nicht deaktivieren; ohne sie könnten Sie sich nicht anmelden und zentrale Funktionen nicht nutzen. Wir verwenden sie für:",
      },
      {
        kind: "list",
        items: [
          "**Anmeldesitzung** - ein HttpOnly-Cookie, das Sie sicher angemeldet hält. Es kann nicht von Skripten im Browser ausgelesen werden und läuft nach **7 Tagen** oder bei der Abmeldung ab.",
          "**Sprache** - speichert, ob Sie SkinVault auf Deutsch oder Englisch nutzen.",
          "**Design** - speichert Ihre Anzeigeeinstellungen.",
          "**Sichere Übertragung** - sicherheitsbezogene Cookies, die dafür sorgen, dass Daten nur über verschlüsselte Verbindungen übertragen werden, und Formulare vor Missbrauch wie Cross-Site-Request-Forgery schützen.",
          "**Cookie-Einstellungen** - ein Sitzungs-Cookie, das Ihre Einwilligungsentscheidung für die restliche Browsersitzung speichert, damit wir Sie nicht auf jeder Seite erneut fragen. Ist JavaScript aktiviert, wird Ihre Entscheidung zusätzlich im lokalen Speicher Ihres Browsers abgelegt (cookies-accepted, cookies-enabled).",
          "**Trade-up-Vertrag** - das Cookie trade_up merkt sich den Vertrag, den Sie mit 'Add to trade-up' zusammenstellen, damit die hinzugefügten Skins noch da sind, wenn Sie den Trade-up-Rechner öffnen. Es enthält nur die von Ihnen gewählten Skins, Floats und Anzahlen und läuft nach **30 Tagen** ab.",
        ],
      },
      { kind: "heading", text: "Optionale Cookies (nur mit Ihrer Einwilligung)" },
      {
        kind: "list",
        items: [
          "**user_session** - enthält Ihre Nutzer-ID und wird **7 Tage** gespeichert. Es wird nur mit Ihrer Einwilligung gesetzt und dient Komfortfunktionen, die Ihr Konto über mehrere Besuche hinweg wiedererkennen.",
          "**Analyse-Cookies** - helfen uns zu verstehen, wie SkinVault genutzt wird, etwa welche Seiten aufgerufen werden und welche Funktionen beliebt sind, damit wir den Dienst verbessern können. Sie werden **bis zu 2 Jahre** gespeichert.",
        ],
      },
      {
        kind: "paragraph",
        text: "Ohne Ihre Einwilligung werden diese Cookies nicht gesetzt. Sie können SkinVault trotzdem in vollem Umfang nutzen.",
      },
      { kind: "heading", text: "Rechtsgrundlage" },
      {
        kind: "list",
        items: [
          "**Essenzielle Cookies:** Für ihr Speichern und Auslesen auf Ihrem Gerät ist keine Einwilligung erforderlich, da sie unbedingt erforderlich sind, um den von Ihnen ausdrücklich gewünschten Dienst bereitzustellen (**§ 25 Abs. 2 Nr. 2 TDDDG**, früher TTDSG). Die damit verbundene Verarbeitung personenbezogener Daten beruht auf unserem berechtigten Interesse an einem sicheren und funktionsfähigen Dienst (**Art. 6 Abs. 1 lit. f DSGVO**) und bei der Anmeldesitzung auf der Erfüllung unseres Vertrags mit Ihnen (Art. 6 Abs. 1 lit. b DSGVO).",
          "**Analyse- und sonstige optionale Cookies:** Ihre Einwilligung (**Art. 6 Abs. 1 lit. a DSGVO** in Verbindung mit § 25 Abs. 1 TDDDG).",
        ],
      },
      {
        kind: "paragraph",
        text: "Sie können Ihre **Einwilligung jederzeit** mit Wirkung für die Zukunft **widerrufen**, indem Sie Ihre Cookie-Einstellungen ändern oder die Cookies in Ihrem Browser löschen. Die Rechtmäßigkeit der bis zum Widerruf erfolgten Verarbeitung bleibt davon unberührt.",
      },
      { kind: "heading", text: "Cookies von Drittanbietern" },
      {
        kind: "list",
        items: [
          "**Cloudflare** (Cloudflare, Inc., USA) - unser Backend für Authentifizierung und Datenspeicherung, das die Anwendung betreibt und ihre Daten speichert. Cloudflare kann unbedingt erforderliche Sicherheits-Cookies setzen, etwa um Bots zu erkennen und Angriffe abzuwehren; diese zählen zu den essenziellen Cookies. Cloudflare ist unter dem EU-U.S. Data Privacy Framework zertifiziert.",
          "**Analyseanbieter** - setzt Analyse-Cookies erst, nachdem Sie eingewilligt haben. Er verarbeitet pseudonymisierte Nutzungsdaten ausschließlich in unserem Auftrag und auf Grundlage eines Auftragsverarbeitungsvertrags (Art. 28 DSGVO).",
        ],
      },
      { kind: "heading", text: "Cookies im Browser verwalten" },
      {
        kind: "paragraph",
        text: "Zusätzlich zu Ihren Einwilligungseinstellungen können Sie Cookies direkt in Ihrem Browser ansehen, blockieren oder löschen. Bitte beachten Sie: Wenn Sie essenzielle Cookies blockieren, können Sie sich nicht mehr anmelden.",
      },
      {
        kind: "list",
        items: [
          "**Google Chrome:** Einstellungen > Datenschutz und Sicherheit > Drittanbieter-Cookies, um Cookies zu blockieren; Einstellungen > Datenschutz und Sicherheit > Browserdaten löschen, um sie zu entfernen.",
          "**Mozilla Firefox:** Einstellungen > Datenschutz & Sicherheit > Cookies und Website-Daten > Daten verwalten, um einzelne Cookies zu löschen, oder Daten entfernen, um alle zu löschen.",
          "**Apple Safari:** auf dem Mac Safari > Einstellungen > Datenschutz > Websitedaten verwalten; auf iPhone und iPad Einstellungen > Safari (bei neueren Versionen unter Apps) > Erweitert > Websitedaten.",
          "**Microsoft Edge:** Einstellungen > Cookies und Websiteberechtigungen > Cookies und Websitedaten verwalten und löschen.",
        ],
      },
      {
        kind: "paragraph",
        text: "Die genauen Menübezeichnungen können je nach Browserversion abweichen. Aktuelle Anleitungen finden Sie auf den Hilfeseiten Ihres Browsers.",
      },
      { kind: "rule" },
      { kind: "heading", text: "Ihre Rechte" },
      {
        kind: "list",
        items: [
          "**Auskunft** - Sie können von uns erfahren, welche Cookies wir verwenden und welche Daten wir damit verarbeiten.",
          "**Widerspruch** - Sie können der Verwendung optionaler Cookies jederzeit widersprechen bzw. Ihre Einwilligung widerrufen.",
          "**Löschung** - Sie können Cookies jederzeit in Ihrem Browser löschen und von uns die Löschung der über Cookies erhobenen Daten verlangen.",
        ],
      },
      {
        kind: "paragraph",
        text: "Schreiben Sie uns dazu einfach eine E-Mail an contact@skinvault.example. Alle Ihre Datenschutzrechte, einschließlich des Rechts auf Beschwerde bei einer Aufsichtsbehörde, finden Sie in unserer Datenschutzerklärung.",
      },
      { kind: "heading", text: "Änderungen dieser Cookie-Richtlinie" },
      {
        kind: "paragraph",
        text: "Wir können diese Cookie-Richtlinie anpassen, wenn wir neue Cookies einführen oder sich die rechtlichen Anforderungen ändern. Über Änderungen informieren wir Sie - registrierte Nutzerinnen und Nutzer per E-Mail, alle Besucherinnen und Besucher über einen Hinweis auf der Website. **Änderungen treten 30 Tage nach der Benachrichtigung in Kraft.** Erfordert eine Änderung eine neue Einwilligung, holen wir diese ein, bevor wir neue optionale Cookies setzen.",
      },
    ],
  },
};
