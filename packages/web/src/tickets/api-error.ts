/**
 * Reads our API's error body back out of the client's "STATUS: body" error (docs/pages.md, "Calling
 * the API"), so a form can show the server's field messages beside the fields.
 */
import { apiErrorSchema } from "@portal/core/contracts/users";

export interface ParsedApiError {
  status: number | null;
  message: string | null;
  fields: Record<string, string>;
}

export function parseApiError(error: unknown): ParsedApiError {
  const text = error instanceof Error ? error.message : "";
  const match = /^(\d{3}): ([\s\S]*)$/.exec(text);
  if (!match) return { status: null, message: null, fields: {} };
  const status = Number(match[1]);
  try {
    const body = apiErrorSchema.safeParse(JSON.parse(match[2] ?? ""));
    if (body.success) {
      return { status, message: body.data.error.message, fields: body.data.error.fields ?? {} };
    }
  } catch {
    // Not JSON (a proxy's error page): only the status is known.
  }
  return { status, message: null, fields: {} };
}
