/**
 * Stripe's request encoding: application/x-www-form-urlencoded with nested keys
 * (`a[b][c]=1`), indexed or empty-bracket arrays (`expand[0]=x`, `expand[]=x`), the shape the
 * `stripe` SDK and curl send. Parsed by `qs`, whose encoding Stripe's matches. Values stay
 * strings, as Stripe receives them.
 */
import qs from "qs";
import { invalidRequest } from "./objects";

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

/** Deep enough for the SDK's deepest parameter (`line_items[0][price_data][recurring][interval]`). */
const MAX_DEPTH = 10;
/** Limits far above what the product's requests send; past them the request is refused. */
const MAX_PARAMETERS = 1000;
const MAX_ARRAY_ITEMS = 100;

/**
 * The segments of a form key, brackets or not: `a[b][0]` → a, b, 0. Only used to refuse keys
 * that name a property every object inherits (`__proto__`, `constructor`, `toString`…): qs
 * would drop them silently, and a hand-written parser would write into Object.prototype.
 */
function keySegments(key: string): string[] {
  return key.split(/[[\]]+/).filter(Boolean);
}

export function parseForm(text: string): FormObject {
  if (!text) return {};
  for (const key of new URLSearchParams(text).keys()) {
    const inherited = keySegments(key).find((segment) => segment in Object.prototype);
    if (inherited !== undefined) {
      throw invalidRequest(`Invalid parameter name: '${key}' (${inherited} is reserved).`, key);
    }
  }
  try {
    return qs.parse(text, {
      depth: MAX_DEPTH,
      strictDepth: true,
      parameterLimit: MAX_PARAMETERS,
      arrayLimit: MAX_ARRAY_ITEMS,
      throwOnLimitExceeded: true,
    }) as FormObject;
  } catch (error) {
    throw invalidRequest(`Invalid request body: ${(error as Error).message}`);
  }
}
