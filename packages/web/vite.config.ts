import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { chakraStaticGlobalCss } from "./chakra-global-css";
import { BOOT_ENTRY, prerender } from "./prerender-plugin";
import { routeTreeConfig } from "./route-tree.config";
import { stageServer } from "./stage-proxy";

/** The local stack (`npm start`) listens here; the dev server forwards the same-origin paths. */
const localStack = "http://127.0.0.1:3000";

export default defineConfig(async ({ command }) => ({
  // The router plugin must run before the React plugin so it can split route files first.
  // prerender() writes the public pages' HTML once the SPA is built (prerendered-pages.ts);
  // chakraStaticGlobalCss() writes Chakra's global CSS into index.html at build time.
  plugins: [tanstackRouter(routeTreeConfig), react(), chakraStaticGlobalCss(), prerender()],
  // Under `sst bind` (npm run dev:site) the dev server fronts the stage's API as CloudFront
  // does (stage-proxy.ts); otherwise the local stack.
  server: (command === "serve" ? await stageServer(process.env) : undefined) ?? {
    proxy: {
      "/api": localStack,
      "/dev-identity": localStack,
      "/webhooks": localStack,
      // The Stripe emulator's pages and the local card form's confirmation endpoint.
      "/__stripe": localStack,
    },
  },
  build: {
    // Source maps stay out of the shipped bundle; the budget printed by `npm run bench` is
    // the JavaScript a visitor downloads.
    sourcemap: false,
    // dist/.vite/manifest.json: which chunks each route needs (read by `npm run bench -- web`).
    manifest: true,
    rolldownOptions: {
      // The SPA, and the small script the pre-rendered public pages load instead of it.
      input: { index: "index.html", boot: BOOT_ENTRY },
      treeshake: {
        // Chakra's theme module builds its whole default theme config at import
        // (`defaultThemeConfig = defineConfig({...every recipe})`), which nothing here reads
        // (src/theme/system.ts takes a slice). Chakra's defineConfig returns its argument, so
        // an unread call can go, and with it the ~60 recipes the portal never styles with.
        manualPureFunctions: ["defineConfig"],
      },
    },
  },
}));
