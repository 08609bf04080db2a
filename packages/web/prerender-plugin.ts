/**
 * After Vite builds the SPA, renders each public page of prerendered-pages.ts to HTML and CSS
 * into dist/ (docs/pages.md, "Pre-rendered public pages"). The pages are rendered by the same
 * components, in Node, from a second (SSR) build of src/prerender/render-page.tsx that bundles
 * every dependency, so it uses this package's one React and never ships. Each page loads
 * src/prerender/boot.ts, not the app; the app's module tags become the boot script's data.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Plugin, type ResolvedConfig } from "vite";
import { PRERENDERED_PAGES } from "./prerendered-pages";
import { APP_SCRIPTS_ID, type AppScripts } from "./src/prerender/app-scripts";
import type { RenderedPage } from "./src/prerender/render-page";
import { type ManifestChunk, staticClosure } from "./vite-manifest";

const ENTRY = "src/prerender/render-page.tsx";
/** The pre-rendered pages' only script (src/prerender/boot.ts), a second input of the build. */
export const BOOT_ENTRY = "src/prerender/boot.ts";
const ROOT_ELEMENT = '<div id="root"></div>';
/** The tags Vite writes into index.html to load the app: its entry and what that imports. */
const APP_MODULE_TAG =
  /\s*<script type="module" crossorigin src="([^"]+)"><\/script>|\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** The boot script's file and the modules it imports, as URL paths. */
export interface BootScript {
  src: string;
  preload: string[];
}

/** The boot script's chunk and its static imports, from Vite's manifest. */
export function bootScript(manifest: Record<string, ManifestChunk>): BootScript {
  const chunk = manifest[BOOT_ENTRY];
  if (!chunk) throw new Error(`The build has no ${BOOT_ENTRY} entry`);
  const [, ...imports] = staticClosure(manifest, BOOT_ENTRY);
  return { src: `/${chunk.file}`, preload: imports.map((file) => `/${file}`) };
}

/**
 * The SPA's index.html with a page's markup in #root and its styles in <head>, loading the
 * boot script instead of the app: the app's module tags become the boot script's data
 * (src/prerender/app-scripts.ts).
 */
export function pageHtml(shell: string, page: RenderedPage, boot: BootScript): string {
  if (!shell.includes(ROOT_ELEMENT) || !shell.includes("</head>")) {
    throw new Error(`index.html must hold ${ROOT_ELEMENT} and a </head>`);
  }
  const app: AppScripts = { entry: "", preload: [] };
  const withoutApp = shell.replace(APP_MODULE_TAG, (_tag, entry?: string, module?: string) => {
    if (entry) {
      if (app.entry) throw new Error("index.html loads more than one module script");
      app.entry = entry;
    } else if (module) {
      app.preload.push(module);
    }
    return "";
  });
  if (!app.entry) throw new Error('index.html must load the app with a <script type="module">');
  const head = [
    ...boot.preload.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    `<script type="module" crossorigin src="${boot.src}"></script>`,
    // "<" escaped: the JSON cannot end the <script> element early.
    `<script type="application/json" id="${APP_SCRIPTS_ID}">${JSON.stringify(app).replace(/</g, "\\u003c")}</script>`,
    page.styles,
  ].join("\n    ");
  return withoutApp
    .replace(/\s*<\/head>/, () => `\n    ${head}\n  </head>`)
    .replace(ROOT_ELEMENT, () => `<div id="root" data-prerendered>${page.html}</div>`);
}

export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "portal:prerender",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return; // the SSR build below
      const dist = path.resolve(config.root, config.build.outDir);
      const ssrOut = await mkdtemp(path.join(os.tmpdir(), "portal-prerender-"));
      try {
        await build({
          root: config.root,
          configFile: config.configFile,
          mode: config.mode,
          logLevel: "warn",
          ssr: { noExternal: true },
          build: { ssr: ENTRY, outDir: ssrOut, emptyOutDir: true, manifest: false },
        });
        const { renderPage } = (await import(
          pathToFileURL(path.join(ssrOut, "render-page.js")).href
        )) as { renderPage: (path: string) => Promise<RenderedPage> };
        const shell = await readFile(path.join(dist, "index.html"), "utf8");
        const manifest = JSON.parse(await readFile(path.join(dist, ".vite/manifest.json"), "utf8"));
        const boot = bootScript(manifest);
        for (const [route, file] of Object.entries(PRERENDERED_PAGES)) {
          const target = path.join(dist, file);
          await mkdir(path.dirname(target), { recursive: true });
          await writeFile(target, pageHtml(shell, await renderPage(route), boot));
        }
      } finally {
        await rm(ssrOut, { recursive: true, force: true });
      }
    },
  };
}
