/**
 * The one error the API client throws for a non-OK answer. Its `message` is the spec's
 * "STATUS: text" (docs/pages.md, "Calling the API": the body, or the status text when there is none), kept for
 * display; the status, our error body's code, human message and field messages are read once,
 * here, so no caller parses the message back.
 */

/** Our API's error body: `{ "error": { "code", "message", "fields"?, "requestId"? } }`. */
interface ErrorBody {
  code: string;
  message: string;
  fields: Record<string, string>;
}

export class ApiError extends Error {
  override readonly name = "ApiError";
  /** The body's `error.code` (e.g. "validation_failed"), or null when the body is not ours. */
  readonly code: string | null;
  /** The body's `error.message`, written for a person, or null when the body is not ours. */
  readonly detail: string | null;
  /** The body's field messages by field name (empty when there are none). */
  readonly fields: Readonly<Record<string, string>>;

  constructor(
    readonly status: number,
    text: string,
  ) {
    super(`${status}: ${text}`);
    const body = readErrorBody(text);
    this.code = body?.code ?? null;
    this.detail = body?.message ?? null;
    this.fields = body?.fields ?? {};
  }

  /** The error as an ApiError, or undefined for anything else (a network failure, a bug). */
  static from(error: unknown): ApiError | undefined {
    return error instanceof ApiError ? error : undefined;
  }

  /** Builds the error of a non-OK response (reads its body). */
  static async fromResponse(res: Response): Promise<ApiError> {
    return new ApiError(res.status, (await res.text()) || res.statusText);
  }
}

/**
 * Reads our error body without zod: this module is on the landing page's path, which must not
 * download it. The shape is the contract's `apiErrorSchema` (core/contracts/users.ts); a body
 * that does not have it (a proxy's HTML page, plain text) is not ours.
 */
function readErrorBody(text: string): ErrorBody | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const error = isRecord(parsed) ? parsed.error : undefined;
  if (!isRecord(error) || typeof error.code !== "string" || typeof error.message !== "string") {
    return undefined;
  }
  const fields: Record<string, string> = {};
  if (isRecord(error.fields)) {
    for (const [name, value] of Object.entries(error.fields)) {
      if (typeof value === "string") fields[name] = value;
    }
  }
  return { code: error.code, message: error.message, fields };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The server's own words for a 503 (docs/operations.md, "When a dependency fails": a throttled
 * table, Stripe down): it says nothing was saved or charged and when to try again, which is
 * better than any generic "failed" line. Undefined for any other error.
 */
export function unavailableMessage(error: unknown): string | undefined {
  const apiError = ApiError.from(error);
  return apiError?.status === 503 ? (apiError.detail ?? undefined) : undefined;
}
