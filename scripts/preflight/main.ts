/**
 * `npm run preflight -- --stage <stage> [--create-webhook] [--region <region>]`: checks what a
 * deploy of the stage needs and prints one line per check (runner.ts). Exits 1 when a check
 * failed. docs/operations.md "First deploy" says when to run it.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { APP_REGION } from "../../stacks/app";
import { formatLine, passed } from "./report";
import { loadStageEnv } from "./stage-env";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

const USAGE = "Usage: npm run preflight -- --stage <stage> [--create-webhook] [--region <region>]";

let values: { stage?: string; region?: string; "create-webhook"?: boolean; help?: boolean };
try {
  ({ values } = parseArgs({
    options: {
      stage: { type: "string" },
      region: { type: "string" },
      "create-webhook": { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  }));
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}

if (values.help) {
  const { helpText } = await import("./help");
  console.log(helpText(USAGE, readFileSync(`${repoRoot}/README.md`, "utf8")));
  process.exit(0);
}

const stage = values.stage?.trim();
if (!stage || !/^[A-Za-z][A-Za-z0-9-]*$/.test(stage)) {
  console.error(USAGE);
  process.exit(2);
}

// Loaded once the arguments are known: the checks bring the AWS SDK, Stripe and the stacks.
const { runPreflight } = await import("./runner");
const lines = await runPreflight({
  stage,
  env: loadStageEnv(repoRoot, stage),
  readme: readFileSync(`${repoRoot}/README.md`, "utf8"),
  // As SST deploys: sst.config.ts's region unless --region says otherwise.
  region: values.region ?? APP_REGION,
  createWebhook: values["create-webhook"],
});
for (const line of lines) console.log(formatLine(line));
process.exit(passed(lines) ? 0 : 1);
