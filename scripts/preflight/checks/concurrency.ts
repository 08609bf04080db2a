/**
 * The account's Lambda concurrency against what the stage reserves (docs/security.md,
 * "Background work").
 */
import { DescribeStackResourcesCommand } from "@aws-sdk/client-cloudformation";
import { GetAccountSettingsCommand, GetFunctionConcurrencyCommand } from "@aws-sdk/client-lambda";
import { cloudFormationStackName } from "../../../stacks/app";
import { UNRESERVED_CONCURRENCY_MINIMUM, workerReservedConcurrency } from "../../../stacks/Config";
import { WORKER_CONCURRENCY } from "../../../stacks/Jobs";
import { type Check, type Context, errorText, fail, ok } from "../check";

export const concurrencyCheck: Check = {
  name: "Lambda concurrency",
  needs: ["aws-credentials", "settings", "lambda-quota"],
  after: ["aws", "settings"],
  async run(context) {
    // Read as stacks/Jobs.ts reads it, so preflight refuses what synthesis refuses.
    let reserve: number;
    try {
      reserve = workerReservedConcurrency(WORKER_CONCURRENCY, context.env) ?? 0;
    } catch (error) {
      return fail("settings", (error as Error).message);
    }
    const { AccountLimit } = await context.clients.lambda.send(new GetAccountSettingsCommand({}));
    const quota = AccountLimit?.ConcurrentExecutions ?? 0;
    const unreserved = AccountLimit?.UnreservedConcurrentExecutions ?? 0;
    if (reserve === 0) {
      return ok(`quota ${quota}, ${unreserved} unreserved; the worker reserves none`);
    }
    // A redeploy first gives back what this stage's worker holds now.
    const held = await reservedByStack(context, cloudFormationStackName(context.stage, "Jobs"));
    const minimum = Math.min(UNRESERVED_CONCURRENCY_MINIMUM, quota);
    const left = unreserved + held - reserve;
    if (left >= minimum) {
      return ok(`quota ${quota}; reserving ${reserve} for the worker leaves ${left} unreserved`);
    }
    // What other functions of the account reserve stays reserved.
    const others = quota - unreserved - held;
    const askFor = others + reserve + UNRESERVED_CONCURRENCY_MINIMUM;
    return fail(
      "lambda-quota",
      `quota ${quota} with ${unreserved} unreserved: reserving ${reserve} for the worker would leave ${left}, and Lambda keeps at least ${minimum} unreserved. Ask AWS for a concurrency quota of at least ${askFor} (Service Quotas → AWS Lambda → Concurrent executions, ${context.region}), or set WORKER_RESERVED_CONCURRENCY=0`,
    );
  },
};

/** Reserved concurrency the Lambda functions of a deployed stack hold (0 when not deployed). */
async function reservedByStack(context: Context, stackName: string): Promise<number> {
  let resources: { ResourceType?: string; PhysicalResourceId?: string }[];
  try {
    const answer = await context.clients.cloudFormation.send(
      new DescribeStackResourcesCommand({ StackName: stackName }),
    );
    resources = answer.StackResources ?? [];
  } catch (error) {
    if (/does not exist/.test(errorText(error))) return 0;
    throw error;
  }
  let held = 0;
  for (const resource of resources) {
    if (resource.ResourceType !== "AWS::Lambda::Function" || !resource.PhysicalResourceId) continue;
    const concurrency = await context.clients.lambda.send(
      new GetFunctionConcurrencyCommand({ FunctionName: resource.PhysicalResourceId }),
    );
    held += concurrency.ReservedConcurrentExecutions ?? 0;
  }
  return held;
}
