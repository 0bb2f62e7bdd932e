/** The profile's security page, in a module of its own so the page's code carries no schema library. */
export const SECURITY_PATH = "/profile/security";
