/**
 * The public pages pre-rendered to HTML and CSS at build time (docs/pages.md, "Pre-rendered
 * public pages"): each path and the file of dist/ that answers it. Read by the build
 * (prerender-plugin.ts), the CloudFront viewer-request function (stacks/Web.ts) and the local
 * stack's static site, so the three cannot disagree. Every other route gets index.html, the
 * SPA's empty shell.
 */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = {
  "/": "/prerendered/home.html",
  "/pricing": "/prerendered/pricing.html",
  "/sales": "/prerendered/sales.html",
};

/** The pre-rendered file answering a request path ("/sales/" is "/sales"), if there is one. */
export function prerenderedFile(urlPath: string): string | undefined {
  const path = urlPath.replace(/\/+$/, "") || "/";
  return Object.hasOwn(PRERENDERED_PAGES, path) ? PRERENDERED_PAGES[path] : undefined;
}
