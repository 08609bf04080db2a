/**
 * The deploy tooling shares the SPA's React: one copy (19) at the root, and sst v2's CLI still
 * draws its deploy screen with it (package.json's overrides give sst React 19 and an ink that
 * renders on it; ink 4, which sst asks for, does not).
 */
import { createRequire } from "node:module";
import path from "node:path";
import { PassThrough } from "node:stream";
import { render } from "ink";
import React from "react";
import { DeploymentUI } from "sst/cli/ui/deploy.js";
import { initProject } from "sst/project.js";
import { expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const reactFrom = (dir: string) => createRequire(path.join(dir, "package.json")).resolve("react");

test("the SPA, sst and ink resolve one React, 19", () => {
  const users = [root, "packages/web", "node_modules/sst", "node_modules/ink"];
  const copies = new Set(users.map((dir) => reactFrom(path.resolve(root, dir))));
  expect([...copies]).toEqual([path.join(root, "node_modules/react/index.js")]);
  expect(React.version).toMatch(/^19\./);
});

test("sst's deploy screen renders on it", async () => {
  await initProject({ stage: "test" });
  const stdout = Object.assign(new PassThrough(), { columns: 100, rows: 30, isTTY: false });
  let text = "";
  stdout.on("data", (chunk: Buffer) => {
    text += chunk.toString();
  });
  const app = render(React.createElement(DeploymentUI, { assembly: {} as never }), {
    stdout: stdout as unknown as NodeJS.WriteStream,
    debug: true,
    patchConsole: false,
  });
  await expect.poll(() => text).toContain("Deploying...");
  app.unmount();
});
