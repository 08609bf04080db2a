/**
 * The table, the screenshots bucket and the stage's settings (stacks/Storage.ts).
 * Synthesised offline for stage "test" (synthesized-app.ts) and asserted with CDK's Template.
 */
import { tableDefinition } from "@portal/core/db/table-definition";
import { Match } from "aws-cdk-lib/assertions";
import { Config } from "sst/constructs";
import { beforeAll, describe, expect, test } from "vitest";
import { Api } from "../../stacks/Api";
import { Jobs } from "../../stacks/Jobs";
import { Storage } from "../../stacks/Storage";
import { Webhooks } from "../../stacks/Webhooks";
import { validSettings } from "./synth";
import { type SynthesizedApp, synthesizeApp } from "./synthesized-app";
import { only } from "./template-queries";

let template: SynthesizedApp["template"];
let storage: SynthesizedApp["storage"];
let bucketId: SynthesizedApp["bucketId"];

beforeAll(async () => {
  ({ template, storage, bucketId } = await synthesizeApp());
});

describe("Storage", () => {
  test("the table is the shared definition, with point-in-time recovery", () => {
    const { fields, primaryIndex, globalIndexes } = tableDefinition;
    template(Storage).hasResourceProperties("AWS::DynamoDB::Table", {
      KeySchema: [
        { AttributeName: primaryIndex.partitionKey, KeyType: "HASH" },
        { AttributeName: primaryIndex.sortKey, KeyType: "RANGE" },
      ],
      AttributeDefinitions: Match.arrayWith(
        Object.keys(fields).map((name) => ({ AttributeName: name, AttributeType: "S" })),
      ),
      GlobalSecondaryIndexes: Object.entries(globalIndexes).map(([name, index]) =>
        Match.objectLike({
          IndexName: name,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: "HASH" },
            { AttributeName: index.sortKey, KeyType: "RANGE" },
          ],
          Projection: { ProjectionType: "ALL" },
        }),
      ),
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    });
  });

  test("the origin secret is generated in Secrets Manager, never written into a template", () => {
    template(Storage).hasResourceProperties("AWS::SecretsManager::Secret", {
      GenerateSecretString: Match.objectLike({ PasswordLength: 48 }),
    });
    const [secretId, secret] = only(template(Storage), "AWS::SecretsManager::Secret");
    expect(secret.Properties).not.toHaveProperty("SecretString");
    expect(secretId).toMatch(/^OriginVerifySecret/);
  });

  test("no function may touch the bucket outside users/, or do everything to the table", () => {
    let s3Statements = 0;
    for (const stack of [Api, Jobs, Webhooks]) {
      for (const policy of Object.values(template(stack).findResources("AWS::IAM::Policy"))) {
        for (const statement of policy.Properties.PolicyDocument.Statement) {
          const actions: string[] = [statement.Action].flat();
          expect(actions).not.toContain("s3:*");
          expect(actions).not.toContain("dynamodb:*");
          if (!actions.some((a) => a.startsWith("s3:"))) continue;
          s3Statements++;
          const resources = [statement.Resource].flat().map((r) => JSON.stringify(r));
          // users/ holds screenshots; exports/ the customers' data exports (docs/privacy.md).
          if (actions.every((a) => a === "s3:ListBucket")) {
            expect(["users/*", "exports/*"]).toContain(
              (statement.Condition as { StringLike: { "s3:prefix": string } }).StringLike[
                "s3:prefix"
              ],
            );
          } else {
            for (const r of resources) expect(r).toMatch(/\/(users|exports)\/\*"\]\]\}$/);
          }
        }
      }
    }
    expect(s3Statements).toBeGreaterThan(0);
  });

  test("items with an expiresAt (analytics visitor marks) expire through the table's TTL", () => {
    template(Storage).hasResourceProperties("AWS::DynamoDB::Table", {
      TimeToLiveSpecification: { AttributeName: "expiresAt", Enabled: true },
    });
  });

  // Its one CORS rule (the SPA's origin may PUT a content upload) is tests/infra/content.test.ts's.
  test("the screenshots bucket blocks all public access and refuses plain HTTP", () => {
    const storage = template(Storage);
    storage.hasResource("AWS::S3::Bucket", {
      Properties: Match.objectLike({
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
      }),
    });
    storage.hasResourceProperties("AWS::S3::BucketPolicy", {
      Bucket: { Ref: bucketId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: "Deny",
            Action: "s3:*",
            Condition: { Bool: { "aws:SecureTransport": "false" } },
          }),
        ]),
      },
    });
  });

  test("secrets and parameters are declared once, for every function to bind", () => {
    expect(Object.keys(storage.config.secrets).sort()).toEqual([
      "ANALYTICS_SALT_KEY",
      "CLERK_JWT_KEY",
      "CLERK_SECRET_KEY",
      "CLERK_WEBHOOK_SECRET",
      "STRIPE_SECRET_KEY",
      "STRIPE_WEBHOOK_SECRET",
      "UNSUBSCRIBE_KEY",
    ]);
    for (const secret of Object.values(storage.config.secrets)) {
      expect(secret).toBeInstanceOf(Config.Secret);
    }
    // On AWS: virtual-hosted S3 and no private hosts the worker may visit.
    expect(storage.config.parameters.S3_FORCE_PATH_STYLE.value).toBe("false");
    expect(storage.config.parameters.OUTBOUND_ALLOW_HOSTS.value).toBe("");
    expect(storage.config.parameters.DNS_RESOLVER.value).toBe("1.1.1.1");
    expect(storage.config.parameters.DOMAIN_A_RECORD.value).toBe(validSettings.DOMAIN_A_RECORD);
    expect(storage.config.parameters.MAIL_FROM.value).toBe(validSettings.MAIL_FROM);
    expect(storage.config.parameters.SES_CONFIGURATION_SET.value).toBe("portal-mail");
    expect(storage.config.parameters.PRODUCT_NAME.value).toBe("Site Portal");
    // Unverified custom-domain claims lapse after a week unless the stage says otherwise.
    expect(storage.config.parameters.DOMAIN_CLAIM_TTL_DAYS.value).toBe("7");
  });
});

/** The parts of a synthesised CloudFront distribution these tests read. */
