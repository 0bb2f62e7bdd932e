import type { LegalPage } from "./types";

export const termsOfService: LegalPage = {
  en: {
    title: "Terms of Service",
    description: "The terms that govern your use of SkinVault, including permitted use, your account, price data, liability and governing law.",
    blocks: [
      { kind: "paragraph", text: "Last updated: July 16, 2025" },
      {
        kind: "paragraph",
        text: "These terms of service govern your use of SkinVault, a web companion for Counter-Strike 2 weapon skins operated by SkinVault, Musterstraße 12, 10115 Berlin, Germany (**we** or **us**). By creating an account or using the service, you agree to these terms. Please read them carefully.",
      },
      { kind: "heading", text: "1. Our service" },
      { kind: "paragraph", text: "With SkinVault you can:" },
      {
        kind: "list",
        items: [
          "browse Counter-Strike 2 weapon skins with prices for each wear level,",
          "plan loadouts within a budget you set,",
          "put together sticker crafts,",
          "keep track of your purchases and sales with the resell tracker,",
          "save skins as favourites.",
        ],
      },
      {
        kind: "paragraph",
        text: "SkinVault is an information and planning tool. We **do not sell, buy, trade or hold any items**, and no transactions are carried out through SkinVault.",
      },
      { kind: "heading", text: "2. Private, non-commercial use only" },
      {
        kind: "paragraph",
        text: "SkinVault is intended **exclusively for private, non-commercial use**. You may use the service for your own personal purposes, for example to plan your own loadouts or to keep track of your own items.",
      },
      {
        kind: "paragraph",
        text: "Any **commercial use** requires our **express prior written consent**. This includes in particular reselling or republishing our content or price data, using the service as part of a commercial trading business, and offering access to the service to third parties for payment. If you are interested, please contact us at contact@skinvault.example.",
      },
      { kind: "heading", text: "3. Registration and your account" },
      {
        kind: "list",
        items: [
          "When registering, you must provide a **valid e-mail address** and **truthful information**, and keep this information up to date.",
          "**Each person may have only one account.** Accounts are personal and may not be shared with or transferred to others.",
          "Your account is activated once you have confirmed your e-mail address using the link we send you.",
          "You must keep your password secret. If you suspect that someone else has access to your account, change your password and let us know without delay.",
          "You are responsible for all activity that takes place under your account, unless you are not at fault.",
        ],
      },
      { kind: "heading", text: "4. Deleting your account" },
      {
        kind: "paragraph",
        text: "You can **delete your account at any time** from your profile, free of charge and without giving reasons. Deleting your account ends the contract between you and us and removes all associated data, including your loadouts, favourites and resell trackers. Deletion cannot be undone. Further details can be found in our privacy policy.",
      },
      { kind: "heading", text: "5. Acceptable use" },
      { kind: "paragraph", text: "When using SkinVault, you must not:" },
      {
        kind: "list",
        items: [
          "break the law or infringe the rights of others,",
          "access the service by automated means (for example bots, scrapers or crawlers) or extract data in bulk,",
          "circumvent, probe or disable security measures,",
          "place an unreasonable load on the service or its infrastructure,",
          "register with false information or create more than one account,",
          "use SkinVault to deceive others, for example by presenting our price data as binding offers in trades.",
        ],
      },
      { kind: "heading", text: "6. Suspension of accounts" },
      {
        kind: "paragraph",
        text: "If you violate these terms, we may **suspend your account temporarily or permanently**. We will inform you of the suspension and the reason for it **by e-mail** to the address linked to your account.",
      },
      {
        kind: "paragraph",
        text: "When deciding on a measure, we take the legitimate interests of everyone involved into account, in particular the severity of the violation and whether it was committed culpably. Where appropriate, we will issue a warning first. Your right to delete your account and both parties' right to terminate for good cause remain unaffected.",
      },
      { kind: "rule" },
      { kind: "heading", text: "7. Price data" },
      {
        kind: "paragraph",
        text: "The prices shown on SkinVault are **estimates** based on third-party data, in particular from Skinport, Steam and cs2-lib. They may be delayed, incomplete or inaccurate and can differ significantly from the prices you can actually achieve on a marketplace.",
      },
      {
        kind: "list",
        items: [
          "**No guarantee:** we do not guarantee that price data are correct, complete or up to date.",
          "**No financial advice:** the information on SkinVault, including budget calculations and figures in the resell tracker, does not constitute investment or financial advice.",
          "**Your decisions:** you alone are responsible for any purchases, sales or trades you make on the basis of information from SkinVault.",
        ],
      },
      { kind: "heading", text: "8. Availability and changes to the service" },
      {
        kind: "paragraph",
        text: "We aim to keep SkinVault available at all times, but we cannot guarantee uninterrupted availability. Maintenance work, technical problems and outages at third-party providers or data sources may cause temporary restrictions. We may change, extend or discontinue individual features, taking your legitimate interests into account.",
      },
      { kind: "heading", text: "9. Liability" },
      {
        kind: "paragraph",
        text: "We are liable without limitation for damage caused intentionally or by gross negligence, for injury to life, body or health, and under the German Product Liability Act.",
      },
      {
        kind: "paragraph",
        text: "In cases of slight negligence, we are only liable for the breach of an essential contractual obligation, i.e. an obligation whose fulfilment is a prerequisite for the proper performance of the contract and on whose fulfilment you may regularly rely. In that case, our liability is limited to the foreseeable damage typical for this type of contract. Otherwise, liability for slight negligence is excluded.",
      },
      { kind: "heading", text: "10. Rights and no affiliation with Valve" },
      {
        kind: "paragraph",
        text: "**SkinVault is not affiliated with, endorsed, sponsored or approved by Valve Corporation or Steam.** Counter-Strike 2, Steam and related names, logos and in-game items are trademarks or property of Valve Corporation.",
      },
      {
        kind: "paragraph",
        text: "The design, texts and code of SkinVault are protected by copyright. Apart from the private use permitted under these terms, you are not granted any rights to them.",
      },
      { kind: "heading", text: "11. Community crafts: your uploads, moderation and reports" },
      {
        kind: "paragraph",
        text: "You may submit sticker crafts to the community gallery. You may only upload images and texts **that you made yourself or may share**, and nothing unlawful, offensive or misleading. By submitting a craft you allow us to show it, its images and your texts on SkinVault for as long as it is published.",
      },
      {
        kind: "list",
        items: [
          "**Metadata is removed**: before an image is stored we remove its metadata (such as EXIF data with the place and time a photo was taken, XMP, text comments); the picture itself is not changed. AVIF images that carry such metadata are refused.",
          "**Moderation**: every craft is reviewed before it is published. Moderators may publish or reject it, unpublish it later or delete it, with its images; you are told by e-mail, with the reason when one is given. A rejected or unpublished craft can be changed and submitted again.",
          "**Reports**: anyone may report a published craft with a reason. Reports go to the moderators (not to the craft's author); sending reports is limited to a few per hour.",
          "**Takedown**: once a craft is unpublished or deleted, its page and images stop being served at once; copies that browsers and caches keep of a published image expire within five minutes.",
        ],
      },
      { kind: "heading", text: "12. Share links" },
      {
        kind: "paragraph",
        text: "You can share a loadout by link. Anyone with the link sees the loadout's **title and skins**; its description and budget only if you choose to show them. You can revoke or replace a link at any time; the old link then stops working.",
      },
      { kind: "heading", text: "13. Changes to these terms" },
      {
        kind: "paragraph",
        text: "We may amend these terms for a valid reason, for example because of changes in the law or the introduction of new features. We will announce any changes **by e-mail at least 30 days before they take effect**.",
      },
      {
        kind: "list",
        items: [
          "You may **object to the changes within 30 days** of receiving our notification.",
          "If you do not object within this period, the amended terms are deemed accepted. We will point this out expressly in our notification.",
          "If you object, the previous terms continue to apply for the time being. In that case, both you and we may terminate the contract; you can also delete your account at any time.",
        ],
      },
      { kind: "rule" },
      { kind: "heading", text: "14. Governing law and final provisions" },
      {
        kind: "list",
        items: [
          "These terms are governed by the **law of the Federal Republic of Germany**, excluding the UN Convention on Contracts for the International Sale of Goods. If you are a consumer habitually resident in another EU country, the mandatory consumer protection rules of that country remain unaffected.",
          "If you are a merchant, a legal entity under public law or a special fund under public law, the exclusive place of jurisdiction for all disputes arising from this contract is Berlin.",
          "Should any provision of these terms be or become invalid, the validity of the remaining provisions is not affected.",
        ],
      },
      { kind: "heading", text: "15. Contact" },
      {
        kind: "paragraph",
        text: "If you have questions about these terms, write to us at **contact@skinvault.example** or by post to SkinVault, Musterstraße 12, 10115 Berlin, Germany.",
      },
    ],
  },
  de: {
    title: "Nutzungsbedingungen",
    description: "Die Bedingungen für die Nutzung von SkinVault, unter anderem zu zulässiger Nutzung, Ihrem Konto, Preisdaten, Haftung und anwendbarem Recht.",
    blocks: [
      { kind: "paragraph", text: "Zuletzt aktualisiert: 16. Juli 2025" },
      {
        kind: "paragraph",
        text: "Diese Nutzungsbedingungen regeln die Nutzung von SkinVault, einem Web-Begleiter für Waffen-Skins aus Counter-Strike 2, betrieben von SkinVault, Musterstraße 12, 10115 Berlin, Deutschland (**wir** oder **uns**). Mit der Erstellung eines Kontos oder der Nutzung des Dienstes erklären Sie sich mit diesen Bedingungen einverstanden. Bitte lesen Sie sie sorgfältig durch.",
      },
      { kind: "heading", text: "1. Unser Angebot" },
      { kind: "paragraph", text: "Mit SkinVault können Sie:" },
      {
        kind: "list",
        items: [
          "Waffen-Skins aus Counter-Strike 2 mit Preisen für jeden Abnutzungsgrad durchsuchen,",
          "Loadouts innerhalb eines selbst festgelegten Budgets planen,",
          "Sticker-Crafts zusammenstellen,",
          "Ihre Käufe und Verkäufe mit dem Resell-Tracker im Blick behalten,",
          "Skins als Favoriten speichern.",
        ],
      },
      {
        kind: "paragraph",
        text: "SkinVault ist ein Informations- und Planungswerkzeug. Wir **verkaufen, kaufen, tauschen oder verwahren keine Items**, und über SkinVault werden keine Transaktionen abgewickelt.",
      },
      { kind: "heading", text: "2. Ausschließlich private, nicht kommerzielle Nutzung" },
      {
        kind: "paragraph",
        text: "SkinVault ist **ausschließlich für die private, nicht kommerzielle Nutzung** bestimmt. Sie dürfen den Dienst für Ihre eigenen, persönlichen Zwecke nutzen, zum Beispiel um Ihre eigenen Loadouts zu planen oder den Überblick über Ihre eigenen Items zu behalten.",
      },
      {
        kind: "paragraph",
        text: "Jede **kommerzielle Nutzung** bedarf unserer **ausdrücklichen vorherigen schriftlichen Zustimmung**. Dazu gehören insbesondere der Weiterverkauf oder die Veröffentlichung unserer Inhalte oder Preisdaten, die Nutzung des Dienstes im Rahmen eines gewerblichen Handels sowie das entgeltliche Anbieten des Zugangs an Dritte. Bei Interesse wenden Sie sich bitte an contact@skinvault.example.",
      },
      { kind: "heading", text: "3. Registrierung und Ihr Konto" },
      {
        kind: "list",
        items: [
          "Bei der Registrierung müssen Sie eine **gültige E-Mail-Adresse** und **wahrheitsgemäße Angaben** machen und diese Angaben aktuell halten.",
          "**Jede Person darf nur ein Konto besitzen.** Konten sind persönlich und dürfen weder mit anderen geteilt noch an andere übertragen werden.",
          "Ihr Konto wird freigeschaltet, sobald Sie Ihre E-Mail-Adresse über den Link bestätigt haben, den wir Ihnen zusenden.",
          "Sie müssen Ihr Passwort geheim halten. Wenn Sie vermuten, dass jemand anderes Zugriff auf Ihr Konto hat, ändern Sie bitte Ihr Passwort und informieren Sie uns unverzüglich.",
          "Sie sind für alle Aktivitäten unter Ihrem Konto verantwortlich, sofern Sie diese zu vertreten haben.",
        ],
      },
      { kind: "heading", text: "4. Löschung Ihres Kontos" },
      {
        kind: "paragraph",
        text: "Sie können Ihr **Konto jederzeit** in Ihrem Profil **löschen**, kostenlos und ohne Angabe von Gründen. Mit der Löschung endet der Vertrag zwischen Ihnen und uns, und alle zugehörigen Daten werden entfernt, einschließlich Ihrer Loadouts, Favoriten und Resell-Tracker. Die Löschung kann nicht rückgängig gemacht werden. Weitere Einzelheiten finden Sie in unserer Datenschutzerklärung.",
      },
      { kind: "heading", text: "5. Zulässige Nutzung" },
      { kind: "paragraph", text: "Bei der Nutzung von SkinVault ist es nicht gestattet," },
      {
        kind: "list",
        items: [
          "gegen Gesetze zu verstoßen oder Rechte Dritter zu verletzen,",
          "automatisiert auf den Dienst zuzugreifen (zum Beispiel mit Bots, Scrapern oder Crawlern) oder Daten in großem Umfang auszulesen,",
          "Sicherheitsmaßnahmen zu umgehen, auszutesten oder außer Kraft zu setzen,",
          "den Dienst oder seine Infrastruktur übermäßig zu belasten,",
          "sich mit falschen Angaben zu registrieren oder mehr als ein Konto anzulegen,",
          "SkinVault zur Täuschung anderer zu verwenden, etwa indem Sie unsere Preisdaten bei einem Tausch als verbindliche Angebote ausgeben.",
        ],
      },
      { kind: "heading", text: "6. Sperrung von Konten" },
      {
        kind: "paragraph",
        text: "Wenn Sie gegen diese Nutzungsbedingungen verstoßen, können wir Ihr **Konto vorübergehend oder dauerhaft sperren**. Über die Sperrung und ihren Grund informieren wir Sie **per E-Mail** an die mit Ihrem Konto verknüpfte Adresse.",
      },
      {
        kind: "paragraph",
        text: "Bei der Wahl der Maßnahme berücksichtigen wir die berechtigten Interessen aller Beteiligten, insbesondere die Schwere des Verstoßes und ob er schuldhaft begangen wurde. Wo es angemessen ist, sprechen wir zunächst eine Verwarnung aus. Ihr Recht, Ihr Konto zu löschen, sowie das Recht beider Seiten zur Kündigung aus wichtigem Grund bleiben unberührt.",
      },
      { kind: "rule" },
      { kind: "heading", text: "7. Preisdaten" },
      {
        kind: "paragraph",
        text: "Die auf SkinVault angezeigten Preise sind **Schätzwerte** auf Grundlage von Daten Dritter, insbesondere von Skinport, Steam und cs2-lib. Sie können verzögert, unvollständig oder ungenau sein und erheblich von den Preisen abweichen, die Sie auf einem Marktplatz tatsächlich erzielen können.",
      },
      {
        kind: "list",
        items: [
          "**Keine Gewähr:** Wir übernehmen keine Gewähr für die Richtigkeit, Vollständigkeit oder Aktualität der Preisdaten.",
          "**Keine Finanzberatung:** Die Informationen auf SkinVault, einschließlich Budgetberechnungen und Werten im Resell-Tracker, stellen keine Anlage- oder Finanzberatung dar.",
          "**Ihre Entscheidungen:** Für Käufe, Verkäufe oder Tauschgeschäfte, die Sie auf Grundlage von Informationen aus SkinVault tätigen, sind allein Sie verantwortlich.",
        ],
      },
      { kind: "heading", text: "8. Verfügbarkeit und Änderungen des Angebots" },
      {
        kind: "paragraph",
        text: "Wir bemühen uns, SkinVault jederzeit verfügbar zu halten, können eine unterbrechungsfreie Verfügbarkeit jedoch nicht garantieren. Wartungsarbeiten, technische Störungen sowie Ausfälle bei Drittanbietern oder Datenquellen können zu vorübergehenden Einschränkungen führen. Wir können einzelne Funktionen unter Berücksichtigung Ihrer berechtigten Interessen ändern, erweitern oder einstellen.",
      },
      { kind: "heading", text: "9. Haftung" },
      {
        kind: "paragraph",
        text: "Wir haften unbeschränkt für Schäden, die vorsätzlich oder grob fahrlässig verursacht wurden, für Schäden aus der Verletzung des Lebens, des Körpers oder der Gesundheit sowie nach dem Produkthaftungsgesetz.",
      },
      {
        kind: "paragraph",
        text: "Bei leichter Fahrlässigkeit haften wir nur bei Verletzung einer wesentlichen Vertragspflicht, also einer Pflicht, deren Erfüllung die ordnungsgemäße Durchführung des Vertrags überhaupt erst ermöglicht und auf deren Einhaltung Sie regelmäßig vertrauen dürfen. In diesem Fall ist unsere Haftung auf den vorhersehbaren, vertragstypischen Schaden begrenzt. Im Übrigen ist die Haftung für leichte Fahrlässigkeit ausgeschlossen.",
      },
      { kind: "heading", text: "10. Rechte und keine Verbindung zu Valve" },
      {
        kind: "paragraph",
        text: "**SkinVault steht in keiner Verbindung zu Valve Corporation oder Steam und wird von diesen weder unterstützt noch gesponsert oder genehmigt.** Counter-Strike 2, Steam sowie zugehörige Namen, Logos und Spielgegenstände sind Marken oder Eigentum der Valve Corporation.",
      },
      {
        kind: "paragraph",
        text: "Gestaltung, Texte und Programmcode von SkinVault sind urheberrechtlich geschützt. Über die nach diesen Bedingungen erlaubte private Nutzung hinaus werden Ihnen daran keine Rechte eingeräumt.",
      },
      { kind: "heading", text: "11. Community-Crafts: Ihre Uploads, Moderation und Meldungen" },
      {
        kind: "paragraph",
        text: "Sie können Sticker-Crafts für die Community-Galerie einreichen. Laden Sie nur Bilder und Texte hoch, **die Sie selbst erstellt haben oder teilen dürfen**, und nichts Rechtswidriges, Anstößiges oder Irreführendes. Mit dem Einreichen erlauben Sie uns, den Craft, seine Bilder und Ihre Texte auf SkinVault zu zeigen, solange er veröffentlicht ist.",
      },
      {
        kind: "list",
        items: [
          "**Metadaten werden entfernt**: Bevor ein Bild gespeichert wird, entfernen wir seine Metadaten (etwa EXIF-Daten mit Ort und Zeit einer Aufnahme, XMP, Textkommentare); das Bild selbst bleibt unverändert. AVIF-Bilder mit solchen Metadaten werden abgelehnt.",
          "**Moderation**: Jeder Craft wird vor der Veröffentlichung geprüft. Moderatoren können ihn veröffentlichen oder ablehnen, später zurückziehen oder samt Bildern löschen; Sie werden per E-Mail informiert, mit Begründung, wenn eine angegeben ist. Einen abgelehnten oder zurückgezogenen Craft können Sie ändern und erneut einreichen.",
          "**Meldungen**: Jede Person kann einen veröffentlichten Craft mit einer Begründung melden. Meldungen gehen an die Moderatoren (nicht an den Autor des Crafts); es sind nur wenige Meldungen pro Stunde möglich.",
          "**Entfernung**: Sobald ein Craft zurückgezogen oder gelöscht ist, werden seine Seite und seine Bilder sofort nicht mehr ausgeliefert; Kopien eines veröffentlichten Bildes in Browsern und Caches verfallen innerhalb von fünf Minuten.",
        ],
      },
      { kind: "heading", text: "12. Geteilte Links" },
      {
        kind: "paragraph",
        text: "Sie können ein Loadout per Link teilen. Wer den Link hat, sieht **Titel und Skins** des Loadouts; Beschreibung und Budget nur, wenn Sie das auswählen. Sie können einen Link jederzeit widerrufen oder ersetzen; der alte Link funktioniert dann nicht mehr.",
      },
      { kind: "heading", text: "13. Änderungen dieser Nutzungsbedingungen" },
      {
        kind: "paragraph",
        text: "Wir können diese Nutzungsbedingungen aus sachlichem Grund ändern, etwa wegen geänderter Rechtslage oder der Einführung neuer Funktionen. Änderungen kündigen wir Ihnen **mindestens 30 Tage vor ihrem Inkrafttreten per E-Mail** an.",
      },
      {
        kind: "list",
        items: [
          "Sie können den Änderungen **innerhalb von 30 Tagen** nach Erhalt unserer Mitteilung **widersprechen**.",
          "Widersprechen Sie nicht innerhalb dieser Frist, gelten die geänderten Bedingungen als angenommen. Darauf weisen wir Sie in unserer Mitteilung ausdrücklich hin.",
          "Widersprechen Sie, gelten zunächst die bisherigen Bedingungen weiter. In diesem Fall können sowohl Sie als auch wir den Vertrag kündigen; Ihr Konto können Sie zudem jederzeit löschen.",
        ],
      },
      { kind: "rule" },
      { kind: "heading", text: "14. Anwendbares Recht und Schlussbestimmungen" },
      {
        kind: "list",
        items: [
          "Es gilt das **Recht der Bundesrepublik Deutschland** unter Ausschluss des UN-Kaufrechts. Sind Sie Verbraucherin oder Verbraucher mit gewöhnlichem Aufenthalt in einem anderen EU-Staat, bleiben die zwingenden Verbraucherschutzvorschriften dieses Staates unberührt.",
          "Sind Sie Kaufmann, juristische Person des öffentlichen Rechts oder öffentlich-rechtliches Sondervermögen, ist ausschließlicher Gerichtsstand für alle Streitigkeiten aus diesem Vertrag Berlin.",
          "Sollte eine Bestimmung dieser Nutzungsbedingungen unwirksam sein oder werden, bleibt die Wirksamkeit der übrigen Bestimmungen davon unberührt.",
        ],
      },
      { kind: "heading", text: "15. Kontakt" },
      {
        kind: "paragraph",
        text: "Bei Fragen zu diesen Nutzungsbedingungen schreiben Sie uns an **contact@skinvault.example** oder per Post an SkinVault, Musterstraße 12, 10115 Berlin, Deutschland.",
      },
    ],
  },
};
