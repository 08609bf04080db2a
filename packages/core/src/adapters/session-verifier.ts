/**
 * The one function of @clerk/backend the session check uses, in a module of its own so that
 * identity.ts can load it at the first token check (a dynamic import) and the bundler still
 * keeps only what it needs of the SDK, as a static import would.
 */
export { verifyToken } from "@clerk/backend";
