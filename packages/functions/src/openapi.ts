/**
 * The API reference (docs/developer-api.md): an OpenAPI 3.1 document made from the route
 * records and each route's contract (@portal/core/contracts/api, the schemas its handler
 * validates with and is typed by), through zod's own JSON Schema output. A route's summary is
 * the first line of its handler file's comment, so nothing here repeats what the routes,
 * contracts and handlers already say.
 */
import type { RouteContract } from "@portal/core/contracts/api";
import * as z from "@portal/core/contracts/zod";
import { keyAccess, type RouteRecord, routeKeysOf } from "./routes";

type Json = Record<string, unknown>;

export interface RouteSource {
  contract: RouteContract;
  /** The handler file's text (its leading comment becomes the summary). */
  source: string;
}

const jsonSchema = (schema: z.ZodMiniType, io: "input" | "output") =>
  z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as Json;

/** The first comment's text after "METHOD /path:", as one line. */
export function summaryOf(source: string): string {
  const comment = /\/\*\*([\s\S]*?)\*\//.exec(source)?.[1] ?? "";
  const text = comment
    .split("\n")
    .map((line) => line.replace(/^\s*\*\s?/, "").trim())
    .filter(Boolean)
    .join(" ");
  const summary = text.replace(/^[A-Z]+ \/\S+:\s*/, "").replace(/\s+/g, " ");
  return summary.charAt(0).toUpperCase() + summary.slice(1);
}

function parameters(schema: z.ZodMiniType | undefined, where: "path" | "query"): Json[] {
  if (!schema) return [];
  const object = jsonSchema(schema, "input") as {
    properties?: Record<string, Json>;
    required?: string[];
  };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === "path" || (object.required ?? []).includes(name),
    schema: property,
  }));
}

const ERROR = { $ref: "#/components/schemas/Error" };

const KEY_ACCESS_TEXT = {
  read: "API keys with read or write permission may call it.",
  write: "API keys with write permission may call it.",
  none: "Signed-in portal sessions only: API keys are refused (403 api_key_not_allowed).",
} as const;

export function buildOpenApi(
  routes: Readonly<Record<string, RouteRecord>>,
  sources: ReadonlyMap<string, RouteSource>,
  info: { title: string; version: string },
): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const [routeKey, record] of Object.entries(routes)) {
    if (record.entitlement === "staff") continue; // the provider's console is not the customer API
    const found = sources.get(routeKey);
    if (!found) throw new Error(`No handler source for ${routeKey}`);
    const [, path] = routeKey.split(" ") as [string, string];
    const { contract } = found;
    const access = keyAccess(routeKey, record);
    const operation: Json = {
      summary: summaryOf(found.source),
      description: `Needs: ${record.entitlement}. ${KEY_ACCESS_TEXT[access]}`,
      tags: [path.split("/")[2] ?? "api"],
      "x-api-key-access": access,
      security:
        record.entitlement === "public"
          ? []
          : access === "none"
            ? [{ session: [] }]
            : [{ session: [] }, { apiKey: [] }],
      parameters: [
        ...parameters(contract.params as z.ZodMiniType | undefined, "path"),
        ...parameters(contract.query as z.ZodMiniType | undefined, "query"),
      ],
      responses: {
        [String(successStatus(contract))]: {
          description: "Success",
          ...answerContent(contract.response),
        },
        ...(record.entitlement === "public"
          ? {}
          : {
              "401": { description: "No valid session or API key", content: json(ERROR) },
              "403": { description: "Not allowed to the caller", content: json(ERROR) },
            }),
        "400": { description: "The request is not valid", content: json(ERROR) },
      },
    };
    if (contract.body) {
      operation.requestBody = {
        required: true,
        content: { "application/json": { schema: jsonSchema(contract.body, "input") } },
      };
    }
    // A record's other paths answer the same (routes.ts, `alsoAt`).
    for (const key of routeKeysOf(routeKey, record)) {
      const [otherMethod, otherPath] = key.split(" ") as [string, string];
      paths[otherPath] ??= {};
      (paths[otherPath] as Record<string, Json>)[otherMethod.toLowerCase()] = operation;
    }
  }
  return {
    openapi: "3.1.0",
    info,
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    paths,
    components: {
      securitySchemes: {
        session: { type: "http", scheme: "bearer", description: "The portal's session token" },
        apiKey: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "sk_…",
          description: "An API key from Settings → Developer",
        },
      },
      schemas: {
        Error: {
          type: "object",
          required: ["error"],
          properties: {
            error: {
              type: "object",
              required: ["code", "message"],
              properties: {
                code: { type: "string" },
                message: { type: "string" },
                fields: { type: "object", additionalProperties: { type: "string" } },
                requestId: { type: "string" },
              },
            },
          },
        },
      },
    },
  };
}

/** The success status, as the handler's frame sends it (api/frame.ts). */
function successStatus(contract: RouteContract): number {
  return contract.status ?? (contract.response === null ? 204 : 200);
}

function answerContent(answer: RouteContract["response"]): Json {
  if (answer === null) return {};
  if ("contentType" in answer) {
    return {
      content: { [answer.contentType.split(";")[0] ?? ""]: { schema: { type: "string" } } },
    };
  }
  return { content: json(jsonSchema(answer, "output")) };
}

function json(schema: Json) {
  return { "application/json": { schema } };
}
