/**
 * A local stack of a test file's own, for files that need what the shared e2e stack does not
 * have (hosts the outbound guard allows, a DNS server, queue timings). It serves a copy of the
 * built SPA: a rebuild of packages/web/dist while the file runs would otherwise take away the
 * route chunks its open pages still ask for.
 */
import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  type LocalStack,
  type LocalStackOptions,
  startLocalStack,
} from "@portal/devstack/local-stack";
import { afterAll, beforeAll } from "vitest";

export const WEB_DIST = fileURLToPath(new URL("../../packages/web/dist", import.meta.url));

export interface OwnStack {
  stack: LocalStack;
  stop(): Promise<void>;
}

export type OwnStackOptions = Omit<LocalStackOptions, "port" | "logRequests" | "webDist">;

export async function startOwnStack(options: OwnStackOptions): Promise<OwnStack> {
  const webDist = await mkdtemp(path.join(os.tmpdir(), "e2e-web-"));
  try {
    await cp(WEB_DIST, webDist, { recursive: true });
    const stack = await startLocalStack({ ...options, port: 0, logRequests: false, webDist });
    return {
      stack,
      async stop() {
        await stack.stop();
        await rm(webDist, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(webDist, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The calling file's own stack for its tests. Call it at the top of the file, after the hooks
 * that start what the stack must reach: it starts in a beforeAll of its own with the options
 * `options()` answers then, and stops after the tests, with the audit browser its jobs worker
 * may have opened in this process. The answer gives the stack once it is up.
 */
export function useOwnStack(options: () => OwnStackOptions): () => LocalStack {
  let own: OwnStack | undefined;
  beforeAll(async () => {
    own = await startOwnStack(options());
  }, 90_000);
  afterAll(async () => {
    await own?.stop();
    const { closeAuditBrowser } = await import("@portal/functions/workers/audit-browser");
    await closeAuditBrowser();
  });
  return () => {
    if (!own) throw new Error("The stack is up only in hooks and tests, after beforeAll");
    return own.stack;
  };
}
