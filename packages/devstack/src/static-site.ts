/**
 * CloudFront's part: serves the built SPA with the SPA fallback (paths that are not files get
 * index.html, the public pages their pre-rendered HTML), the caching a hashed build wants, and
 * the compression CloudFront applies.
 */
import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import { prerenderedFile } from "../../web/prerendered-pages";

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

/** Types CloudFront compresses (text, scripts, styles, JSON, SVG, WebAssembly). */
export const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|xml|wasm)|image\/svg)/;

export type Encoding = "br" | "gzip";

/** The encoding to answer with, preferring Brotli as CloudFront does. */
export function negotiate(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = (acceptEncoding ?? "").split(",").map((e) => e.trim().split(";")[0]);
  if (accepted.includes("br")) return "br";
  if (accepted.includes("gzip")) return "gzip";
  return undefined;
}

/**
 * Compressed copies, made once per file version: a build's files are read many times and
 * change only on rebuild (the mtime tells).
 */
const compressed = new Map<string, { mtimeMs: number; body: Buffer }>();

async function compressedCopy(file: string, mtimeMs: number, encoding: Encoding) {
  const key = `${encoding}:${file}`;
  const cached = compressed.get(key);
  if (cached && cached.mtimeMs === mtimeMs) return cached.body;
  const raw = await readFile(file);
  const body =
    encoding === "br"
      ? brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } })
      : gzipSync(raw, { level: 9 });
  compressed.set(key, { mtimeMs, body });
  return body;
}

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
    // As the CloudFront function does (stacks/Web.ts): a public page answers with its HTML.
    const requested = path.resolve(root, `.${prerenderedFile(relative) ?? relative}`);
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
    const contentType = CONTENT_TYPES[ext] ?? "application/octet-stream";
    const headers = {
      "content-type": contentType,
      "cache-control": cacheControl,
      "last-modified": info.mtime.toUTCString(),
      "x-content-type-options": "nosniff",
      vary: "accept-encoding",
    };
    const encoding = COMPRESSIBLE.test(contentType)
      ? negotiate(req.headers["accept-encoding"])
      : undefined;
    if (encoding) {
      const body = await compressedCopy(file, info.mtimeMs, encoding);
      res.writeHead(200, {
        ...headers,
        "content-encoding": encoding,
        "content-length": body.length,
      });
      res.end(req.method === "HEAD" ? undefined : body);
      return;
    }
    res.writeHead(200, { ...headers, "content-length": info.size });
    if (req.method === "HEAD") {
      res.end();
      return;
    }
    createReadStream(file).pipe(res);
  };
}
