/**
 * The stage's settings as synthesis reads them, the AWS credentials, and whether the stage has
 * been deployed (its Webhooks stack's outputs).
 */
import { GetCallerIdentityCommand } from "@aws-sdk/client-sts";
import { cloudFormationStackName } from "../../../stacks/app";
import { readDeploySettings } from "../../../stacks/Config";
import { type Check, errorText, fail, ok, wait } from "../check";
import { stackOutputs } from "../stack-outputs";

export const settingsCheck: Check = {
  name: "stage settings",
  needs: ["settings"],
  after: [],
  provides: "settings",
  async run(context) {
    try {
      // As synthesis reads them: APP_URL derived from PORTAL_DOMAIN, Clerk's domain, operations.
      const deploy = readDeploySettings(context.stage, context.env);
      context.state.settings = deploy.settings;
      // A stage re-attached to a restored table says so (docs/operations.md "Restoring the table").
      const restored = deploy.restoredTableName
        ? `; table ${deploy.restoredTableName} (RESTORED_TABLE_NAME)`
        : "";
      return ok(`APP_URL ${context.state.settings.parameters.APP_URL}${restored}`);
    } catch (error) {
      return fail("settings", (error as Error).message.replace(/\n\s*-\s*/g, " · "));
    }
  },
};

export const credentialsCheck: Check = {
  name: "AWS credentials",
  needs: ["aws-credentials"],
  after: [],
  provides: "aws",
  async run({ clients, region }) {
    try {
      const identity = await clients.sts.send(new GetCallerIdentityCommand({}));
      return ok(`account ${identity.Account} as ${identity.Arn}, region ${region}`);
    } catch (error) {
      return fail(
        "aws-credentials",
        `no usable credentials for ${region} (${errorText(error)}): set AWS_PROFILE, or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, for the account to deploy to`,
      );
    }
  },
};

export const deployedCheck: Check = {
  name: "deployed stage",
  needs: ["aws-credentials"],
  after: ["aws"],
  provides: "deployed",
  async run({ clients, stage, state }) {
    const stackName = cloudFormationStackName(stage, "Webhooks");
    let outputs: Record<string, string> | null;
    try {
      outputs = await stackOutputs(clients.cloudFormation, stage, "Webhooks");
    } catch (error) {
      return fail("aws-credentials", `could not read ${stackName}: ${errorText(error)}`);
    }
    if (outputs === null) {
      state.deployed = null;
      return wait(`not deployed yet (no ${stackName} stack)`);
    }
    const url = outputs.StripeWebhookUrl;
    if (!url)
      return fail("deploy", `${stackName} has no StripeWebhookUrl output: deploy the stage`);
    state.deployed = { stripeWebhookUrl: url };
    return ok(`StripeWebhookUrl ${url}`);
  },
};
