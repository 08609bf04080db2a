/**
 * What integration tests know about the local stack that tests/integration/global-setup.ts
 * started in the Vitest main process: its URL, its data folder and the handlers' env.
 */
import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    stackUrl: string;
    stackDataDir: string;
    stackEnv: Record<string, string>;
  }
}

export function stackUrl(): string {
  return inject("stackUrl");
}

export function stackDataDir(): string {
  return inject("stackDataDir");
}

/**
 * Points this test process at the stack's dynalite, s3rver and queue, with the handlers' own
 * settings. Call it before importing core modules (sst/node reads the env once, at import).
 */
export function useStackEnv(): Record<string, string> {
  const env = inject("stackEnv");
  Object.assign(process.env, env);
  return env;
}
