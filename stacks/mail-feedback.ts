/**
 * Bounces and complaints (docs/notifications.md, "Bounces and complaints"): the configuration
 * set every mail is sent with (made here unless SES_CONFIGURATION_SET names an existing one)
 * publishes its bounce and complaint events to an SNS topic; the topic feeds the MailFeedback
 * queue (raw messages: the body is SES's event), whose consumer turns mail to those addresses
 * off. A queue rather than a direct subscription, so a failed write is retried and then kept
 * in the dead-letter queue, alarmed like the others (stacks/Monitoring.ts).
 */

import { mailFeedbackConsumer } from "@portal/functions/routes";
import { WORKER_GRANTS } from "@portal/functions/worker-grants";
import {
  aws_iam as iam,
  Stack,
  aws_ses as ses,
  aws_sns as sns,
  aws_sns_subscriptions as subscriptions,
} from "aws-cdk-lib";
import type { Construct } from "constructs";
import { Function as LambdaFunction } from "sst/constructs";
import type { StageSettings } from "./Config";
import { type GrantResources, grantsProps } from "./grants";
import { consumedQueue } from "./queues";

/** The SES events that turn mail off; the others (sends, deliveries) are not published. */
export const MAIL_FEEDBACK_EVENTS = ["bounce", "complaint"];

export function mailFeedback(
  scope: Construct,
  targets: Pick<GrantResources, "table" | "bucket" | "config">,
  mail: StageSettings["mail"],
) {
  const stack = Stack.of(scope);
  const topic = new sns.Topic(scope, "MailFeedbackTopic");
  // Only SES, publishing for this account, may post to it.
  topic.addToResourcePolicy(
    new iam.PolicyStatement({
      principals: [new iam.ServicePrincipal("ses.amazonaws.com")],
      actions: ["sns:Publish"],
      resources: [topic.topicArn],
      conditions: { StringEquals: { "AWS:SourceAccount": stack.account } },
    }),
  );
  const configurationSet = mail.ownConfigurationSet
    ? new ses.CfnConfigurationSet(scope, "MailConfigurationSet", { name: mail.configurationSet })
    : undefined;
  const destination = new ses.CfnConfigurationSetEventDestination(scope, "MailFeedbackEvents", {
    configurationSetName: mail.configurationSet,
    eventDestination: {
      name: "bounces-and-complaints",
      enabled: true,
      matchingEventTypes: MAIL_FEEDBACK_EVENTS,
      snsDestination: { topicArn: topic.topicArn },
    },
  });
  if (configurationSet) destination.addDependency(configurationSet);

  // Finds the users with the address and writes why mail is off (table:write).
  const granted = grantsProps(WORKER_GRANTS.MailFeedbackConsumer.grants, targets);
  const consumer = new LambdaFunction(scope, "MailFeedbackConsumer", {
    handler: mailFeedbackConsumer.handler,
    timeout: `${mailFeedbackConsumer.timeoutSeconds} seconds`,
    ...granted,
  });
  const { queue, deadLetters } = consumedQueue(scope, "MailFeedback", { consumer });
  topic.addSubscription(
    new subscriptions.SqsSubscription(queue.cdk.queue, { rawMessageDelivery: true }),
  );
  return { topic, queue, deadLetters, consumer, destination };
}
