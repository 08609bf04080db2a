/**
 * The origin secret's names, shared by the stacks (CloudFront adds the header, the functions
 * get the value), the local stack (which plays CloudFront) and the wrapper (which checks it).
 * No imports: the local stack loads this before the handlers' environment exists.
 */

/** The header CloudFront adds to every request it forwards to the API (stacks/Web.ts). */
export const ORIGIN_VERIFY_HEADER = "x-origin-verify";
/** Where the functions find the value CloudFront sends (stacks/Api.ts, the local stack). */
export const ORIGIN_VERIFY_ENV = "ORIGIN_VERIFY_SECRET";
/**
 * While the secret rotates, a second value the functions accept: the new one before CloudFront
 * sends it, then the old one while CloudFront's edges move to the new (docs/access.md).
 */
export const ORIGIN_VERIFY_ROTATING_ENV = "ORIGIN_VERIFY_SECRET_ROTATING";
