/**
 * Starts the local stack that serves the built SPA (packages/web/dist; `npm test` builds it
 * first) and hands its URL to the end-to-end tests.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import "./context";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const builtIndex = fileURLToPath(new URL("../../packages/web/dist/index.html", import.meta.url));
const serveScript = fileURLToPath(new URL("./serve-stack.ts", import.meta.url));

function startStack(): Promise<{ child: ChildProcess; url: string; env: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    // process.execPath: the Node 22 that runs Vitest; tsx loads the TypeScript sources.
    const child = spawn(process.execPath, ["--import", "tsx", serveScript], {
      cwd: repoRoot,
      stdio: ["pipe", "pipe", "inherit"],
    });
    let out = "";
    const timer = setTimeout(() => {
      child.kill("SIGTERM");
      reject(new Error("The local stack did not start within 60 s"));
    }, 60_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (!line) return;
      clearTimeout(timer);
      const { url, env } = JSON.parse(line) as { url: string; env: Record<string, string> };
      resolve({ child, url, env });
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`The local stack exited early (code ${code}). Output:\n${out}`));
    });
  });
}

export default async function setup(project: TestProject) {
  if (!existsSync(builtIndex)) {
    throw new Error(
      "packages/web/dist is missing: run `npm run build` (npm test does) before the e2e suite",
    );
  }
  const { child, url, env } = await startStack();
  project.provide("webUrl", url);
  project.provide("webStackEnv", env);
  return async () => {
    child.stdin?.end();
    child.kill("SIGTERM");
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) resolve();
      else child.once("exit", () => resolve());
    });
  };
}
