/**
 * How each unpacked file is stored for serving (docs/hosting.md "Serving"): its Content-Type,
 * its Cache-Control (a year for hashed asset names, revalidated for everything else), and, for
 * HTML pages of a site whose analytics is on, the first-party tracking script added once.
 */
import mime from "mime-types";
import { trackingSnippet } from "../contracts/analytics";
import { IMMUTABLE_CACHE, REVALIDATE_CACHE } from "./enums";

/** The type a browser should get; text types say UTF-8, unknown ones are plain bytes. */
export function contentTypeOf(path: string): string {
  const type = mime.lookup(path);
  if (!type) return "application/octet-stream";
  return mime.contentType(type) || type;
}

/**
 * Whether a name carries a content hash (`app.3f9a1c2e.js`, Vite's `index-DiwrgTda.css`): a
 * run of 8 or more hash characters after `.` or `-`, with a digit or both cases in it, so that
 * `my-favorite.css` is not taken for one.
 */
export function isHashedName(path: string): boolean {
  const name = path.slice(path.lastIndexOf("/") + 1);
  if (/\.html?$/i.test(name)) return false;
  const match = /[.-]([A-Za-z0-9_]{8,})\.[A-Za-z0-9]+$/.exec(name);
  const hash = match?.[1];
  if (!hash) return false;
  return /\d/.test(hash) || (/[a-z]/.test(hash) && /[A-Z]/.test(hash));
}

export const cacheControlOf = (path: string) =>
  isHashedName(path) ? IMMUTABLE_CACHE : REVALIDATE_CACHE;

export const isHtml = (path: string) => /\.html?$/i.test(path);

/**
 * The page with the tracking script added before </head> (or </body>, or at the end), unless it
 * already loads it. `scriptUrl` is the portal's /api/collect.js.
 */
export function withTracker(html: string, scriptUrl: string, siteId: string): string {
  if (html.includes(scriptUrl)) return html;
  const tag = trackingSnippet(scriptUrl, siteId);
  for (const close of [/<\/head\s*>/i, /<\/body\s*>/i]) {
    const match = close.exec(html);
    if (match) return `${html.slice(0, match.index)}${tag}${html.slice(match.index)}`;
  }
  return `${html}${tag}`;
}
