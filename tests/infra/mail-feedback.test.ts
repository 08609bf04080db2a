/**
 * Bounces and complaints as synthesised (docs/notifications.md, "Bounces and complaints"): the
 * configuration set the mailer sends with publishes bounce and complaint events to a topic only
 * SES may publish to, the topic feeds the MailFeedback queue with SES's raw event, and the
 * queue feeds the mail-feedback consumer. The check is also run on templates with one link of
 * that chain broken, which it must catch.
 */
import { Template } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, test } from "vitest";
import { mailConfigurationSetName } from "../../stacks/Config";
import { Events } from "../../stacks/Events";
import { synthesize, validSettings } from "./synth";
import { lambda } from "./template-queries";

type Json = Record<string, unknown>;
type Resources = Record<string, { Type: string; Properties?: Json; DependsOn?: string[] }>;

const refId = (value: unknown): string | undefined => {
  if (typeof value !== "object" || value === null) return undefined;
  const v = value as { Ref?: string; "Fn::GetAtt"?: [string, string] };
  return v.Ref ?? v["Fn::GetAtt"]?.[0];
};

/** What is missing between the set's events and the consumer; empty when the chain holds. */
function feedbackProblems(template: Template, configurationSet: string): string[] {
  const resources = (template.toJSON() as { Resources: Resources }).Resources;
  const of = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
  const problems: string[] = [];
  const destination = of("AWS::SES::ConfigurationSetEventDestination").find(
    ([, r]) => r.Properties?.ConfigurationSetName === configurationSet,
  );
  if (!destination) return [`no event destination on ${configurationSet}`];
  const spec = destination[1].Properties?.EventDestination as Json;
  const events = (spec.MatchingEventTypes as string[]) ?? [];
  for (const event of ["bounce", "complaint"]) {
    if (!events.includes(event)) problems.push(`${event} events are not published`);
  }
  if (spec.Enabled !== true) problems.push("the event destination is disabled");
  const topicId = refId((spec.SnsDestination as Json | undefined)?.TopicARN);
  if (!topicId || resources[topicId]?.Type !== "AWS::SNS::Topic") {
    return [...problems, "the events go to no topic of the stack"];
  }
  const policy = of("AWS::SNS::TopicPolicy").find(([, r]) =>
    ((r.Properties?.Topics as unknown[] | undefined) ?? []).some((t) => refId(t) === topicId),
  );
  const sesMayPublish = (
    ((policy?.[1].Properties?.PolicyDocument as Json)?.Statement as Json[]) ?? []
  ).some(
    (s) =>
      s.Effect === "Allow" &&
      (s.Principal as Json)?.Service === "ses.amazonaws.com" &&
      ([] as unknown[]).concat(s.Action).includes("sns:Publish"),
  );
  if (!sesMayPublish) problems.push("SES may not publish to the topic");
  const subscription = of("AWS::SNS::Subscription").find(
    ([, r]) => refId(r.Properties?.TopicArn) === topicId,
  );
  if (!subscription) return [...problems, "nothing subscribes to the topic"];
  const sub = subscription[1].Properties ?? {};
  if (sub.Protocol !== "sqs") problems.push("the topic does not feed a queue");
  if (sub.RawMessageDelivery !== true)
    problems.push("the queue gets SNS envelopes, not SES events");
  const queueId = refId(sub.Endpoint);
  const mapping = of("AWS::Lambda::EventSourceMapping").find(
    ([, r]) => refId(r.Properties?.EventSourceArn) === queueId,
  );
  if (
    !String(refId(mapping?.[1].Properties?.FunctionName) ?? "").startsWith("MailFeedbackConsumer")
  ) {
    problems.push("the queue does not feed the mail-feedback consumer");
  }
  return problems;
}

/** The same template with `change` made to a copy of its resources. */
function broken(template: Template, change: (resources: Resources) => void): Template {
  const copy = structuredClone(template.toJSON()) as { Resources: Resources };
  change(copy.Resources);
  return Template.fromJSON(copy);
}

describe("with a configuration set the stage names (it exists already)", () => {
  let events: Template;
  beforeAll(async () => {
    events = (await synthesize()).template(Events);
  }, 120_000);

  test("its bounces and complaints reach the mail-feedback consumer; the stack makes no set", () => {
    expect(feedbackProblems(events, validSettings.SES_CONFIGURATION_SET as string)).toEqual([]);
    expect(events.findResources("AWS::SES::ConfigurationSet")).toEqual({});
  });

  test("the check catches each broken link", () => {
    const set = validSettings.SES_CONFIGURATION_SET as string;
    const typed = (resources: Resources, type: string) =>
      Object.values(resources).filter((r) => r.Type === type);
    expect(
      feedbackProblems(
        broken(events, (r) => {
          for (const s of typed(r, "AWS::SNS::Subscription"))
            delete s.Properties?.RawMessageDelivery;
        }),
        set,
      ),
    ).toEqual(["the queue gets SNS envelopes, not SES events"]);
    expect(
      feedbackProblems(
        broken(events, (r) => {
          for (const d of typed(r, "AWS::SES::ConfigurationSetEventDestination")) {
            (d.Properties?.EventDestination as Json).MatchingEventTypes = ["bounce"];
          }
        }),
        set,
      ),
    ).toEqual(["complaint events are not published"]);
    expect(
      feedbackProblems(
        broken(events, (r) => {
          for (const p of typed(r, "AWS::SNS::TopicPolicy")) {
            ((p.Properties as Json).PolicyDocument as Json).Statement = [];
          }
        }),
        set,
      ),
    ).toEqual(["SES may not publish to the topic"]);
    expect(feedbackProblems(events, "another-set")).toEqual([
      "no event destination on another-set",
    ]);
  });
});

describe("with no configuration set named", () => {
  test("the stack makes one, sends every mail with it, and it reports to the consumer", async () => {
    const { template } = await synthesize("test", { ...validSettings, SES_CONFIGURATION_SET: "" });
    const events = template(Events);
    const name = mailConfigurationSetName("test");
    const sets = Object.values(events.findResources("AWS::SES::ConfigurationSet"));
    expect(sets.map((s) => s.Properties?.Name)).toEqual([name]);
    expect(feedbackProblems(events, name)).toEqual([]);
    // The notifications consumer sends with that set.
    const notifications = lambda(events, "Notifications");
    expect(JSON.stringify(notifications.properties.Environment)).toContain(name);
  }, 120_000);
});
