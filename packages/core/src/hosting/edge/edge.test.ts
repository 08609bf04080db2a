import { statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  type EdgeRequest,
  type EdgeResponse,
  isEdgeResponse,
  loadEdgeFunctions,
} from "./run-in-vm";

const entries: Record<string, string> = {
  "shop-abc123.sites.example": JSON.stringify({ d: "01JLIVE", nf: 1 }),
  "01jprev--shop-abc123.sites.example": JSON.stringify({ d: "01JPREV", p: 1 }),
  "paused-abc123.sites.example": JSON.stringify({ s: "paused" }),
  "www.shop.test": JSON.stringify({ r: "shop.test" }),
};
const edge = loadEdgeFunctions((key) => entries[key]);

function request(host: string, uri: string, extra: Record<string, string> = {}): EdgeRequest {
  const headers = Object.fromEntries(
    Object.entries({ host, ...extra }).map(([name, value]) => [name, { value }]),
  );
  return { method: "GET", uri, querystring: {}, headers, cookies: {} };
}

async function routed(host: string, uri: string, extra?: Record<string, string>) {
  const answer = await edge.viewerRequest(request(host, uri, extra));
  if (isEdgeResponse(answer)) throw new Error(`answered ${answer.statusCode}`);
  return answer;
}

async function answered(host: string, uri: string): Promise<EdgeResponse> {
  const answer = await edge.viewerRequest(request(host, uri));
  if (!isEdgeResponse(answer)) throw new Error(`passed on to ${answer.uri}`);
  return answer;
}

describe("viewer-request", () => {
  it("serves the deployment the host's entry names, whatever the port or case", async () => {
    expect((await routed("Shop-ABC123.sites.example:3000", "/")).uri).toBe(
      "/deployments/01JLIVE/index.html",
    );
    expect((await routed("shop-abc123.sites.example", "/about")).uri).toBe(
      "/deployments/01JLIVE/about/index.html",
    );
    expect((await routed("shop-abc123.sites.example", "/blog/")).uri).toBe(
      "/deployments/01JLIVE/blog/index.html",
    );
    expect((await routed("shop-abc123.sites.example", "/assets/app.css")).uri).toBe(
      "/deployments/01JLIVE/assets/app.css",
    );
  });

  it("passes the site's own 404 page on, and marks previews only", async () => {
    const live = await routed("shop-abc123.sites.example", "/x.html");
    expect(live.headers["x-portal-not-found"]?.value).toBe("/deployments/01JLIVE/404.html");
    expect(live.headers["x-portal-preview"]).toBeUndefined();
    const preview = await routed("01jprev--shop-abc123.sites.example", "/");
    expect(preview.uri).toBe("/deployments/01JPREV/index.html");
    expect(preview.headers["x-portal-preview"]?.value).toBe("1");
    expect(preview.headers["x-portal-not-found"]).toBeUndefined();
  });

  it("ignores routing headers a viewer sends", async () => {
    const live = await routed("shop-abc123.sites.example", "/", {
      "x-portal-preview": "1",
      "x-forwarded-proto": "http",
    });
    expect(live.headers["x-portal-preview"]).toBeUndefined();
    expect(live.headers["x-forwarded-proto"]).toBeUndefined();
  });

  it("answers unknown hosts 404, paused sites 503 and redirects 301", async () => {
    const unknown = await answered("other-000000.sites.example", "/");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body?.data).toBe("No site is served at this address");
    const paused = await answered("paused-abc123.sites.example", "/");
    expect(paused.statusCode).toBe(503);
    expect(paused.body?.data).toBe("This site is paused");
    const redirect = await answered("www.shop.test", "/menu/");
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location?.value).toBe("https://shop.test/menu/");
  });

  it("refuses paths that climb out or hide a separator", async () => {
    for (const uri of [
      "/../other/index.html",
      "/a/%2e%2e/b",
      "/a%2fb",
      "/a%5Cb",
      "/a\\b",
      "/%zz",
    ]) {
      expect((await answered("shop-abc123.sites.example", uri)).statusCode, uri).toBe(400);
    }
  });

  it("fits CloudFront Functions' 10 KB", () => {
    for (const name of ["viewer-request.js", "viewer-response.js"]) {
      expect(statSync(new URL(`./${name}`, import.meta.url)).size).toBeLessThan(10 * 1024);
    }
  });
});

describe("viewer-response", () => {
  const response = (): EdgeResponse => ({ statusCode: 200, headers: {} });

  it("adds the security headers, HSTS over HTTPS only", async () => {
    const secure = await edge.viewerResponse(request("a.example", "/"), response());
    expect(secure.headers["x-content-type-options"]?.value).toBe("nosniff");
    expect(secure.headers["referrer-policy"]?.value).toBe("strict-origin-when-cross-origin");
    expect(secure.headers["strict-transport-security"]?.value).toBe("max-age=31536000");
    const plain = await edge.viewerResponse(
      request("a.example", "/", { "x-forwarded-proto": "http" }),
      response(),
    );
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
  });

  it("says noindex on preview hosts only", async () => {
    const preview = await routed("01jprev--shop-abc123.sites.example", "/");
    expect((await edge.viewerResponse(preview, response())).headers["x-robots-tag"]?.value).toBe(
      "noindex",
    );
    const live = await routed("shop-abc123.sites.example", "/");
    expect((await edge.viewerResponse(live, response())).headers["x-robots-tag"]).toBeUndefined();
  });
});
