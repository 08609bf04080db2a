/**
 * The stack floor's build (docs/performance.md, "signed-in"): the repo's Vite and React plugin,
 * and Chakra's global CSS written into index.html as the app's own build does.
 * `npm run bench -- signed-in` and `npm run profile` build it beside the SPA.
 */
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { chakraStaticGlobalCss } from "../../chakra-global-css";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  plugins: [
    react(),
    chakraStaticGlobalCss(fileURLToPath(new URL("./provider.jsx", import.meta.url))),
  ],
  build: { sourcemap: false, manifest: true },
});
