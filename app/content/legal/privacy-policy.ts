import type { LegalPage } from "./types";

export const privacyPolicy: LegalPage = {
  en: {
    title: "Privacy Policy",
    description: "How SkinVault processes your personal data, on which legal bases, how long it is kept and which rights you have under the GDPR.",
    blocks: [
      { kind: "paragraph", text: "Last updated: July 16, 2025" },
      {
        kind: "paragraph",
        text: "This privacy policy explains which personal data SkinVault processes when you use our website and web application, for what purposes and on which legal bases, how long we keep it and which rights you have. We process personal data in accordance with the **General Data Protection Regulation (GDPR)** and the applicable German data protection laws.",
      },
      { kind: "heading", text: "1. Controller" },
      {
        kind: "paragraph",
        text: "The controller within the meaning of Art. 4(7) GDPR is **SkinVault**, Musterstraße 12, 10115 Berlin, Germany, e-mail: contact@skinvault.example.",
      },
      {
        kind: "paragraph",
        text: "If you have any questions about data protection or about this privacy policy, you can contact us at any time using these details.",
      },
      { kind: "heading", text: "2. Data we store" },
      {
        kind: "paragraph",
        text: "When you create and use an account, we store the following data:",
      },
      {
        kind: "list",
        items: [
          "**E-mail address** - to identify your account, to log you in and to send you account-related e-mails.",
          "**Password hash** - we never store your password in plain text, only a cryptographic hash from which the password cannot be recovered.",
          "**Loadouts** - the loadouts you plan, including the selected skins, wear levels and your budget.",
          "**Favourites** - the skins you have marked as favourites.",
          "**Resell trackers** - the entries you create in the resell tracker, such as items, purchase prices and target prices.",
          "**Two-step sign-in** - if you turn it on: the key your authenticator app shares with us, and your recovery codes as hashes.",
          "**Passkeys** - if you add one: its public key, the name you give it, and when it was added and last used. Its private key stays on your device; we never receive it.",
          "**Technical account data** - for example when your account was created, whether your e-mail address has been confirmed, and your active login sessions.",
        ],
      },
      {
        kind: "paragraph",
        text: "In addition, whenever you access SkinVault, our hosting provider processes technical connection data such as your **IP address**, the date and time of the request, the requested address and your browser's user agent. This is necessary to deliver the website and to protect it against attacks.",
      },
      { kind: "heading", text: "3. Purposes and legal bases" },
      {
        kind: "paragraph",
        text: "We only process your data for specific purposes and only where a legal basis under **Art. 6 GDPR** applies:",
      },
      {
        kind: "list",
        items: [
          "**Providing your account and its features** (login, saving loadouts, favourites and resell trackers): Art. 6(1)(b) GDPR - performance of the contract with you under our terms of service.",
          "**Account-related e-mails** (account confirmation, password reset, notices about your account): Art. 6(1)(b) GDPR.",
          "**Secure and stable operation** (delivering pages, defending against misuse and attacks, troubleshooting): Art. 6(1)(f) GDPR - our legitimate interest in a secure and reliable service.",
          "**Optional cookies and analytics** (the user_session cookie and usage statistics): Art. 6(1)(a) GDPR - your consent, which you can withdraw at any time.",
          "**Compliance with legal obligations** (for example responding to lawful requests from authorities): Art. 6(1)(c) GDPR.",
        ],
      },
      {
        kind: "paragraph",
        text: "Storing information on your device or reading it from there is additionally governed by Section 25 of the German Telecommunications Digital Services Data Protection Act (TDDDG, formerly TTDSG): strictly necessary cookies are based on Section 25(2) TDDDG, all other cookies on your consent under Section 25(1) TDDDG.",
      },
      { kind: "heading", text: "4. E-mails we send" },
      {
        kind: "paragraph",
        text: "We only send you e-mails that are needed for your account:",
      },
      {
        kind: "list",
        items: [
          "**Account confirmation** - after you register, we send you a link to confirm your e-mail address.",
          "**Password reset** - at your request, we send you a link to set a new password. The link is only valid for a limited time.",
          "**Important account notices** - for example announcements of changes to our terms of service or information about a suspension of your account.",
        ],
      },
      {
        kind: "paragraph",
        text: "We do **not** send newsletters or advertising e-mails. To deliver our e-mails, we may use a technical service provider that processes your e-mail address and the content of the message exclusively on our behalf and under a data processing agreement (Art. 28 GDPR).",
      },
      { kind: "heading", text: "5. Hosting and infrastructure" },
      {
        kind: "paragraph",
        text: "SkinVault is hosted by **Cloudflare, Inc.**, 101 Townsend St, San Francisco, CA 94107, USA. We use **Cloudflare Workers** to run the application, the **Cloudflare D1** database to store account data and **Cloudflare R2** for file storage.",
      },
      {
        kind: "paragraph",
        text: "Cloudflare processes data on our behalf under a data processing agreement pursuant to **Art. 28 GDPR**. As data may also be processed in the USA, the transfer is based on the European Commission's adequacy decision for the **EU-U.S. Data Privacy Framework** (Art. 45 GDPR), under which Cloudflare is certified, and additionally on standard contractual clauses (Art. 46(2)(c) GDPR).",
      },
      {
        kind: "paragraph",
        text: "Further information is available in Cloudflare's privacy policy at cloudflare.com/privacypolicy.",
      },
      { kind: "heading", text: "6. Data sources and external links" },
      {
        kind: "paragraph",
        text: "Prices and item data come from **Skinport**, **Steam** and the open skin-data project **cs2-lib by Ian Lucas**. Our servers retrieve this data; we do **not** pass your e-mail address, loadouts, favourites or resell trackers on to these providers.",
      },
      {
        kind: "paragraph",
        text: "Where item images are loaded directly from these providers' content servers, your browser connects to those servers and transmits technical data such as your IP address. If you follow a link to an external website, for example a marketplace or the Steam store, the privacy policy of that provider applies.",
      },
      { kind: "heading", text: "7. Cookies" },
      {
        kind: "paragraph",
        text: "We use **essential cookies** that are necessary to operate SkinVault, in particular an HttpOnly login cookie that keeps you signed in for up to **7 days**, and, for a few minutes while you sign in with a code or a passkey or add a passkey, a signed cookie that holds that step. **Only with your consent** do we also set the optional user_session cookie (contains your user ID, stored for 7 days) and analytics cookies (stored for up to 2 years).",
      },
      {
        kind: "paragraph",
        text: "You can find full details, including how to change your choice and how to delete cookies, on our **Cookie Settings** page.",
      },
      { kind: "rule" },
      { kind: "heading", text: "8. Retention and deletion" },
      {
        kind: "list",
        items: [
          "**Account data** (e-mail address, password hash, loadouts, favourites, resell trackers) are stored for as long as your account exists.",
          "**Confirmation and password reset links** expire after a short time and are then invalidated.",
          "**Login sessions** end after 7 days at the latest, or earlier when you log out.",
          "**Connection data** processed by our hosting provider are only kept as long as necessary for secure operation and are then deleted automatically.",
          "**Optional cookies** are stored for the periods stated above (user_session: 7 days, analytics: up to 2 years) unless you delete them earlier or withdraw your consent.",
        ],
      },
      {
        kind: "paragraph",
        text: "**Deleting your account removes all of your data.** You can delete your account at any time from your profile. Your e-mail address, password hash, loadouts, favourites, resell trackers and the images of your sticker crafts are then erased from our database and our storage. Residual copies remain only in our backups: the database's automatic history for restoring an earlier point in time, and our daily encrypted backups of the database and the uploaded images. We keep both for at most 30 days, so these copies are gone 30 days after the deletion at the latest. Should we ever have to restore a backup, we delete again every account that was deleted after the backup was taken.",
      },
      { kind: "heading", text: "9. Your rights" },
      {
        kind: "paragraph",
        text: "You have the following rights with regard to your personal data:",
      },
      {
        kind: "list",
        items: [
          '**Information** (Art. 15 GDPR) - you can ask us which data we store about you. Signed in, "Download my data" under "Sign-in and security" on your profile gives you all of it at once.',
          "**Correction** (Art. 16 GDPR) - you can have inaccurate or incomplete data corrected.",
          "**Deletion** (Art. 17 GDPR) - you can request that your data be deleted. You can also delete your account yourself at any time from your profile.",
          "**Restriction of processing** (Art. 18 GDPR) - in certain cases you can request that we restrict the processing of your data.",
          '**Data portability** (Art. 20 GDPR) - you can receive the data you provided to us in a structured, commonly used and machine-readable format: "Download my data" is a JSON file, and the resell tracker also exports a CSV file.',
          "**Objection** (Art. 21 GDPR) - you can object at any time, on grounds relating to your particular situation, to processing based on Art. 6(1)(f) GDPR.",
          "**Withdrawal of consent** (Art. 7(3) GDPR) - you can withdraw any consent you have given at any time with effect for the future. Processing carried out before the withdrawal remains lawful.",
          "**Complaint to a supervisory authority** (Art. 77 GDPR) - you can lodge a complaint with a data protection supervisory authority.",
        ],
      },
      {
        kind: "paragraph",
        text: "To exercise your rights, an informal e-mail to contact@skinvault.example is sufficient. Please write from the e-mail address linked to your account so that we can verify your identity. We respond without undue delay and within one month at the latest.",
      },
      {
        kind: "paragraph",
        text: "The supervisory authority responsible for us is the **Berlin Commissioner for Data Protection and Freedom of Information** (Berliner Beauftragte für Datenschutz und Informationsfreiheit). You can also contact the supervisory authority in the EU member state where you live or work.",
      },
      { kind: "heading", text: "10. Obligation to provide data and automated decisions" },
      {
        kind: "paragraph",
        text: "You are not obliged to provide us with personal data. However, an e-mail address and a password are required to create an account; without them we cannot offer the account features. We do not use automated decision-making, including profiling, within the meaning of Art. 22 GDPR.",
      },
      { kind: "heading", text: "11. Security" },
      {
        kind: "list",
        items: [
          "All data are transmitted in encrypted form via **HTTPS (TLS)**.",
          "Passwords are stored exclusively as hashes.",
          "The login cookie is **HttpOnly**, which means it cannot be read by scripts running in the browser.",
          "Access to the database is limited to what is needed to operate the service.",
        ],
      },
      { kind: "rule" },
      { kind: "heading", text: "12. Uploaded images, reports and moderation" },
      {
        kind: "list",
        items: [
          "**Images you upload** (sticker crafts) are stored in our storage at Cloudflare R2. Before storing them we **remove their metadata**, such as EXIF data (which may hold the GPS position and time a photo was taken and the camera model), XMP, IPTC and text comments; the picture is not re-encoded. A craft's images are shown only to you and the moderators until it is published, and are deleted with the craft or your account.",
          "**Moderation**: we keep a log of moderation decisions (which moderator, when, what, the reason and the craft's name), also after the craft is deleted, to account for our decisions (legitimate interest, Art. 6(1)(f) GDPR). We tell you about decisions on your crafts by e-mail.",
          "**Reports**: when you report a craft we store your reason, the time and, if you are signed in, your account, until a moderator has dealt with the report. To limit abuse we count reports per IP address for one hour. The craft's author is not told who reported it.",
        ],
      },
      { kind: "heading", text: "13. Share links" },
      {
        kind: "paragraph",
        text: "A loadout's share link shows the loadout's **title and skins** to anyone who has it, also in link previews of chat apps; its description and budget only if you choose to show them. Revoking or replacing the link, deleting the loadout or deleting your account ends it; copies in caches expire within about a minute.",
      },
      { kind: "heading", text: "14. Changes to this privacy policy" },
      {
        kind: "paragraph",
        text: "We update this privacy policy when our service or the legal requirements change. The current version is always available on this page. We will inform registered users about significant changes by e-mail.",
      },
    ],
  },
  de: {
    title: "Datenschutzerklärung",
    description:
      "Wie SkinVault Ihre personenbezogenen Daten verarbeitet, auf welchen Rechtsgrundlagen, wie lange sie gespeichert werden und welche Rechte Sie nach der DSGVO haben.",
    blocks: [
      { kind: "paragraph", text: "Zuletzt aktualisiert: 16. Juli 2025" },
      {
        kind: "paragraph",
        text: "In dieser Datenschutzerklärung erfahren Sie, welche personenbezogenen Daten SkinVault bei der Nutzung unserer Website und Web-App verarbeitet, zu welchen Zwecken und auf welchen Rechtsgrundlagen, wie lange wir sie speichern und welche Rechte Ihnen zustehen. Wir verarbeiten personenbezogene Daten nach den Vorgaben der **Datenschutz-Grundverordnung (DSGVO)** und der geltenden deutschen Datenschutzgesetze.",
      },
      { kind: "heading", text: "1. Verantwortlicher" },
      {
        kind: "paragraph",
        text: "Verantwortlicher im Sinne von Art. 4 Nr. 7 DSGVO ist **SkinVault**, Musterstraße 12, 10115 Berlin, Deutschland, E-Mail: contact@skinvault.example.",
      },
      {
        kind: "paragraph",
        text: "Bei Fragen zum Datenschutz oder zu dieser Datenschutzerklärung können Sie sich jederzeit über diese Kontaktdaten an uns wenden.",
      },
      { kind: "heading", text: "2. Welche Daten wir speichern" },
      {
        kind: "paragraph",
        text: "Wenn Sie ein Konto anlegen und nutzen, speichern wir folgende Daten:",
      },
      {
        kind: "list",
        items: [
          "**E-Mail-Adresse** - zur Identifizierung Ihres Kontos, für die Anmeldung und für den Versand kontobezogener E-Mails.",
          "**Passwort-Hash** - Ihr Passwort speichern wir niemals im Klartext, sondern nur als kryptografischen Hash, aus dem sich das Passwort nicht zurückgewinnen lässt.",
          "**Loadouts** - die von Ihnen geplanten Loadouts einschließlich der ausgewählten Skins, Abnutzungsgrade und Ihres Budgets.",
          "**Favoriten** - die Skins, die Sie als Favoriten markiert haben.",
          "**Resell-Tracker** - Ihre Einträge im Resell-Tracker, etwa Items, Einkaufspreise und Zielpreise.",
          "**Zwei-Schritt-Anmeldung** - wenn Sie sie einschalten: den Schlüssel, den Ihre Authenticator-App mit uns teilt, und Ihre Wiederherstellungscodes als Hashes.",
          "**Passkeys** - wenn Sie einen hinzufügen: seinen öffentlichen Schlüssel, den Namen, den Sie ihm geben, und wann er hinzugefügt und zuletzt verwendet wurde. Sein privater Schlüssel bleibt auf Ihrem Gerät; wir erhalten ihn nie.",
          "**Technische Kontodaten** - zum Beispiel den Zeitpunkt der Kontoerstellung, ob Ihre E-Mail-Adresse bestätigt ist, sowie Ihre aktiven Anmeldesitzungen.",
        ],
      },
      {
        kind: "paragraph",
        text: "Darüber hinaus verarbeitet unser Hosting-Anbieter bei jedem Aufruf von SkinVault technische Verbindungsdaten wie Ihre **IP-Adresse**, Datum und Uhrzeit der Anfrage, die aufgerufene Adresse und den User-Agent Ihres Browsers. Das ist erforderlich, um die Website auszuliefern und sie vor Angriffen zu schützen.",
      },
      { kind: "heading", text: "3. Zwecke und Rechtsgrundlagen" },
      {
        kind: "paragraph",
        text: "Wir verarbeiten Ihre Daten nur zu festgelegten Zwecken und nur dann, wenn eine Rechtsgrundlage nach **Art. 6 DSGVO** besteht:",
      },
      {
        kind: "list",
        items: [
          "**Bereitstellung Ihres Kontos und seiner Funktionen** (Anmeldung, Speichern von Loadouts, Favoriten und Resell-Trackern): Art. 6 Abs. 1 lit. b DSGVO - Erfüllung des Vertrags mit Ihnen gemäß unseren Nutzungsbedingungen.",
          "**Kontobezogene E-Mails** (Kontobestätigung, Passwort-Zurücksetzung, Hinweise zu Ihrem Konto): Art. 6 Abs. 1 lit. b DSGVO.",
          "**Sicherer und stabiler Betrieb** (Auslieferung der Seiten, Abwehr von Missbrauch und Angriffen, Fehleranalyse): Art. 6 Abs. 1 lit. f DSGVO - unser berechtigtes Interesse an einem sicheren und zuverlässigen Dienst.",
          "**Optionale Cookies und Analyse** (das Cookie user_session und Nutzungsstatistiken): Art. 6 Abs. 1 lit. a DSGVO - Ihre Einwilligung, die Sie jederzeit widerrufen können.",
          "**Erfüllung rechtlicher Pflichten** (zum Beispiel die Beantwortung rechtmäßiger behördlicher Anfragen): Art. 6 Abs. 1 lit. c DSGVO.",
        ],
      },
      {
        kind: "paragraph",
        text: "Für das Speichern von Informationen auf Ihrem Endgerät und das Auslesen dieser Informationen gilt zusätzlich § 25 des Telekommunikation-Digitale-Dienste-Datenschutz-Gesetzes (TDDDG, früher TTDSG): Unbedingt erforderliche Cookies beruhen auf § 25 Abs. 2 TDDDG, alle übrigen Cookies auf Ihrer Einwilligung nach § 25 Abs. 1 TDDDG.",
      },
      { kind: "heading", text: "4. E-Mails, die wir versenden" },
      {
        kind: "paragraph",
        text: "Wir senden Ihnen ausschließlich E-Mails, die für Ihr Konto erforderlich sind:",
      },
      {
        kind: "list",
        items: [
          "**Kontobestätigung** - nach der Registrierung erhalten Sie einen Link, mit dem Sie Ihre E-Mail-Adresse bestätigen.",
          "**Passwort zurücksetzen** - auf Ihre Anforderung senden wir Ihnen einen Link, mit dem Sie ein neues Passwort festlegen können. Der Link ist nur für begrenzte Zeit gültig.",
          "**Wichtige Hinweise zu Ihrem Konto** - etwa die Ankündigung von Änderungen unserer Nutzungsbedingungen oder Informationen über eine Sperrung Ihres Kontos.",
        ],
      },
      {
        kind: "paragraph",
        text: "Newsletter oder Werbe-E-Mails versenden wir **nicht**. Für den Versand unserer E-Mails setzen wir gegebenenfalls einen technischen Dienstleister ein, der Ihre E-Mail-Adresse und den Inhalt der Nachricht ausschließlich in unserem Auftrag und auf Grundlage eines Auftragsverarbeitungsvertrags (Art. 28 DSGVO) verarbeitet.",
      },
      { kind: "heading", text: "5. Hosting und Infrastruktur" },
      {
        kind: "paragraph",
        text: "SkinVault wird bei **Cloudflare, Inc.**, 101 Townsend St, San Francisco, CA 94107, USA, gehostet. Wir nutzen **Cloudflare Workers** für den Betrieb der Anwendung, die Datenbank **Cloudflare D1** für die Speicherung der Kontodaten und **Cloudflare R2** als Dateispeicher.",
      },
      {
        kind: "paragraph",
        text: "Cloudflare verarbeitet die Daten in unserem Auftrag auf Grundlage eines Auftragsverarbeitungsvertrags nach **Art. 28 DSGVO**. Da Daten auch in den USA verarbeitet werden können, stützt sich die Übermittlung auf den Angemessenheitsbeschluss der Europäischen Kommission zum **EU-U.S. Data Privacy Framework** (Art. 45 DSGVO), unter dem Cloudflare zertifiziert ist, sowie ergänzend auf Standardvertragsklauseln (Art. 46 Abs. 2 lit. c DSGVO).",
      },
      {
        kind: "paragraph",
        text: "Weitere Informationen finden Sie in der Datenschutzerklärung von Cloudflare unter cloudflare.com/privacypolicy.",
      },
      { kind: "heading", text: "6. Datenquellen und externe Links" },
      {
        kind: "paragraph",
        text: "Preise und Item-Daten stammen von **Skinport**, **Steam** und dem offenen Skin-Datenprojekt **cs2-lib von Ian Lucas**. Diese Daten werden von unseren Servern abgerufen; Ihre E-Mail-Adresse, Loadouts, Favoriten oder Resell-Tracker geben wir dabei **nicht** an diese Anbieter weiter.",
      },
      {
        kind: "paragraph",
        text: "Soweit Item-Bilder direkt von den Servern dieser Anbieter geladen werden, baut Ihr Browser eine Verbindung zu diesen Servern auf und übermittelt dabei technische Daten wie Ihre IP-Adresse. Wenn Sie einem Link zu einer externen Website folgen, etwa zu einem Marktplatz oder zum Steam-Shop, gilt die Datenschutzerklärung des jeweiligen Anbieters.",
      },
      { kind: "heading", text: "7. Cookies" },
      {
        kind: "paragraph",
        text: "Wir verwenden **essenzielle Cookies**, die für den Betrieb von SkinVault erforderlich sind, insbesondere ein HttpOnly-Anmelde-Cookie, das Sie bis zu **7 Tage** angemeldet hält, sowie für wenige Minuten, während Sie sich mit einem Code oder einem Passkey anmelden oder einen Passkey hinzufügen, ein signiertes Cookie, das diesen Schritt festhält. **Nur mit Ihrer Einwilligung** setzen wir zusätzlich das optionale Cookie user_session (enthält Ihre Nutzer-ID, Speicherdauer 7 Tage) sowie Analyse-Cookies (Speicherdauer bis zu 2 Jahre).",
      },
      {
        kind: "paragraph",
        text: "Alle Einzelheiten, auch dazu, wie Sie Ihre Auswahl ändern und Cookies löschen können, finden Sie auf unserer Seite **Cookie-Einstellungen**.",
      },
      { kind: "rule" },
      { kind: "heading", text: "8. Speicherdauer und Löschung" },
      {
        kind: "list",
        items: [
          "**Kontodaten** (E-Mail-Adresse, Passwort-Hash, Loadouts, Favoriten, Resell-Tracker) speichern wir, solange Ihr Konto besteht.",
          "**Bestätigungs- und Passwort-Links** laufen nach kurzer Zeit ab und werden dann ungültig.",
          "**Anmeldesitzungen** enden spätestens nach 7 Tagen oder früher, wenn Sie sich abmelden.",
          "**Verbindungsdaten**, die unser Hosting-Anbieter verarbeitet, werden nur so lange aufbewahrt, wie es für den sicheren Betrieb erforderlich ist, und anschließend automatisch gelöscht.",
          "**Optionale Cookies** werden für die oben genannten Zeiträume gespeichert (user_session: 7 Tage, Analyse: bis zu 2 Jahre), sofern Sie sie nicht vorher löschen oder Ihre Einwilligung widerrufen.",
        ],
      },
      {
        kind: "paragraph",
        text: "**Mit der Löschung Ihres Kontos werden alle Ihre Daten entfernt.** Sie können Ihr Konto jederzeit in Ihrem Profil löschen. Ihre E-Mail-Adresse, Ihr Passwort-Hash, Ihre Loadouts, Favoriten, Resell-Tracker und die Bilder Ihrer Sticker-Crafts werden dann aus unserer Datenbank und unserem Speicher gelöscht. Restkopien bleiben nur in unseren Sicherungen: dem automatischen Verlauf der Datenbank, mit dem sich ein früherer Zeitpunkt wiederherstellen lässt, und unseren täglichen verschlüsselten Sicherungen der Datenbank und der hochgeladenen Bilder. Beide bewahren wir höchstens 30 Tage auf; diese Kopien sind also spätestens 30 Tage nach der Löschung entfernt. Müssen wir einmal eine Sicherung zurückspielen, löschen wir jedes Konto erneut, das nach dem Zeitpunkt der Sicherung gelöscht wurde.",
      },
      { kind: "heading", text: "9. Ihre Rechte" },
      {
        kind: "paragraph",
        text: "Im Hinblick auf Ihre personenbezogenen Daten stehen Ihnen folgende Rechte zu:",
      },
      {
        kind: "list",
        items: [
          '**Auskunft** (Art. 15 DSGVO) - Sie können erfahren, welche Daten wir über Sie gespeichert haben. Angemeldet erhalten Sie mit "Download my data" unter "Sign-in and security" in Ihrem Profil alle auf einmal.',
          "**Berichtigung** (Art. 16 DSGVO) - Sie können unrichtige oder unvollständige Daten berichtigen lassen.",
          "**Löschung** (Art. 17 DSGVO) - Sie können die Löschung Ihrer Daten verlangen. Ihr Konto können Sie außerdem jederzeit selbst in Ihrem Profil löschen.",
          "**Einschränkung der Verarbeitung** (Art. 18 DSGVO) - in bestimmten Fällen können Sie verlangen, dass wir die Verarbeitung Ihrer Daten einschränken.",
          '**Datenübertragbarkeit** (Art. 20 DSGVO) - Sie können die Daten, die Sie uns bereitgestellt haben, in einem strukturierten, gängigen und maschinenlesbaren Format erhalten: "Download my data" ist eine JSON-Datei, und der Resell-Tracker exportiert zusätzlich eine CSV-Datei.',
          "**Widerspruch** (Art. 21 DSGVO) - Sie können der Verarbeitung auf Grundlage von Art. 6 Abs. 1 lit. f DSGVO aus Gründen, die sich aus Ihrer besonderen Situation ergeben, jederzeit widersprechen.",
          "**Widerruf der Einwilligung** (Art. 7 Abs. 3 DSGVO) - Sie können eine erteilte Einwilligung jederzeit mit Wirkung für die Zukunft widerrufen. Die Rechtmäßigkeit der bis zum Widerruf erfolgten Verarbeitung bleibt davon unberührt.",
          "**Beschwerde bei einer Aufsichtsbehörde** (Art. 77 DSGVO) - Sie können sich bei einer Datenschutz-Aufsichtsbehörde beschweren.",
        ],
      },
      {
        kind: "paragraph",
        text: "Um Ihre Rechte geltend zu machen, genügt eine formlose E-Mail an contact@skinvault.example. Bitte schreiben Sie uns von der E-Mail-Adresse, die mit Ihrem Konto verknüpft ist, damit wir Ihre Identität prüfen können. Wir antworten unverzüglich, spätestens innerhalb eines Monats.",
      },
      {
        kind: "paragraph",
        text: "Die für uns zuständige Aufsichtsbehörde ist die **Berliner Beauftragte für Datenschutz und Informationsfreiheit**. Sie können sich auch an die Aufsichtsbehörde des EU-Mitgliedstaats wenden, in dem Sie wohnen oder arbeiten.",
      },
      { kind: "heading", text: "10. Pflicht zur Bereitstellung und automatisierte Entscheidungen" },
      {
        kind: "paragraph",
        text: "Sie sind nicht verpflichtet, uns personenbezogene Daten bereitzustellen. Für die Erstellung eines Kontos sind jedoch eine E-Mail-Adresse und ein Passwort erforderlich; ohne diese Angaben können wir Ihnen die Kontofunktionen nicht anbieten. Eine automatisierte Entscheidungsfindung einschließlich Profiling im Sinne von Art. 22 DSGVO findet nicht statt.",
      },
      { kind: "heading", text: "11. Datensicherheit" },
      {
        kind: "list",
        items: [
          "Alle Daten werden verschlüsselt über **HTTPS (TLS)** übertragen.",
          "Passwörter werden ausschließlich als Hash gespeichert.",
          "Das Anmelde-Cookie ist als **HttpOnly** gekennzeichnet und kann daher nicht von Skripten im Browser ausgelesen werden.",
          "Der Zugriff auf die Datenbank ist auf das für den Betrieb erforderliche Maß beschränkt.",
        ],
      },
      { kind: "rule" },
      { kind: "heading", text: "12. Hochgeladene Bilder, Meldungen und Moderation" },
      {
        kind: "list",
        items: [
          "**Bilder, die Sie hochladen** (Sticker-Crafts), speichern wir in unserem Speicher bei Cloudflare R2. Vor dem Speichern **entfernen wir ihre Metadaten**, etwa EXIF-Daten (die GPS-Position und Zeit einer Aufnahme und das Kameramodell enthalten können), XMP, IPTC und Textkommentare; das Bild wird nicht neu kodiert. Die Bilder eines Crafts sehen bis zur Veröffentlichung nur Sie und die Moderatoren; sie werden mit dem Craft oder Ihrem Konto gelöscht.",
          "**Moderation**: Wir führen ein Protokoll der Moderationsentscheidungen (welcher Moderator, wann, was, die Begründung und der Name des Crafts), auch nachdem der Craft gelöscht ist, um unsere Entscheidungen belegen zu können (berechtigtes Interesse, Art. 6 Abs. 1 lit. f DSGVO). Über Entscheidungen zu Ihren Crafts informieren wir Sie per E-Mail.",
          "**Meldungen**: Wenn Sie einen Craft melden, speichern wir Ihre Begründung, die Zeit und, falls Sie angemeldet sind, Ihr Konto, bis ein Moderator die Meldung bearbeitet hat. Um Missbrauch zu begrenzen, zählen wir Meldungen je IP-Adresse eine Stunde lang. Der Autor des Crafts erfährt nicht, wer ihn gemeldet hat.",
        ],
      },
      { kind: "heading", text: "13. Geteilte Links" },
      {
        kind: "paragraph",
        text: "Der geteilte Link eines Loadouts zeigt jeder Person, die ihn hat, **Titel und Skins** des Loadouts, auch in Linkvorschauen von Chat-Apps; Beschreibung und Budget nur, wenn Sie das auswählen. Wenn Sie den Link widerrufen oder ersetzen, das Loadout oder Ihr Konto löschen, endet er; Kopien in Caches verfallen nach etwa einer Minute.",
      },
      { kind: "heading", text: "14. Änderungen dieser Datenschutzerklärung" },
      {
        kind: "paragraph",
        text: "Wir passen diese Datenschutzerklärung an, wenn sich unser Angebot oder die rechtlichen Anforderungen ändern. Die jeweils aktuelle Fassung finden Sie stets auf dieser Seite. Über wesentliche Änderungen informieren wir registrierte Nutzerinnen und Nutzer per E-Mail.",
      },
    ],
  },
};
