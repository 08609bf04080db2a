/**
 * Rotating the origin secret (docs/operations.md "Rotating the origin secret"): the references
 * each rotation step deploys, and the order `npm run rotate-origin-secret` runs the steps in,
 * against a Secrets Manager client stubbed with aws-sdk-client-mock.
 */
import {
  DescribeSecretCommand,
  GetRandomPasswordCommand,
  ListSecretsCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
  UpdateSecretVersionStageCommand,
} from "@aws-sdk/client-secrets-manager";
import {
  ORIGIN_VERIFY_ENV,
  ORIGIN_VERIFY_HEADER,
  ORIGIN_VERIFY_ROTATING_ENV,
} from "@portal/functions/api/origin-verify";
import { Template } from "aws-cdk-lib/assertions";
import { mockClient } from "aws-sdk-client-mock";
import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import { type DeployStep, rotateOriginSecret } from "../../scripts/origin-secret-rotation";
import { ORIGIN_SECRET_SETTINGS, ORIGIN_SECRET_TAG } from "../../stacks/origin-secret";
import { Storage } from "../../stacks/Storage";
import { Web } from "../../stacks/Web";
import { stackTemplates, synthesize, validSettings } from "./synth";
import { only, routeFunctions } from "./template-queries";

const OLD = "0b7f6a52-3c1e-4d89-a0b4-7c2d9e1f3a01";
const NEW = "5e2c9d14-8f3b-4a67-b1c5-2d8e4f6a9b02";
const rotating = {
  ...validSettings,
  [ORIGIN_SECRET_SETTINGS.version]: OLD,
  [ORIGIN_SECRET_SETTINGS.rotatingVersion]: NEW,
};

type Json = Record<string, unknown>;

/** The API's stacks: the HTTP API's own and one per area of routes (stacks/Api.ts). */
const apiTemplates = (app: Parameters<typeof stackTemplates>[0]) =>
  [...stackTemplates(app)].filter(([id]) => id.startsWith("Api")).map(([, t]) => t);

