/**
 * `npm run smoke -- --url <SiteUrl> [--stage <stage>] [--api-url <ApiUrl>]
 * [--stripe-webhook-url <StripeWebhookUrl>]`: checks a deployed stage from outside (checks.ts).
 * With --stage the API and webhook URLs come from the stage's stack outputs. Exits 1 when a
 * check failed.
 */

import { parseArgs } from "node:util";
import { CloudFormationClient } from "@aws-sdk/client-cloudformation";
import { APP_REGION } from "../../stacks/app";
import { clerkFrontendApiHost } from "../../stacks/Config";
import { formatLine, passed } from "../preflight/report";
import { stackOutputs } from "../preflight/stack-outputs";
import { loadStageEnv } from "../preflight/stage-env";
import { runSmoke, type SignedInAccount } from "./checks";
import { revokeSession, sessionToken, signInWithTicket } from "./clerk-sign-in";

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

// The test account and the staff test user (README "Deploy" step 3): each signed in through
// Clerk's sign-in token flow, each session revoked at the end (runSmoke).
const env = values.stage ? loadStageEnv(process.cwd(), values.stage) : process.env;
const secretKey = env.CLERK_SECRET_KEY?.trim();
const frontendHost = clerkFrontendApiHost(env.VITE_CLERK_PUBLISHABLE_KEY ?? "");
const origin = new URL(siteUrl).origin;

async function signIn(userId: string | undefined): Promise<SignedInAccount | undefined> {
  if (!userId || !secretKey || !frontendHost) return undefined;
  const clerk = {
    apiUrl: "https://api.clerk.com",
    frontendApiUrl: `https://${frontendHost}`,
    secretKey,
    userId,
    origin,
  };
  const session = await signInWithTicket(clerk);
  return {
    token: () => sessionToken(clerk, session.sessionId),
    end: () => revokeSession(clerk, session.sessionId),
  };
}

const signedIn = await signIn(env.SMOKE_CLERK_USER_ID?.trim());
let staff: SignedInAccount | undefined;
try {
  staff = await signIn(env.SMOKE_STAFF_CLERK_USER_ID?.trim());
} catch (error) {
  await signedIn?.end().catch(() => {});
  throw error;
}

const lines = await runSmoke({ siteUrl, apiUrl, stripeWebhookUrl, signedIn, staff });
for (const line of lines) console.log(formatLine(line));
process.exit(passed(lines) ? 0 : 1);
