// Chakra's provider with Chakra's own default system, built once at start-up. The build renders
// it in Node for the global CSS it writes into index.html (../../chakra-global-css.ts).
import { ChakraProvider, defaultSystem } from "@chakra-ui/react";

export function UiProvider({ children }) {
  return <ChakraProvider value={defaultSystem}>{children}</ChakraProvider>;
}
