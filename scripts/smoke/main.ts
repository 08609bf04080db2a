/**
 * `npm run smoke -- --url <SiteUrl> [--stage <stage>] [--api-url <ApiUrl>]
 * [--stripe-webhook-url <StripeWebhookUrl>]`: checks a deployed stage from outside (checks.ts).
 * With --stage the API and webhook URLs come from the stage's stack outputs. Exits 1 when a
 * check failed.
 */

import { parseArgs } from "node:util";
import { CloudFormationClient } from "@aws-sdk/client-cloudformation";
import { APP_REGION } from "../../stacks/app";
import { formatLine, passed } from "../preflight/report";
import { stackOutputs } from "../preflight/stack-outputs";
import { runSmoke } from "./checks";

const { values } = parseArgs({
  options: {
    url: { type: "string" },
    stage: { type: "string" },
    region: { type: "string" },
    "api-url": { type: "string" },
    "stripe-webhook-url": { type: "string" },
  },
});

const siteUrl = values.url;
if (!siteUrl || !URL.canParse(siteUrl)) {
  console.error(
    "Usage: npm run smoke -- --url <SiteUrl> [--stage <stage>] [--api-url <ApiUrl>] [--stripe-webhook-url <StripeWebhookUrl>]",
  );
  process.exit(2);
}

let apiUrl = values["api-url"];
let stripeWebhookUrl = values["stripe-webhook-url"];
if (values.stage && (!apiUrl || !stripeWebhookUrl)) {
  const client = new CloudFormationClient({ region: values.region ?? APP_REGION });
  apiUrl ??= (await stackOutputs(client, values.stage, "Api"))?.ApiUrl;
  stripeWebhookUrl ??= (await stackOutputs(client, values.stage, "Webhooks"))?.StripeWebhookUrl;
}

const lines = await runSmoke({ siteUrl, apiUrl, stripeWebhookUrl });
for (const line of lines) console.log(formatLine(line));
process.exit(passed(lines) ? 0 : 1);
