/**
 * zod for every schema that ships in a Lambda or the SPA: `zod/mini`, the same core as classic
 * zod with a functional API that bundlers can shake (`z.optional(z.string())`,
 * `z.string().check(z.minLength(1))`), so a bundle carries only the parts its schemas use and
 * no method is attached to every schema at import (docs/performance.md "`cold`", "zod/mini").
 *
 * Classic zod registers its English messages by itself; zod/mini loads no locale, and a check
 * without a message of its own would say only "Invalid input". English is set here, once, so
 * every message the API and the SPA's forms show stays the one classic zod gave. Import `z` from
 * this module, never from "zod" or "zod/mini" directly (tests/infra/zod-mini.test.ts).
 */
import { en } from "zod/locales";
import { config } from "zod/mini";

config(en());

export * from "zod/mini";
/**
 * The parse error both flavours throw (classic zod's ZodError is one too), by name: reaching it
 * as `z.core.$ZodError` makes a bundler keep all of zod's core namespace, every locale with it.
 */
export { $ZodError, $ZodRealError } from "zod/v4/core";
