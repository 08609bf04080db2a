/**
 * `npm start`'s entry point as a person uses it: it prints its URL, stops cleanly on SIGTERM
 * (as on Ctrl-C), and a restart on the same data folder keeps users, sessions and records.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bearer, cookieHeader, uniqueEmail } from "../support/dev-identity";

const repoRoot = path.resolve(import.meta.dirname, "../..");
const children: ChildProcess[] = [];

function start(dataDir: string) {
  const child = spawn(process.execPath, ["--import", "tsx", "packages/devstack/src/main.ts"], {
    cwd: repoRoot,
    env: { ...process.env, PORT: "0", DATA_DIR: dataDir, LOG_REQUESTS: "false" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  const url = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Portal running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) =>
      reject(new Error(`exited with ${code} before starting:\n${output}`)),
    );
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { child, url, exited, output: () => output };
}

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
});

describe("npm start (packages/devstack/src/main.ts)", () => {
  it("prints its URL, stops on SIGTERM, and keeps data across a restart", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "portal-start-"));
    try {
      const email = uniqueEmail("restart");
      const password = "kept across restarts";

      const first = start(dataDir);
      const firstUrl = await first.url;
      expect(firstUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const signUp = await fetch(`${firstUrl}/dev-identity/sign-up`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password, firstName: "Kept", lastName: "Data" }),
      });
      expect(signUp.status).toBe(201);
      const cookie = cookieHeader(signUp);
      const before = await (
        await fetch(`${firstUrl}/api/auth/user`, { headers: { cookie } })
      ).json();
      expect(before).toMatchObject({ email, firstName: "Kept" });

      first.child.kill("SIGTERM");
      expect(await first.exited).toBe(0);

      const second = start(dataDir);
      const secondUrl = await second.url;
      // The session cookie from before the restart still names a live session...
      const token = await fetch(`${secondUrl}/dev-identity/tokens`, {
        method: "POST",
        headers: { cookie },
      });
      expect(token.status).toBe(200);
      const { jwt } = (await token.json()) as { jwt: string };
      // ...signed with the same key pair, for the same user record in the persisted table.
      const after = await (
        await fetch(`${secondUrl}/api/auth/user`, { headers: bearer(jwt) })
      ).json();
      expect(after).toEqual(before);
      const signIn = await fetch(`${secondUrl}/dev-identity/sign-in`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password }),
      });
      expect(signIn.status).toBe(200);

      second.child.kill("SIGTERM");
      expect(await second.exited).toBe(0);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
