/** The API reference is the route table and the handlers' own schemas (docs/developer-api.md). */
import { beforeAll, describe, expect, test } from "vitest";
import { openApiDocument } from "./openapi-document";
import { keyAccess, type RouteRecord, routes } from "./routes";

// A JSON Schema as the document holds it: any shape, read field by field below.
// biome-ignore lint/suspicious/noExplicitAny: JSON read field by field
type Schema = Record<string, any>;
type Operation = {
  summary: string;
  "x-api-key-access": string;
  security: Record<string, unknown>[];
  parameters: { name: string; in: string }[];
  requestBody?: { content: { "application/json": { schema: Schema } } };
  responses: Record<string, { content?: { "application/json": { schema: Schema } } }>;
};
let doc: { openapi: string; paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  doc = (await openApiDocument()) as typeof doc;
}, 60_000);

const operation = (routeKey: string) => {
  const [method, path] = routeKey.split(" ") as [string, string];
  return doc.paths[path]?.[method.toLowerCase()];
};

describe("the OpenAPI document", () => {
  test("is OpenAPI 3.1 with every customer and public route, and no staff route", () => {
    expect(doc.openapi).toBe("3.1.0");
    for (const [routeKey, record] of Object.entries(routes) as [string, RouteRecord][]) {
      const found = operation(routeKey);
      if (record.entitlement === "staff") expect(found).toBeUndefined();
      else
        expect([routeKey, found?.["x-api-key-access"]]).toEqual([
          routeKey,
          keyAccess(routeKey, record),
        ]);
    }
  });

  test("describes a record's other paths as the same operation", () => {
    expect(operation("GET /api/questionnaire")).toEqual(operation("GET /api/questionnaires/me"));
    expect(
      operation("GET /api/questionnaire")?.responses["200"]?.content?.["application/json"].schema
        .properties,
    ).toHaveProperty("isCompleted");
  });

  test("says which routes take an API key", () => {
    expect(operation("GET /api/sites")?.security).toEqual([{ session: [] }, { apiKey: [] }]);
    expect(operation("GET /api/billing/subscription")?.security).toEqual([{ session: [] }]);
    expect(operation("POST /api/collect")?.security).toEqual([]);
  });

  test("takes request and response schemas from the routes' contracts", () => {
    const create = operation("POST /api/developer/keys");
    const body = create?.requestBody?.content["application/json"].schema;
    expect(Object.keys(body?.properties ?? {}).sort()).toEqual([
      "expiresInDays",
      "name",
      "permission",
    ]);
    expect(body?.properties.permission.enum).toEqual(["read", "write"]);
    const created = create?.responses["201"]?.content?.["application/json"].schema;
    expect(created?.required).toEqual(["key", "apiKey"]);
    expect(
      operation("POST /api/tickets")?.requestBody?.content["application/json"].schema.properties,
    ).toHaveProperty("title");
    expect(operation("DELETE /api/developer/keys/{id}")?.parameters).toEqual([
      expect.objectContaining({ name: "id", in: "path" }),
    ]);
  });

  test("describes every route's success answer, as its contract declares it", () => {
    for (const [routeKey, record] of Object.entries(routes) as [string, RouteRecord][]) {
      if (record.entitlement === "staff") continue;
      const responses = operation(routeKey)?.responses ?? {};
      const success = Object.keys(responses).filter((status) => status.startsWith("2"));
      expect([routeKey, success.length]).toEqual([routeKey, 1]);
      const [status = ""] = success;
      if (status !== "204")
        expect([routeKey, responses[status]?.content]).not.toEqual([routeKey, undefined]);
    }
    expect(Object.keys(operation("POST /api/tickets")?.responses ?? {})).toContain("201");
    expect(Object.keys(operation("POST /api/seo/analyze")?.responses ?? {})).toContain("202");
    expect(Object.keys(operation("DELETE /api/sites/{id}")?.responses ?? {})).toContain("204");
    expect(
      Object.keys(operation("GET /api/notifications/unsubscribe")?.responses["200"]?.content ?? {}),
    ).toEqual(["text/html"]);
    expect(operation("POST /api/collect")?.requestBody).toBeDefined();
  });

  test("summaries are the handler files' own first lines", () => {
    expect(operation("GET /api/sites")?.summary).toBe(
      "The caller's sites (the shell's badge counts them).",
    );
  });
});
