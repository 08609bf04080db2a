/**
 * Starts child-stack.ts: a local stack in its own process on a data folder that outlives it,
 * for tests that kill it, restart it or copy its data (tests/integration/restart.test.ts,
 * backup.test.ts), and for the load bench, whose clients must not share the stack's CPU.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "./lambda-runtime";
import type { LocalStackOptions } from "./local-stack";

export interface ChildStack {
  child: ChildProcess;
  /** Resolves with the printed URL once the stack serves. */
  url: Promise<string>;
  /** Resolves when the process has ended. */
  exited: Promise<unknown>;
  /** The handlers' env (its table, queues…), once url has resolved. */
  env(): Record<string, string>;
}

export function startChildStack(options: LocalStackOptions & { dataDir: string }): ChildStack {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "packages/devstack/src/child-stack.ts"],
    {
      cwd: repoRoot,
      env: { ...process.env, CHILD_STACK_OPTIONS: JSON.stringify(options) },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  const url = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Portal running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
  const exited = new Promise<unknown>((resolve) => child.once("exit", resolve));
  return {
    child,
    url,
    exited,
    env: () => JSON.parse(readFileSync(path.join(options.dataDir, "child-stack-env.json"), "utf8")),
  };
}
