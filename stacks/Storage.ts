/**
 * Stateful resources: the single DynamoDB table and the private screenshots bucket. The stage's
 * Config.Secret / Config.Parameter constructs are created here too, because this is the first
 * stack and every later one `use()`s it.
 */
import { TABLE_ID, tableDefinition } from "@portal/core/db/table-definition";
import {
  EXPORT_KEEP_DAYS,
  EXPORTS_PREFIX,
  TOMBSTONE_KEEP_DAYS,
  TOMBSTONES_PREFIX,
} from "@portal/core/privacy/enums";
import { Duration } from "aws-cdk-lib";
import * as dynamodb from "aws-cdk-lib/aws-dynamodb";
import { Bucket, type StackContext, Table } from "sst/constructs";
import { createConfig, readDeploySettings } from "./Config";
import { contentUploadCors, UNCONFIRMED_UPLOAD_RULE } from "./content-bucket";
import { createOriginSecret, readOriginSecretVersions } from "./origin-secret";

export function Storage({ stack, app }: StackContext) {
  // With a custom domain APP_URL is derived from it (docs/operations.md "Custom domain").
  const { settings, domain, sites, restoredTableName } = readDeploySettings(app.stage);
  const config = createConfig(stack, settings);
  const originSecret = createOriginSecret(stack, app.stage, readOriginSecretVersions(app.stage));

  // The definition is shared with the local stack, which creates its dynalite table from it.
  // Removal: CDK keeps tables and buckets by default (DeletionPolicy Retain); sst.config.ts
  // switches every stage except prod to destroy, and only prod's table refuses deletion, so
  // `sst remove` of a pull request's stage takes its table too.
  // A stage can be pointed at a table restored from a backup (docs/operations.md "Restoring
  // the table"): the same construct id keeps every binding (Table.Main) and grant, now on the
  // restored table, which this app neither created nor will delete.
  const table = restoredTableName
    ? new Table(stack, TABLE_ID, {
        cdk: { table: dynamodb.Table.fromTableName(stack, "RestoredMain", restoredTableName) },
      })
    : new Table(stack, TABLE_ID, {
        fields: tableDefinition.fields,
        primaryIndex: tableDefinition.primaryIndex,
        globalIndexes: tableDefinition.globalIndexes,
        // Short-lived items (the analytics visitor marks) carry an epoch-seconds expiry here.
        timeToLiveAttribute: "expiresAt",
        cdk: {
          // SST turns this on by default too; said here so an upgrade cannot quietly drop it. (The
          // newer pointInTimeRecoverySpecification cannot be used: CDK refuses both at once.)
          // Deleting prod's table takes turning protection off first: a stray `sst remove` or a
          // renamed construct cannot take the customers' data with it.
          table: { pointInTimeRecovery: true, deletionProtection: app.stage === "prod" },
        },
      });

  // Screenshots and customers' content are served only through short-lived presigned URLs, so
  // the bucket blocks every kind of public access and refuses plain HTTP (SST's default
  // enforceSSL). An <img> request needs no CORS; the one cross-origin call is the SPA's
  // presigned upload of content (stacks/content-bucket.ts, docs/content.md).
  const bucket = new Bucket(stack, "Screenshots", {
    blockPublicACLs: true,
    cors: contentUploadCors(settings.parameters.APP_URL),
    // Customers' data exports are kept 7 days (docs/privacy.md); S3 removes them a day later.
    cdk: {
      bucket: {
        lifecycleRules: [
          {
            id: "DataExports",
            prefix: EXPORTS_PREFIX,
            expiration: Duration.days(EXPORT_KEEP_DAYS + 1),
          },
          UNCONFIRMED_UPLOAD_RULE,
          // Erasures and revocations, for a restore to re-apply (docs/operations.md): kept
          // past the 35 days point-in-time recovery reaches back, then removed.
          {
            id: "Tombstones",
            prefix: TOMBSTONES_PREFIX,
            expiration: Duration.days(TOMBSTONE_KEEP_DAYS),
          },
        ],
      },
    },
  });

  return { table, bucket, config, settings, domain, sites, originSecret };
}
