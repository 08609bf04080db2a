/** The emulator's answers to browsers and to its own controls: HTML pages, JSON, redirects. */
import type { ServerResponse } from "node:http";
import { parseForm } from "./form";

export function html(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
    // The pages hold card fields: no framing, no referrer leaks.
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
  });
  res.end(body);
}

export function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  res.end(JSON.stringify(body));
}

export function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { location, "cache-control": "no-store" });
  res.end();
}

export function methodNotAllowed(res: ServerResponse) {
  return json(res, 405, { error: { message: "Method not allowed" } });
}

/** A JSON request body of the emulator's own pages and controls; fields are checked where read. */
export type JsonBody = Record<string, unknown>;

export function jsonBody(body: Buffer): JsonBody {
  const parsed: unknown = JSON.parse(body.toString("utf8") || "{}");
  return typeof parsed === "object" && parsed !== null ? (parsed as JsonBody) : {};
}

/** A page's posted form, read field by field (a missing or repeated field reads as ""). */
export function formFields(body: Buffer): (name: string) => string {
  const form = parseForm(body.toString("utf8"));
  return (name) => (typeof form[name] === "string" ? (form[name] as string) : "");
}

/** "12 / 34", "12/34", "1234" → month and year. */
export function parseExpiry(value: string): { month: number; year: number } {
  const digits = value.replace(/\D/g, "");
  if (value.includes("/")) {
    const [m = "", y = ""] = value.split("/").map((p) => p.trim());
    return { month: Number(m), year: Number(y) };
  }
  return { month: Number(digits.slice(0, 2)), year: Number(digits.slice(2)) };
}
