/**
 * The inbound webhooks (stacks/Webhooks.ts).
 * Synthesised offline for stage "test" (synthesized-app.ts) and asserted with CDK's Template.
 */
import { Match } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, test } from "vitest";
import { Webhooks } from "../../stacks/Webhooks";
import { secretArn } from "./synth";
import { type SynthesizedApp, synthesizeApp } from "./synthesized-app";
import { allows, lambda, only, roleStatements } from "./template-queries";

let template: SynthesizedApp["template"];
let deadLettersId: SynthesizedApp["deadLettersId"];

beforeAll(async () => {
  ({ template, deadLettersId } = await synthesizeApp());
});

describe("Webhooks", () => {
  test("the Stripe webhook has a public Function URL, without CORS, and outputs it", () => {
    const webhooks = template(Webhooks);
    webhooks.hasResourceProperties("AWS::Lambda::Url", {
      AuthType: "NONE",
      Cors: Match.absent(),
    });
    const [urlId] = only(webhooks, "AWS::Lambda::Url");
    webhooks.hasOutput("StripeWebhookUrl", { Value: { "Fn::GetAtt": [urlId, "FunctionUrl"] } });
  });

  test("the webhook function reads both Stripe secrets and the table", () => {
    const webhooks = template(Webhooks);
    const statements = roleStatements(webhooks, lambda(webhooks, "StripeWebhook").roleId);
    for (const name of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"]) {
      expect(allows(statements, "ssm:GetParameters", secretArn("test", name))).toBe(true);
    }
    expect(allows(statements, "dynamodb:PutItem", { logicalId: "MainTable" })).toBe(true);
    expect(allows(statements, "sqs:SendMessage", { logicalId: deadLettersId })).toBe(false);
  });
});
