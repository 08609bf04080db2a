/**
 * The steps of rotating the origin secret (docs/operations.md "Rotating the origin secret"),
 * in the one order that never leaves CloudFront sending a value the functions refuse:
 *
 *   0. a new version of the secret, labelled AWSPENDING (AWSCURRENT stays on the old one);
 *   1. deploy: the functions accept the old and the new value, CloudFront still sends the old;
 *   2. deploy: CloudFront sends the new value, the functions still accept the old one too,
 *      since CloudFront's edges take minutes to move; then AWSCURRENT moves to the new version;
 *   3. deploy: an ordinary deploy, whose references name AWSCURRENT: the old value is retired.
 *
 * A deploy is whatever `deploy` does: run `sst deploy` here, or print the command and wait
 * for the operator to run it (scripts/rotate-origin-secret.ts). A rotation that stopped half
 * way (a failed deploy) resumes with the same new version: the steps are safe to repeat.
 */
import { randomUUID } from "node:crypto";
import {
  DescribeSecretCommand,
  GetRandomPasswordCommand,
  ListSecretsCommand,
  PutSecretValueCommand,
  type SecretsManagerClient,
  UpdateSecretVersionStageCommand,
} from "@aws-sdk/client-secrets-manager";
import {
  ORIGIN_SECRET_GENERATION,
  ORIGIN_SECRET_SETTINGS,
  ORIGIN_SECRET_TAG,
} from "../stacks/origin-secret";

const CURRENT = "AWSCURRENT";
const PENDING = "AWSPENDING";

export interface DeployStep {
  /** 1, 2 or 3. */
  step: number;
  /** What this deploy changes, for the operator. */
  purpose: string;
  /** The stage settings the deploy needs (none for the last, ordinary deploy). */
  settings: Partial<
    Record<(typeof ORIGIN_SECRET_SETTINGS)[keyof typeof ORIGIN_SECRET_SETTINGS], string>
  >;
}

export interface RotationOptions {
  client: SecretsManagerClient;
  stage: string;
  /** Runs (or has the operator run) `sst deploy --stage <stage>` with the step's settings. */
  deploy: (step: DeployStep) => Promise<void>;
  log: (line: string) => void;
}

/** The stage's origin secret, found by the tag stacks/origin-secret.ts gives it. */
export async function findOriginSecret(client: SecretsManagerClient, stage: string) {
  const found: string[] = [];
  let NextToken: string | undefined;
  do {
    const page = await client.send(
      new ListSecretsCommand({
        Filters: [
          { Key: "tag-key", Values: [ORIGIN_SECRET_TAG] },
          { Key: "tag-value", Values: [stage] },
        ],
        NextToken,
      }),
    );
    for (const secret of page.SecretList ?? []) {
      // The two filters match any tag each: keep the secrets whose own tag names this stage.
      const tagged = secret.Tags?.some((t) => t.Key === ORIGIN_SECRET_TAG && t.Value === stage);
      if (tagged && secret.ARN) found.push(secret.ARN);
    }
    NextToken = page.NextToken;
  } while (NextToken);
  if (found.length !== 1) {
    throw new Error(
      found.length === 0
        ? `No origin secret tagged ${ORIGIN_SECRET_TAG}=${stage}: is the stage deployed, in this account and region?`
        : `${found.length} secrets are tagged ${ORIGIN_SECRET_TAG}=${stage}: ${found.join(", ")}`,
    );
  }
  return found[0] as string;
}

/** The version that carries `label`, if any. */
function versionLabelled(stages: Record<string, string[]> | undefined, label: string) {
  return Object.entries(stages ?? {}).find(([, labels]) => labels.includes(label))?.[0];
}

export async function rotateOriginSecret({ client, stage, deploy, log }: RotationOptions) {
  const secretId = await findOriginSecret(client, stage);
  log(`Origin secret of stage ${stage}: ${secretId}`);
  const described = await client.send(new DescribeSecretCommand({ SecretId: secretId }));
  const old = versionLabelled(described.VersionIdsToStages, CURRENT);
  if (!old) throw new Error(`The secret has no ${CURRENT} version`);
  let next = versionLabelled(described.VersionIdsToStages, PENDING);

  if (next && next !== old) {
    log(`Resuming the rotation to version ${next} (labelled ${PENDING}), from step 1.`);
  } else {
    const { RandomPassword } = await client.send(
      new GetRandomPasswordCommand({
        PasswordLength: ORIGIN_SECRET_GENERATION.passwordLength,
        ExcludePunctuation: ORIGIN_SECRET_GENERATION.excludePunctuation,
      }),
    );
    if (!RandomPassword) throw new Error("Secrets Manager returned no random value");
    // Labelled AWSPENDING only: AWSCURRENT, which ordinary deploys use, stays on the old value
    // until CloudFront sends the new one.
    const put = await client.send(
      new PutSecretValueCommand({
        SecretId: secretId,
        SecretString: RandomPassword,
        ClientRequestToken: randomUUID(),
        VersionStages: [PENDING],
      }),
    );
    next = put.VersionId;
    if (!next) throw new Error("Secrets Manager returned no version id for the new value");
    log(`Step 0: made the new value, version ${next} (${PENDING}); ${CURRENT} is still ${old}.`);
  }

  await deploy({
    step: 1,
    purpose: "the functions accept the new value as well as the old; CloudFront sends the old",
    settings: {
      [ORIGIN_SECRET_SETTINGS.version]: old,
      [ORIGIN_SECRET_SETTINGS.rotatingVersion]: next,
    },
  });
  await deploy({
    step: 2,
    purpose: "CloudFront sends the new value; the functions still accept the old",
    settings: {
      [ORIGIN_SECRET_SETTINGS.version]: next,
      [ORIGIN_SECRET_SETTINGS.rotatingVersion]: old,
    },
  });
  // Now that CloudFront sends it, the new value is the current one (the old becomes
  // AWSPREVIOUS), and an ordinary deploy uses it.
  await client.send(
    new UpdateSecretVersionStageCommand({
      SecretId: secretId,
      VersionStage: CURRENT,
      MoveToVersionId: next,
      RemoveFromVersionId: old,
    }),
  );
  await client.send(
    new UpdateSecretVersionStageCommand({
      SecretId: secretId,
      VersionStage: PENDING,
      RemoveFromVersionId: next,
    }),
  );
  log(`Moved ${CURRENT} to version ${next}; ${old} is now AWSPREVIOUS.`);
  await deploy({
    step: 3,
    purpose:
      "an ordinary deploy: functions and CloudFront use the current value only; the old one is refused",
    settings: {},
  });
  log(`Done: the origin secret of ${stage} is version ${next}; ${old} is no longer accepted.`);
}
