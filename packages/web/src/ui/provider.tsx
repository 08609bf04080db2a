/** Chakra's provider with the portal's system (Chakra's CLI snippet, without colour modes). */
import { ChakraProvider } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { system } from "../theme/system";

export function UiProvider({ children }: { children: ReactNode }) {
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}
