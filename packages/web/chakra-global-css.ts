/**
 * Chakra's global styles written at build time (docs/performance.md, "Fourth round").
 *
 * Chakra's `createSystem` turns the theme into its global CSS (the reset, the global styles and
 * a custom property for every token) each time the app starts, and its provider hands that to
 * Emotion to serialize, hash and insert: about a quarter of the entry's evaluation on a phone.
 * The CSS depends only on the theme, so the build computes it once, in Node, by rendering the
 * app's own provider (src/ui/provider.tsx) through Emotion's server API, and writes it into
 * index.html as a <style> element; the shipped Chakra builds an empty list in its place.
 *
 * Build only: the dev server keeps Chakra's own start-up (its dependencies are pre-bundled,
 * where this transform would not reach), which yields the same CSS.
 */
import { fileURLToPath } from "node:url";
import { type Plugin, runnerImport } from "vite";

/** The module of Chakra that builds the system, and the statement that computes its CSS. */
const SYSTEM_MODULE =
  /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const GLOBAL_STATEMENT = "const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];";

/** Chakra's system module with its global CSS left out (the build writes it instead). */
export function withoutGlobalCss(code: string, id: string): string {
  if (!code.includes(GLOBAL_STATEMENT)) {
    // A Chakra release that builds its global CSS another way: this plugin must be revisited,
    // not skipped, or the page would ship the CSS twice or not at all.
    throw new Error(`${id}: no \`${GLOBAL_STATEMENT}\` to replace; see chakra-global-css.ts`);
  }
  return code.replace(GLOBAL_STATEMENT, "const _global = [];");
}

/** The module whose `UiProvider` the build renders: the app's own (src/ui/provider.tsx). */
const APP_PROVIDER = fileURLToPath(new URL("./src/ui/provider.tsx", import.meta.url));

/**
 * The CSS Chakra's provider inserts at start-up (the layer order and the system's global
 * styles), rendered by the provider itself with Emotion's server API. `providerModule` exports
 * `UiProvider`: the app's, or the bench's stack floor's (bench/stack-floor/provider.jsx).
 */
export async function chakraGlobalCss(providerModule = APP_PROVIDER): Promise<string> {
  const [{ default: createCache }, { default: createEmotionServer }, react, server, emotion] =
    await Promise.all([
      import("@emotion/cache"),
      import("@emotion/server/create-instance"),
      import("react"),
      import("react-dom/server"),
      import("@emotion/react"),
    ]);
  // Through Vite's module runner, not import(): the config's bundler would take the provider and
  // the theme into the config's own dependencies, and the dev server restarts on those.
  const { module: provider } = await runnerImport<typeof import("./src/ui/provider")>(
    providerModule,
    { configFile: false, logLevel: "warn" },
  );
  const { CacheProvider } = emotion;
  const cache = createCache({ key: "css" });
  const extractor = createEmotionServer(cache);
  const html = server.renderToString(
    react.createElement(
      CacheProvider,
      { value: cache },
      react.createElement(provider.UiProvider, null, null),
    ),
  );
  const { styles } = extractor.extractCriticalToChunks(html);
  const global = styles.filter((chunk) => chunk.key === "css-global");
  if (global.length === 0) throw new Error("Chakra's provider rendered no global styles");
  return global.map((chunk) => chunk.css).join("");
}

export function chakraStaticGlobalCss(providerModule = APP_PROVIDER): Plugin {
  let css: Promise<string> | undefined;
  let transformed = false;
  return {
    name: "portal:chakra-global-css",
    apply: "build",
    buildStart() {
      // Per build: a watched rebuild may follow a change to the theme.
      transformed = false;
      css = undefined;
    },
    transform: {
      filter: { id: SYSTEM_MODULE },
      handler(code, id) {
        transformed = true;
        return { code: withoutGlobalCss(code, id), map: null };
      },
    },
    buildEnd(error) {
      // Chakra's module moved or was renamed: the build would ship its CSS twice.
      if (!error && !transformed) {
        throw new Error(`No module matched ${SYSTEM_MODULE}; see chakra-global-css.ts`);
      }
    },
    transformIndexHtml() {
      css ??= chakraGlobalCss(providerModule);
      return css.then((children) => [
        { tag: "style", attrs: { "data-chakra-global": "" }, children, injectTo: "head" },
      ]);
    },
  };
}
