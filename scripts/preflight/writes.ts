/**
 * What preflight changes, only when asked (`--create-webhook`): the Stripe webhook endpoint, its
 * signing secret in SSM, and a restart of the webhook's function so it reads the new secret.
 */
import { DescribeStackResourcesCommand } from "@aws-sdk/client-cloudformation";
import {
  GetFunctionConfigurationCommand,
  UpdateFunctionConfigurationCommand,
} from "@aws-sdk/client-lambda";
import { PutParameterCommand } from "@aws-sdk/client-ssm";
import { STRIPE_API_VERSION } from "@portal/core/adapters/payments";
import type Stripe from "stripe";
import { cloudFormationStackName, secretParameterPaths } from "../../stacks/app";
import type { Context } from "./check";

/**
 * Creates the webhook endpoint at `url` for `events`, pinned to the API version the handler
 * parses, and stores its signing secret. Answers the endpoint's id.
 */
export async function createWebhookEndpoint(
  context: Context,
  stripe: Stripe,
  url: string,
  events: string[],
): Promise<string> {
  const created = await stripe.webhookEndpoints.create({
    url,
    enabled_events: events as Stripe.WebhookEndpointCreateParams.EnabledEvent[],
    api_version: STRIPE_API_VERSION,
    description: `Site Portal, stage ${context.stage}`,
  });
  await storeWebhookSecret(context, created.secret as string);
  return created.id;
}

/**
 * Stores the new endpoint's secret where SST reads STRIPE_WEBHOOK_SECRET, as `sst secrets set`
 * does, and restarts the webhook's function so no running instance keeps the old value.
 */
async function storeWebhookSecret(context: Context, secret: string) {
  await context.clients.ssm.send(
    new PutParameterCommand({
      Name: secretParameterPaths(context.stage, "STRIPE_WEBHOOK_SECRET").stage,
      Value: secret,
      Type: "SecureString",
      Overwrite: true,
    }),
  );
  const { StackResources } = await context.clients.cloudFormation.send(
    new DescribeStackResourcesCommand({
      StackName: cloudFormationStackName(context.stage, "Webhooks"),
    }),
  );
  for (const resource of StackResources ?? []) {
    if (resource.ResourceType !== "AWS::Lambda::Function" || !resource.PhysicalResourceId) continue;
    const current = await context.clients.lambda.send(
      new GetFunctionConfigurationCommand({ FunctionName: resource.PhysicalResourceId }),
    );
    // The variable `sst secrets set` changes to make Lambda start fresh instances.
    await context.clients.lambda.send(
      new UpdateFunctionConfigurationCommand({
        FunctionName: resource.PhysicalResourceId,
        Environment: {
          Variables: {
            ...(current.Environment?.Variables ?? {}),
            SST_ADMIN_SECRET_UPDATED_AT: String(Date.now()),
          },
        },
      }),
    );
  }
}
