/**
 * One place for the TanStack Router generator settings, read by the Vite plugin (build and
 * dev server) and by scripts/generate-route-tree.ts (typecheck from a clean clone, where the
 * gitignored routeTree.gen.ts does not exist yet).
 */
import { fileURLToPath } from "node:url";

export const routeTreeConfig = {
  target: "react" as const,
  // Every route but the root becomes its own chunk: the landing page loads only its own code.
  autoCodeSplitting: true,
  routesDirectory: fileURLToPath(new URL("./src/routes", import.meta.url)),
  generatedRouteTree: fileURLToPath(new URL("./src/routeTree.gen.ts", import.meta.url)),
  quoteStyle: "double" as const,
};
