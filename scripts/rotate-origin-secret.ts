/**
 * `npm run rotate-origin-secret -- --stage <stage> [--print]`: gives the stage's origin secret
 * a new value without a moment of 403s (docs/operations.md "Rotating the origin secret").
 * Runs `npx sst deploy --stage <stage>` three times itself, with the AWS credentials of this
 * shell; with --print (where deploys run elsewhere, e.g. from CI) it prints each deploy's
 * command and waits for Enter once it has finished.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import sstConfig from "../sst.config";
import { ORIGIN_SECRET_SETTINGS } from "../stacks/origin-secret";
import { type DeployStep, rotateOriginSecret } from "./origin-secret-rotation";

const root = path.resolve(import.meta.dirname, "..");
const settingNames = Object.values(ORIGIN_SECRET_SETTINGS);

/**
 * SST loads these files over the environment it is started with, so a rotation setting kept
 * in one would overrule the step's own.
 */
function settingsInEnvFiles(stage: string): string[] {
  const files = [".env", ".env.local", `.env.${stage}`, `.env.${stage}.local`];
  return files.flatMap((file) => {
    const full = path.join(root, file);
    if (!existsSync(full)) return [];
    const text = readFileSync(full, "utf8");
    return settingNames
      .filter((name) => new RegExp(`^\\s*(export\\s+)?${name}\\s*=`, "m").test(text))
      .map((name) => `${file}: ${name}`);
  });
}

function commandOf(stage: string, step: DeployStep) {
  const settings = Object.entries(step.settings).map(([name, value]) => `${name}=${value} `);
  return `${settings.join("")}npx sst deploy --stage ${stage}`;
}

function runDeploy(stage: string, step: DeployStep): Promise<void> {
  const env = { ...process.env };
  for (const name of settingNames) delete env[name];
  Object.assign(env, step.settings);
  return new Promise((resolve, reject) => {
    const child = spawn("npx", ["sst", "deploy", "--stage", stage], {
      cwd: root,
      env,
      stdio: "inherit",
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`sst deploy (step ${step.step}) exited ${code}`)),
    );
  });
}

async function waitForOperator(stage: string, step: DeployStep): Promise<void> {
  console.log(`  Run:\n    ${commandOf(stage, step)}`);
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = await prompt.question("  Press Enter once it has finished (q to stop): ");
    if (answer.trim().toLowerCase() === "q") throw new Error(`Stopped before step ${step.step}`);
  } finally {
    prompt.close();
  }
}

/** Set once Secrets Manager may have been changed, when running again resumes the rotation. */
let rotationStarted = false;

async function main() {
  const { values } = parseArgs({
    options: { stage: { type: "string" }, print: { type: "boolean", default: false } },
  });
  const stage = values.stage;
  if (!stage) throw new Error("Usage: npm run rotate-origin-secret -- --stage <stage> [--print]");
  const inFiles = settingsInEnvFiles(stage);
  if (inFiles.length > 0) {
    throw new Error(
      `Remove these from the .env files; the rotation sets them for each step itself: ${inFiles.join(", ")}`,
    );
  }
  const region = process.env.AWS_REGION ?? sstConfig.config().region;
  rotationStarted = true;
  await rotateOriginSecret({
    client: new SecretsManagerClient({ region }),
    stage,
    log: (line) => console.log(line),
    deploy: async (step) => {
      console.log(`Step ${step.step} of 3: ${step.purpose}.`);
      if (values.print) await waitForOperator(stage, step);
      else {
        console.log(`  ${commandOf(stage, step)}`);
        await runDeploy(stage, step);
      }
    },
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  if (rotationStarted) {
    console.error(
      "A rotation already begun resumes from step 1, with the same new value, when this command is run again.",
    );
  }
  process.exit(1);
});
