/**
 * A stage's settings as SST v2 sees them when it synthesises the app: the process environment,
 * overridden in turn by `.env`, `.env.local`, `.env.<stage>` and `.env.<stage>.local` from the
 * project root (sst/project.js loads each with dotenv's `override: true`).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";

export function stageEnvFiles(root: string, stage: string): string[] {
  return [".env", ".env.local", `.env.${stage}`, `.env.${stage}.local`].map((file) =>
    path.join(root, file),
  );
}

export function loadStageEnv(
  root: string,
  stage: string,
  base: Record<string, string | undefined> = process.env,
): Record<string, string | undefined> {
  const env = { ...base };
  for (const file of stageEnvFiles(root, stage)) {
    if (existsSync(file)) Object.assign(env, parseEnv(readFileSync(file, "utf8")));
  }
  return env;
}
