import { createContext, useContext } from "react";

/**
 * The CSP nonce of the current response. Set by entry.server around the whole
 * render; in the browser it is empty, since scripts are already running.
 */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
