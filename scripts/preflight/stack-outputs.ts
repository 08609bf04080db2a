/** The outputs of a stage's deployed stack (SiteUrl, ApiUrl, StripeWebhookUrl). */
import { type CloudFormationClient, DescribeStacksCommand } from "@aws-sdk/client-cloudformation";
import { cloudFormationStackName } from "../../stacks/app";

/** The stack's outputs by key, or null when the stage has not deployed the stack. */
export async function stackOutputs(
  client: CloudFormationClient,
  stage: string,
  stack: string,
): Promise<Record<string, string> | null> {
  try {
    const { Stacks } = await client.send(
      new DescribeStacksCommand({ StackName: cloudFormationStackName(stage, stack) }),
    );
    return Object.fromEntries(
      (Stacks?.[0]?.Outputs ?? []).map((o) => [o.OutputKey ?? "", o.OutputValue ?? ""]),
    );
  } catch (error) {
    // CloudFormation's answer for a stack it does not know.
    if (error instanceof Error && /does not exist/.test(error.message)) return null;
    throw error;
  }
}
