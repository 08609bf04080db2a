import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRERENDERED_PAGES } from "../../web/prerendered-pages";
import { close, listen } from "./net";
import { createStaticSite } from "./static-site";

let dist: string;
let servers: Server[] = [];

async function serve(dir: string) {
  const site = createStaticSite(dir);
  const server = createServer((req, res) => {
    void site(req, res, new URL(req.url ?? "/", "http://x").pathname);
  });
  servers.push(server);
  return `http://127.0.0.1:${await listen(server, 0, "127.0.0.1")}`;
}

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), "portal-dist-"));
  await mkdir(path.join(dist, "assets"));
  await writeFile(path.join(dist, "index.html"), "<!doctype html><html><body>app</body></html>");
  await writeFile(path.join(dist, "assets", "index-B3x9kQ2a.js"), "console.log(1)");
  await writeFile(path.join(dist, "robots.txt"), "User-agent: *");
  await writeFile(path.join(dist, "logo.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
});

afterAll(async () => {
  await Promise.all(servers.map(close));
  servers = [];
  await rm(dist, { recursive: true, force: true });
});

describe("static SPA hosting", () => {
  it("serves files with their type, hashed assets with a long cache", async () => {
    const url = await serve(dist);
    const asset = await fetch(`${url}/assets/index-B3x9kQ2a.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");

    const robots = await fetch(`${url}/robots.txt`);
    expect(robots.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(robots.headers.get("cache-control")).toBe("no-cache");
  });

  it("compresses text as CloudFront does (Brotli first, then gzip) and leaves images alone", async () => {
    const url = await serve(dist);
    const asset = `${url}/assets/index-B3x9kQ2a.js`;
    const br = await fetch(asset, { headers: { "accept-encoding": "gzip, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(await br.text()).toBe("console.log(1)");
    const gzip = await fetch(asset, { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(await gzip.text()).toBe("console.log(1)");
    const identity = await fetch(asset, { headers: { "accept-encoding": "identity" } });
    expect(identity.headers.get("content-encoding")).toBeNull();
    expect(await identity.text()).toBe("console.log(1)");
    const image = await fetch(`${url}/logo.png`, { headers: { "accept-encoding": "br" } });
    expect(image.headers.get("content-encoding")).toBeNull();
  });

  it("answers app routes with index.html, never cached for long", async () => {
    const url = await serve(dist);
    for (const route of ["/", "/dashboard", "/sites/s_1/settings"]) {
      const page = await fetch(`${url}${route}`);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      expect(page.headers.get("cache-control")).toBe("no-cache");
      expect(await page.text()).toContain("app");
    }
  });

  it("answers the public pages with their pre-rendered HTML, as the CloudFront function does", async () => {
    const built = await mkdtemp(path.join(os.tmpdir(), "portal-dist-"));
    try {
      await writeFile(path.join(built, "index.html"), "shell");
      for (const [route, file] of Object.entries(PRERENDERED_PAGES)) {
        await mkdir(path.dirname(path.join(built, file)), { recursive: true });
        await writeFile(path.join(built, file), `page ${route}`);
      }
      const url = await serve(built);
      for (const route of Object.keys(PRERENDERED_PAGES)) {
        for (const asked of route === "/" ? [route] : [route, `${route}/`]) {
          const page = await fetch(`${url}${asked}`);
          expect(page.headers.get("content-type")).toMatch(/^text\/html/);
          expect(page.headers.get("cache-control")).toBe("no-cache");
          expect(await page.text()).toBe(`page ${route}`);
        }
      }
      expect(await (await fetch(`${url}/dashboard`)).text()).toBe("shell");
      expect(await (await fetch(`${url}/sales/x`)).text()).toBe("shell");
    } finally {
      await rm(built, { recursive: true, force: true });
    }
  });

  it("answers a missing file with 404 and never leaves the build folder", async () => {
    const url = await serve(dist);
    expect((await fetch(`${url}/assets/missing-12345678.js`)).status).toBe(404);
    // Encoded so that fetch does not resolve the dots itself; the server must not either.
    const outside = await fetch(`${url}/..%2f..%2f..%2f..%2fetc%2fpasswd`);
    expect(outside.status).toBe(404);
    expect(await outside.text()).not.toContain("root:");
  });

  it("explains how to build when there is no build yet", async () => {
    const url = await serve(path.join(dist, "not-built"));
    const page = await fetch(`${url}/dashboard`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("npm run build");
  });
});
