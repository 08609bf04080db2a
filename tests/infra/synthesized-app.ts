/**
 * The SST app synthesised offline for stage "test" (synth.ts), with what the per-stack test
 * files (stack-*.test.ts) look up in it: the stacks' outputs, the screenshots bucket, and each
 * redriven queue with its dead-letter queue. Synthesised once per Vitest worker and shared by
 * every file that asks: the infra project runs its files without isolation (vitest.config.ts),
 * so this module and its cached app outlive one file. Read the stacks' outputs from here, not
 * with SST's use(), which follows whichever app was synthesised last, perhaps another file's.
 */
import { Match, Template } from "aws-cdk-lib/assertions";
import { use } from "sst/constructs";
import { Analytics } from "../../stacks/Analytics";
import { Api } from "../../stacks/Api";
import { Events } from "../../stacks/Events";
import { Hosting } from "../../stacks/Hosting";
import { Jobs } from "../../stacks/Jobs";
import { Storage } from "../../stacks/Storage";
import { Web } from "../../stacks/Web";
import { synthesize } from "./synth";
import { only, type Target } from "./template-queries";

/** The buckets and queues a route's grants point at (route-grants.ts). */
export interface GrantTargets {
  bucketId: string;
  queueId: string;
  eventsQueueId: string;
  webhooksQueueId: string;
  pageViewsQueueId: string;
  /** The customers' sites (stacks/Hosting.ts): bucket, routing store, queue, distribution. */
  hosting: { bucketId: string; storeId: string; queueId: string; distributionId: string };
}

/** The SES identity and configuration set of validSettings' MAIL_FROM. */
export const sesIdentity: Target = {
  arn: "arn:aws:ses:us-east-1:123456789012:identity/mail.example.com",
};
export const sesOtherIdentity: Target = {
  arn: "arn:aws:ses:us-east-1:123456789012:identity/example.org",
};

let cached: ReturnType<typeof synthesizeOnce> | undefined;

/** The app for stage "test" with validSettings, synthesised on the first call in this worker. */
export function synthesizeApp() {
  cached ??= synthesizeOnce();
  return cached;
}

async function synthesizeOnce() {
  const { app, template } = await synthesize();
  // use() reads the app SST saw last, so take the stacks' outputs before any other synthesis.
  const storage = use(Storage);
  const jobs = use(Jobs);
  const web = use(Web);
  const api = use(Api);
  const events = use(Events);
  const analytics = use(Analytics);
  const [bucketId] = only(template(Storage), "AWS::S3::Bucket");
  const queues = template(Jobs).findResources("AWS::SQS::Queue", {
    Properties: { RedrivePolicy: Match.anyValue() },
  });
  const [redriven, ...more] = Object.entries(queues);
  if (!redriven || more.length > 0) throw new Error("Expected exactly one queue with a DLQ");
  const queueId = redriven[0];
  const deadLettersId: string =
    redriven[1].Properties.RedrivePolicy.deadLetterTargetArn["Fn::GetAtt"][0];
  // Two redriven queues: the domain events, and the outgoing webhook deliveries they feed.
  const redrivenIn = (prefix: string) => {
    const found = Object.entries(
      template(Events).findResources("AWS::SQS::Queue", {
        Properties: { RedrivePolicy: Match.anyValue() },
      }),
    ).filter(([id]) => id.startsWith(prefix)) as [
      string,
      { Properties: { RedrivePolicy: { deadLetterTargetArn: { "Fn::GetAtt": string[] } } } },
    ][];
    const [queue, ...more] = found;
    if (!queue || more.length > 0) throw new Error(`Expected one ${prefix} queue with a DLQ`);
    return [queue[0], queue[1].Properties.RedrivePolicy.deadLetterTargetArn["Fn::GetAtt"][0]] as [
      string,
      string,
    ];
  };
  const [eventsQueueId, eventsDeadLettersId] = redrivenIn("EventsQueue");
  const [webhooksQueueId, webhooksDeadLettersId] = redrivenIn("WebhookDeliveriesQueue");
  const pageViewQueues = Object.entries(
    template(Analytics).findResources("AWS::SQS::Queue", {
      Properties: { RedrivePolicy: Match.anyValue() },
    }),
  );
  if (pageViewQueues.length !== 1) throw new Error("Expected exactly one page-views queue");
  const [pageViews] = pageViewQueues as [[string, { Properties: Record<string, unknown> }]];
  const pageViewsQueueId = pageViews[0];
  const pageViewsDeadLettersId = (
    pageViews[1].Properties.RedrivePolicy as { deadLetterTargetArn: { "Fn::GetAtt": string[] } }
  ).deadLetterTargetArn["Fn::GetAtt"][0] as string;
  /** The API's stacks: the HTTP API's own, and one per area of routes (stacks/Api.ts). */
  const apiTemplates = () => [
    template(Api),
    ...api.routeStacks.map((stack) => Template.fromStack(stack)),
  ];
  const hostingTemplate = template(Hosting);
  const [hostingQueueId] = Object.keys(
    hostingTemplate.findResources("AWS::SQS::Queue", {
      Properties: { RedrivePolicy: Match.anyValue() },
    }),
  ) as [string];
  const grantTargets: GrantTargets = {
    bucketId,
    queueId,
    eventsQueueId,
    webhooksQueueId,
    pageViewsQueueId,
    hosting: {
      bucketId: only(hostingTemplate, "AWS::S3::Bucket")[0],
      storeId: only(hostingTemplate, "AWS::CloudFront::KeyValueStore")[0],
      queueId: hostingQueueId,
      distributionId: only(hostingTemplate, "AWS::CloudFront::Distribution")[0],
    },
  };
  return {
    app,
    template,
    storage,
    jobs,
    web,
    api,
    events,
    analytics,
    apiTemplates,
    bucketId,
    queueId,
    deadLettersId,
    eventsQueueId,
    eventsDeadLettersId,
    webhooksQueueId,
    webhooksDeadLettersId,
    pageViewsQueueId,
    pageViewsDeadLettersId,
    grantTargets,
  };
}

export type SynthesizedApp = Awaited<ReturnType<typeof synthesizeOnce>>;
