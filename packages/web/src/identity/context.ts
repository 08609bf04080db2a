import { createContext, useContext } from "react";
import type { IdentityContextValue } from "./types";

export const IdentityContext = createContext<IdentityContextValue | null>(null);

export function useIdentityContext(): IdentityContextValue {
  const value = useContext(IdentityContext);
  if (!value) throw new Error("useIdentity must be used inside <IdentityProvider>");
  return value;
}

export function useIdentity() {
  return useIdentityContext().identity;
}

export function useIdentityWidgets() {
  return useIdentityContext().widgets;
}
