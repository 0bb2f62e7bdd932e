import { createContext, useContext } from "react";

/**
 * The CSP nonce of the current response, provided by entry.server. Never part of loader data. In
 * the browser it is empty (browsers hide the attribute's value anyway).
 */
export const NonceContext = createContext<string>("");
export const useNonce = () => useContext(NonceContext);
