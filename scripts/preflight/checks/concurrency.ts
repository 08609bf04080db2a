/**
 * The account's Lambda concurrency against what the stage takes at once and what it reserves
 * (stacks/settings/concurrency.ts; docs/security.md, "Background work").
 */
import { DescribeStackResourcesCommand } from "@aws-sdk/client-cloudformation";
import { GetAccountSettingsCommand, GetFunctionConcurrencyCommand } from "@aws-sdk/client-lambda";
import { QUEUE_CONSUMERS } from "@portal/functions/queue-consumers";
import { cloudFormationStackName } from "../../../stacks/app";
import {
  API_CONCURRENCY_ROOM,
  concurrencyDemand,
  concurrencyProblem,
  workerReservedConcurrency,
} from "../../../stacks/Config";
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
    // A redeploy first gives back what this stage's worker holds now; what other functions of
    // the account reserve stays reserved.
    const held = await reservedByStack(context, cloudFormationStackName(context.stage, "Jobs"));
    const reservedByOthers = quota - unreserved - held;
    const demand = concurrencyDemand(QUEUE_CONSUMERS);
    const problem = concurrencyProblem({
      demand,
      quota,
      reservedByOthers,
      workerReservation: reserve,
      region: context.region,
    });
    if (problem) {
      return fail(
        "lambda-quota",
        reserve ? `${problem}, or set WORKER_RESERVED_CONCURRENCY=0` : problem,
      );
    }
    const worker = reserve
      ? `reserving ${reserve} for the worker leaves ${unreserved + held - reserve} unreserved`
      : "the worker reserves none";
    return ok(
      `quota ${quota} holds the background work at its caps (${demand.background}) and ${API_CONCURRENCY_ROOM} for the API; ${worker}`,
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
