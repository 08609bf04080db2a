/**
 * One Node major everywhere: the Lambda runtime, the Node the scripts and tests run on (the npm
 * `node` package), `engines`, .nvmrc and the Node types. A bump of one without the others fails.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { FunctionProps } from "sst/constructs";
import { expect, test } from "vitest";
import config from "../../sst.config";

const root = path.resolve(import.meta.dirname, "../..");
const json = (file: string) => JSON.parse(readFileSync(path.join(root, file), "utf8"));

test("Lambda, the scripts' Node, engines, .nvmrc and @types/node share one major", () => {
  const major = Number(readFileSync(path.join(root, ".nvmrc"), "utf8").trim());
  const pkg = json("package.json");
  expect(pkg.engines.node).toBe(`>=${major} <${major + 1}`);
  expect(pkg.devDependencies.node).toMatch(new RegExp(`^\\^${major}\\.`));
  expect(pkg.devDependencies["@types/node"]).toMatch(new RegExp(`^\\^${major}\\.`));
  expect(json("node_modules/node/package.json").version).toMatch(new RegExp(`^${major}\\.`));
  // npm scripts (and so this test) run on the npm `node` package's binary.
  expect(process.versions.node.split(".")[0]).toBe(String(major));

  let defaults: FunctionProps | undefined;
  const app = {
    stage: "test",
    setDefaultFunctionProps: (props: FunctionProps) => {
      defaults = props;
    },
    setDefaultRemovalPolicy: () => undefined,
    stack: () => app,
  };
  config.stacks(app as never);
  expect(defaults?.runtime).toBe(`nodejs${major}.x`);
});
