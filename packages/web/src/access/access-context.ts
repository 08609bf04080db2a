/** The visitor's access state and current-user record, for components (the gate reads the same). */
import type { CurrentUser } from "@portal/core/contracts/users";
import { createContext, useContext } from "react";
import type { AccessState } from "./gate";

export interface Access {
  state: AccessState;
  /** The current-user record; undefined while loading or signed out, null when missing. */
  user: CurrentUser | null | undefined;
}

export const AccessContext = createContext<Access>({ state: { kind: "loading" }, user: undefined });

export function useAccess(): Access {
  return useContext(AccessContext);
}
