/**
 * CloudFront's part: serves the built SPA with the SPA fallback (paths that are not files get
 * index.html) and the caching a hashed build wants.
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
  ".wasm": "application/wasm",
};

/** Vite names built assets "name-<hash>.ext": their content never changes under that name. */
const HASHED = /[-.][\w-]{8,}\.\w+$/;

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Portal: web app not built</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>The web app has not been built yet</h1>
<p>The API and the development identity provider are running. To serve the portal's pages,
run <code>npm run build</code> and reload this page (<code>npm start</code> builds it for you).</p>
</body></html>`;

async function fileAt(file: string) {
  try {
    const info = await stat(file);
    return info.isFile() ? info : undefined;
  } catch {
    return undefined;
  }
}

export function createStaticSite(distDir: string) {
  const root = path.resolve(distDir);

  return async (req: IncomingMessage, res: ServerResponse, urlPath: string) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD" }).end();
      return;
    }
    let relative: string;
    try {
      relative = decodeURIComponent(urlPath);
    } catch {
      res.writeHead(400).end();
      return;
    }
    const requested = path.resolve(root, `.${relative}`);
    // Never serve anything outside the build folder ("/../../etc/passwd").
    const inside = requested === root || requested.startsWith(root + path.sep);
    let file = inside ? requested : undefined;
    let info = file ? await fileAt(file) : undefined;

    if (!info) {
      // A path whose last segment has no extension is an SPA route: the app decides.
      const isRoute = !path.posix.basename(urlPath).includes(".");
      if (!isRoute) {
        res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found");
        return;
      }
      file = path.join(root, "index.html");
      info = await fileAt(file);
      if (!info) {
        res.writeHead(200, {
          "content-type": "text/html; charset=utf-8",
          "cache-control": "no-store",
        });
        res.end(req.method === "HEAD" ? undefined : NOT_BUILT);
        return;
      }
    }
    if (!file) return;

    const ext = path.extname(file).toLowerCase();
    const cacheControl =
      ext !== ".html" && HASHED.test(path.basename(file))
        ? "public, max-age=31536000, immutable"
        : // index.html and unhashed files: revalidate, so a new build shows at once.
          "no-cache";
    res.writeHead(200, {
      "content-type": CONTENT_TYPES[ext] ?? "application/octet-stream",
      "content-length": info.size,
      "cache-control": cacheControl,
      "last-modified": info.mtime.toUTCString(),
      "x-content-type-options": "nosniff",
    });
    if (req.method === "HEAD") {
      res.end();
      return;
    }
    createReadStream(file).pipe(res);
  };
}
