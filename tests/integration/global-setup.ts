/**
 * Starts one local stack for the integration suite (free port, throwaway data folder, short
 * queue visibility timeout so retries happen within a test) and stops it afterwards.
 */
import { startLocalStack } from "@portal/devstack/local-stack";
import type { TestProject } from "vitest/node";
import "../support/stack";

export default async function setup(project: TestProject) {
  const stack = await startLocalStack({
    port: 0,
    logRequests: false,
    queue: { visibilityTimeoutMs: 200, pageViewsBatchWindowMs: 50 },
  });
  project.provide("stackUrl", stack.url);
  project.provide("stackDataDir", stack.dataDir);
  project.provide("stackEnv", stack.env);
  return async () => {
    await stack.stop();
  };
}
