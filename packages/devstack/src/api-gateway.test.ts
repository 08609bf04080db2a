import { describe, expect, it } from "vitest";
import { compileRoutes, matchRoute } from "./api-gateway";

const compiled = compileRoutes({
  "GET /api/sites": { handler: "sites/list.handler" },
  "GET /api/sites/{id}": { handler: "sites/get.handler" },
  "GET /api/sites/refresh": { handler: "sites/refresh.handler" },
  "POST /api/sites/{id}/screenshot": { handler: "sites/screenshot.handler" },
  "GET /api/files/{path+}": { handler: "files/get.handler" },
  "GET /api/me": { handler: "me.handler", alsoAt: ["GET /api/self"] },
});

describe("route matching", () => {
  it("prefers a literal segment over a parameter, whatever the table's order", () => {
    expect(matchRoute(compiled, "GET", "/api/sites/refresh")?.route.handler).toBe(
      "sites/refresh.handler",
    );
    expect(matchRoute(compiled, "GET", "/api/sites/s_1")).toMatchObject({
      route: { routeKey: "GET /api/sites/{id}" },
      pathParameters: { id: "s_1" },
    });
  });

  it("decodes path parameters and matches greedy ones across slashes", () => {
    expect(matchRoute(compiled, "POST", "/api/sites/a%20b/screenshot")).toMatchObject({
      pathParameters: { id: "a b" },
    });
    expect(matchRoute(compiled, "GET", "/api/files/a/b/c.png")).toMatchObject({
      pathParameters: { path: "a/b/c.png" },
    });
  });

  it("marks a parameter that is not valid percent-encoded UTF-8 as malformed, not a throw", () => {
    expect(matchRoute(compiled, "GET", "/api/sites/%E0")).toEqual({
      route: expect.objectContaining({ routeKey: "GET /api/sites/{id}" }),
      malformed: true,
    });
    expect(matchRoute(compiled, "GET", "/api/files/a/%ZZ")).toMatchObject({ malformed: true });
  });

  it("routes a record's other route keys to its handler under their own key", () => {
    expect(matchRoute(compiled, "GET", "/api/self")?.route).toMatchObject({
      routeKey: "GET /api/self",
      handler: "me.handler",
    });
    expect(matchRoute(compiled, "GET", "/api/me")?.route.routeKey).toBe("GET /api/me");
  });

  it("finds a literal route by its method or ANY, the table's first of the two winning", () => {
    const table = compileRoutes({
      "ANY /api/ping": { handler: "ping/any.handler" },
      "GET /api/ping": { handler: "ping/get.handler" },
      "GET /api/{name}": { handler: "name.handler" },
      "GET /api/a.b": { handler: "dotted.handler" },
    });
    expect(matchRoute(table, "GET", "/api/ping")?.route.handler).toBe("ping/any.handler");
    expect(matchRoute(table, "POST", "/api/ping")?.route.handler).toBe("ping/any.handler");
    expect(matchRoute(table, "GET", "/api/a.b")).toMatchObject({
      route: { handler: "dotted.handler" },
      pathParameters: {},
    });
    // A literal route's path is not a pattern: "." matches a dot only.
    expect(matchRoute(table, "GET", "/api/axb")).toMatchObject({
      route: { handler: "name.handler" },
      pathParameters: { name: "axb" },
    });
  });

  it("matches method and whole path only", () => {
    expect(matchRoute(compiled, "DELETE", "/api/sites/s_1")).toBeUndefined();
    expect(matchRoute(compiled, "GET", "/api/sites/s_1/extra")).toBeUndefined();
    expect(matchRoute(compiled, "GET", "/api/sitesX")).toBeUndefined();
  });
});
