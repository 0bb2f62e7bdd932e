export const LEGAL_LAST_UPDATED = { en: "July 16, 2025", de: "16. Juli 2025" } as const;

export type { Language, LegalBlock, LegalDocument, LegalPage } from "./types";
export { legalNotice } from "./legal-notice";
export { privacyPolicy } from "./privacy-policy";
export { termsOfService } from "./terms-of-service";
export { contact } from "./contact";
export { cookieSettings } from "./cookie-settings";
