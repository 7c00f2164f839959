import { createContext, useContext } from "react";

// The CSP nonce of the current response, handed from entry.server to <Scripts>.
export const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
