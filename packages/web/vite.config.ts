import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { chakraStaticGlobalCss } from "./chakra-global-css";
import { BOOT_ENTRY, prerender } from "./prerender-plugin";
import { routeTreeConfig } from "./route-tree.config";
import { stageServer } from "./stage-proxy";

/** The modules the boot script imports (src/prerender/boot.ts), shared with the app. */
const BOOT_SHARED =
  /[\\/](prerendered-pages\.ts|src[\\/]identity[\\/]session-hint\.ts|src[\\/]sales[\\/]selected-plan\.ts|src[\\/]prerender[\\/]app-scripts\.ts)$/;

/** The build's own inputs stay the entry chunks index.html and the pre-rendered pages load. */
const ENTRIES = /[\\/]src[\\/](main\.tsx|prerender[\\/]boot\.ts)$/;

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
      output: {
        codeSplitting: {
          groups: [
            // What the pre-rendered pages' boot script shares with the app stays apart, so the
            // boot script does not load the app (prerender/boot.ts).
            { name: "public-shared", test: BOOT_SHARED, priority: 2 },
            // Everything the app's entry imports statically, in one chunk instead of ~30 that a
            // phone asks for six at a time (docs/performance.md, "Fifth round"). The modules
            // alone, not their dependencies: Rolldown tags modules initial through Ark's
            // re-exports before shaking the tree, and following them would bring the toast and
            // dismiss machines the app loads with its first toast or dialog (4 KB gzip).
            {
              name: "app",
              tags: ["$initial" as const],
              test: (id: string) => !ENTRIES.test(id),
              priority: 1,
              includeDependenciesRecursively: false,
            },
            // The shell every signed-in page is drawn in (the portal's layout route and
            // app-shell.tsx) with what it imports beyond the entry: one chunk instead of ~25
            // for every portal and console page. A public route that shares a Chakra part
            // with it loads it too (sign-in: 17 KB gzip in 4 files instead of 2 KB in 8).
            {
              name: "portal-shell",
              test: /[\\/]src[\\/](routes[\\/]_portal\.tsx|shell[\\/]app-shell\.tsx)/,
              priority: 0,
            },
          ],
        },
      },
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
