import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** The local stack serving the built SPA for the end-to-end suite. */
    webUrl: string;
    /** The env its handlers run with (dynalite endpoint, table name…). */
    webStackEnv: Record<string, string>;
  }
}

export function webUrl(): string {
  return inject("webUrl");
}

/**
 * Points this test process at the e2e stack's dynalite, so a test can set up state through
 * core (a customer's plan). Call before importing core modules: sst/node reads env at import.
 */
export function useWebStackEnv(): Record<string, string> {
  const env = inject("webStackEnv");
  Object.assign(process.env, env);
  return env;
}
