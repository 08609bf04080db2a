/**
 * Starts the local stack that serves the built SPA (packages/web/dist; `npm test` builds it
 * first) and hands its URL to the end-to-end tests. The suite serves a copy of the build, so
 * a rebuild during the run (another terminal, the bench) cannot pull pages from under it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import "../support/web-stack";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const builtDist = fileURLToPath(new URL("../../packages/web/dist", import.meta.url));
const serveScript = fileURLToPath(new URL("./serve-stack.ts", import.meta.url));

/** The build is whole when index.html and every asset it names are there. */
function completeBuild(dir: string): boolean {
  const index = path.join(dir, "index.html");
  if (!existsSync(index)) return false;
  const assets = readFileSync(index, "utf8").match(/\/assets\/[\w.-]+/g) ?? [];
  return assets.length > 0 && assets.every((asset) => existsSync(path.join(dir, asset)));
}

/** Copies packages/web/dist, waiting out a rebuild that is under way. */
async function snapshotBuild(): Promise<string> {
  for (let attempt = 0; attempt < 30; attempt += 1) {
    if (completeBuild(builtDist)) {
      const copy = await mkdtemp(path.join(os.tmpdir(), "portal-e2e-web-"));
      await cp(builtDist, copy, { recursive: true });
      if (completeBuild(copy)) return copy;
      await rm(copy, { recursive: true, force: true });
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(
    "packages/web/dist is missing or incomplete: run `npm run build` (npm test does) before the e2e suite",
  );
}

function startStack(
  webDist: string,
): Promise<{ child: ChildProcess; url: string; env: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    // process.execPath: the Node 24 that runs Vitest; tsx loads the TypeScript sources.
    const child = spawn(process.execPath, ["--import", "tsx", serveScript], {
      cwd: repoRoot,
      env: { ...process.env, E2E_WEB_DIST: webDist },
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
  const webDist = await snapshotBuild();
  const { child, url, env } = await startStack(webDist);
  project.provide("webUrl", url);
  project.provide("webStackEnv", env);
  return async () => {
    child.stdin?.end();
    child.kill("SIGTERM");
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) resolve();
      else child.once("exit", () => resolve());
    });
    await rm(webDist, { recursive: true, force: true });
  };
}
