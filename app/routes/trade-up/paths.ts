/** The calculator's address; the contract is its query string. */
export const PAGE = "/trade-up";
/** The picker's search field, kept in the URL beside the contract. */
export const FIND = "find";
/** The one intent of the page's action. */
export const SAVE = "save";

/**
 * The login page, coming back to the contract: the whole query string, which a way back
 * (`loginPath`) would cut to its page-state parameters; the login page checks it is a same-site path.
 */
export const signInPath = (query: string) => `/login?redirectTo=${encodeURIComponent(query ? `${PAGE}?${query}` : PAGE)}`;
