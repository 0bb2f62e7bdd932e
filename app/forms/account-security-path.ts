/** The profile's security page, in a module of its own so the page's code carries no schema library. */
export const SECURITY_PATH = "/profile/security";

/** The player's data as one JSON file (app/routes/profile_.data[.json].ts). */
export const ACCOUNT_DATA_PATH = "/profile/data.json";