/** The version a `{{resolve:secretsmanager:…}}` reference names; "AWSCURRENT" when none. */
function referencedVersion(value: unknown): string {
  const text = JSON.stringify(value);
  const match = /resolve:secretsmanager:.*:SecretString:([^:"]*):([^:"]*):([^:"}]*)\}\}/.exec(text);
  if (!match) throw new Error(`Not a Secrets Manager reference: ${text}`);
  return match[3] || match[2] || "AWSCURRENT";
}

/** What the distribution sends, and what each API function accepts, as version names. */
function originSecretUse(api: readonly Template[], web: Template) {
  const [, distribution] = only(web, "AWS::CloudFront::Distribution");
  const origins = (distribution.Properties?.DistributionConfig as Json | undefined)?.Origins as
    | {
        OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[];
      }[]
    | undefined;
  const sent = (origins ?? [])
    .flatMap((o) => o.OriginCustomHeaders ?? [])
    .filter((h) => h.HeaderName === ORIGIN_VERIFY_HEADER)
    .map((h) => referencedVersion(h.HeaderValue));
  const accepted = [...routeFunctions(api).values()].map((fn) => {
    const env = (fn.properties.Environment as { Variables: Record<string, unknown> }).Variables;
    return [ORIGIN_VERIFY_ENV, ORIGIN_VERIFY_ROTATING_ENV]
      .filter((name) => name in env)
      .map((name) => referencedVersion(env[name]));
  });
  return { sent, accepted };
}

/** Every function accepts what CloudFront sends. */
function expectAcceptsWhatIsSent(use: ReturnType<typeof originSecretUse>) {
  expect(use.sent).toHaveLength(1);
  for (const versions of use.accepted) expect(versions).toContain(use.sent[0]);
}

describe("the references a rotation step deploys", () => {
  let api: Template[];
  let web: Template;
  let storage: Template;
  beforeAll(async () => {
    const { app, template } = await synthesize("test", rotating);
    api = apiTemplates(app);
    web = template(Web);
    storage = template(Storage);
  });

  test("every function accepts both versions; CloudFront sends only the current one", () => {
    const use = originSecretUse(api, web);
    expect(use.sent).toEqual([OLD]);
    expect(use.accepted.length).toBeGreaterThan(10);
    for (const versions of use.accepted) expect(versions).toEqual([OLD, NEW]);
    expect(JSON.stringify(web.toJSON())).not.toContain(NEW);
    expectAcceptsWhatIsSent(use);
  });

  test("the check fails when CloudFront would send a version the functions do not accept", () => {
    const other = "1a2b3c4d-0000-4000-8000-00000000000c";
    const broken = Template.fromJSON(
      JSON.parse(JSON.stringify(web.toJSON()).replaceAll(OLD, other)),
    );
    expect(() => expectAcceptsWhatIsSent(originSecretUse(api, broken))).toThrow();
  });

  test("the secret carries the tag the rotation script finds it by", () => {
    const [, secret] = only(storage, "AWS::SecretsManager::Secret");
    expect(secret.Properties?.Tags).toContainEqual({ Key: ORIGIN_SECRET_TAG, Value: "test" });
  });
});

describe("an ordinary deploy", () => {
  test("names the current version everywhere and accepts no second one", async () => {
    const { app, template } = await synthesize("test", validSettings);
    const use = originSecretUse(apiTemplates(app), template(Web));
    expect(use.sent).toEqual(["AWSCURRENT"]);
    expect(use.accepted.length).toBeGreaterThan(10);
    for (const versions of use.accepted) expect(versions).toEqual(["AWSCURRENT"]);
  });
});

describe("rotation settings synthesis refuses", () => {
  test.each([
    [
      "a second version without the first",
      { [ORIGIN_SECRET_SETTINGS.rotatingVersion]: NEW },
      /needs ORIGIN_SECRET_VERSION/,
    ],
    [
      "the same version twice",
      { [ORIGIN_SECRET_SETTINGS.version]: OLD, [ORIGIN_SECRET_SETTINGS.rotatingVersion]: OLD },
      /must differ/,
    ],
    [
      "something that is not a version id",
      { [ORIGIN_SECRET_SETTINGS.version]: "AWSPREVIOUS:x" },
      /must be a version id/,
    ],
  ])("%s", async (_, settings, error) => {
    await expect(synthesize("test", { ...validSettings, ...settings })).rejects.toThrow(error);
  });
});

/**
 * A stage as the script sees and changes it: the secret's labels (through the mocked client)
 * and, on each deploy, what the functions accept and CloudFront sends. A deploy updates the
 * Api stack before the Web stack (Web uses the API's address), and CloudFront's edges keep
 * sending the old value for minutes after: every moment must have the functions accept it.
 */
class SimulatedStage {
  labels = new Map<string, string>([["AWSCURRENT", OLD]]);
  accepted = new Set([OLD]);
  sent = OLD;
  log: string[] = [];

  private resolve(version: string | undefined) {
    const resolved = version ?? this.labels.get("AWSCURRENT");
    if (!resolved) throw new Error("no AWSCURRENT version");
    return resolved;
  }

  deploy = async (step: DeployStep) => {
    const version = this.resolve(step.settings[ORIGIN_SECRET_SETTINGS.version]);
    const other = step.settings[ORIGIN_SECRET_SETTINGS.rotatingVersion];
    this.accepted = new Set(other ? [version, other] : [version]);
    if (!this.accepted.has(this.sent)) {
      throw new Error(
        `step ${step.step}: the functions refuse ${this.sent}, which edges still send`,
      );
    }
    this.sent = version;
    this.log.push(`deploy ${step.step}: send ${version}, accept ${[...this.accepted].join("+")}`);
  };
}

describe("npm run rotate-origin-secret", () => {
  const secrets = mockClient(SecretsManagerClient);
  const ARN = "arn:aws:secretsmanager:us-east-1:123456789012:secret:OriginVerifySecret-AbCdEf";
  let stage: SimulatedStage;

  beforeEach(() => {
    secrets.reset();
    stage = new SimulatedStage();
    secrets.on(ListSecretsCommand).resolves({
      SecretList: [
        { ARN: `${ARN}-staging`, Tags: [{ Key: ORIGIN_SECRET_TAG, Value: "staging" }] },
        {
          ARN,
          Tags: [
            { Key: "other", Value: "prod" },
            { Key: ORIGIN_SECRET_TAG, Value: "prod" },
          ],
        },
      ],
    });
    secrets.on(DescribeSecretCommand).callsFake(() => {
      const stages: Record<string, string[]> = {};
      for (const [label, version] of stage.labels)
        stages[version] = [...(stages[version] ?? []), label];
      return { ARN, VersionIdsToStages: stages };
    });
    secrets.on(GetRandomPasswordCommand).resolves({ RandomPassword: "n".repeat(48) });
    secrets.on(PutSecretValueCommand).callsFake((input) => {
      for (const label of input.VersionStages ?? []) stage.labels.set(label, NEW);
      stage.log.push(`new version ${NEW}: ${input.VersionStages}`);
      return { VersionId: NEW };
    });
    secrets.on(UpdateSecretVersionStageCommand).callsFake((input) => {
      expect(stage.labels.get(input.VersionStage)).toBe(input.RemoveFromVersionId);
      if (input.MoveToVersionId) stage.labels.set(input.VersionStage, input.MoveToVersionId);
      else stage.labels.delete(input.VersionStage);
      stage.log.push(`${input.VersionStage} → ${input.MoveToVersionId ?? "removed"}`);
      return {};
    });
  });

  const run = (deploy = stage.deploy) =>
    rotateOriginSecret({
      client: new SecretsManagerClient({ region: "us-east-1" }),
      stage: "prod",
      deploy,
      log: () => {},
    });

  test("accepts the new value first, then sends it, then retires the old one", async () => {
    await run();
    expect(stage.log).toEqual([
      `new version ${NEW}: AWSPENDING`,
      `deploy 1: send ${OLD}, accept ${OLD}+${NEW}`,
      `deploy 2: send ${NEW}, accept ${NEW}+${OLD}`,
      `AWSCURRENT → ${NEW}`,
      "AWSPENDING → removed",
      `deploy 3: send ${NEW}, accept ${NEW}`,
    ]);
    expect(secrets.commandCalls(PutSecretValueCommand)[0]?.args[0].input).toMatchObject({
      SecretId: ARN,
      SecretString: "n".repeat(48),
      VersionStages: ["AWSPENDING"],
    });
  });

  test("the simulated stage catches an order that sends the new value before it is accepted", async () => {
    const sendFirst = async (step: DeployStep) =>
      stage.deploy(
        step.step === 1 ? { ...step, settings: { [ORIGIN_SECRET_SETTINGS.version]: NEW } } : step,
      );
    await expect(run(sendFirst)).rejects.toThrow(/refuse/);
  });

  test("a failed deploy moves no label, and a second run resumes with the same new value", async () => {
    const failSecond = async (step: DeployStep) => {
      if (step.step === 2) throw new Error("deploy failed");
      await stage.deploy(step);
    };
    await expect(run(failSecond)).rejects.toThrow("deploy failed");
    expect(stage.labels.get("AWSCURRENT")).toBe(OLD);
    expect(secrets.commandCalls(UpdateSecretVersionStageCommand)).toHaveLength(0);

    stage.log = [];
    await run();
    expect(secrets.commandCalls(PutSecretValueCommand)).toHaveLength(1);
    expect(stage.log.at(-1)).toBe(`deploy 3: send ${NEW}, accept ${NEW}`);
    expect(stage.labels.get("AWSCURRENT")).toBe(NEW);
  });

  test("refuses a stage without its secret, before changing anything", async () => {
    secrets.on(ListSecretsCommand).resolves({ SecretList: [] });
    await expect(run()).rejects.toThrow(/No origin secret tagged site-portal:origin-verify=prod/);
    expect(secrets.commandCalls(PutSecretValueCommand)).toHaveLength(0);
    expect(stage.log).toEqual([]);
  });
});
