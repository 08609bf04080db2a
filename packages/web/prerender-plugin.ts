/**
 * After Vite builds the SPA, renders each public page of prerendered-pages.ts to HTML and CSS
 * into dist/ (docs/pages.md, "Pre-rendered public pages"). The pages are rendered by the same
 * components, in Node, from a second (SSR) build of src/prerender/render-page.tsx that bundles
 * every dependency, so it uses this package's one React and never ships.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Plugin, type ResolvedConfig } from "vite";
import { PRERENDERED_PAGES } from "./prerendered-pages";
import type { RenderedPage } from "./src/prerender/render-page";

const ENTRY = "src/prerender/render-page.tsx";
const ROOT_ELEMENT = '<div id="root"></div>';

/** The SPA's index.html with a page's markup in #root and its styles in <head>. */
export function pageHtml(shell: string, page: RenderedPage): string {
  if (!shell.includes(ROOT_ELEMENT) || !shell.includes("</head>")) {
    throw new Error(`index.html must hold ${ROOT_ELEMENT} and a </head>`);
  }
  return shell
    .replace("</head>", () => `${page.styles}</head>`)
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
        for (const [route, file] of Object.entries(PRERENDERED_PAGES)) {
          const target = path.join(dist, file);
          await mkdir(path.dirname(target), { recursive: true });
          await writeFile(target, pageHtml(shell, await renderPage(route)));
        }
      } finally {
        await rm(ssrOut, { recursive: true, force: true });
      }
    },
  };
}
