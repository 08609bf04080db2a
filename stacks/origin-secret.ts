/**
 * The value CloudFront sends in the origin-verify header and the API's functions compare
 * (docs/access.md). A Config.Secret lives in SSM as a SecureString, which CloudFormation can
 * resolve for Lambda but not for a CloudFront distribution; a generated Secrets Manager secret
 * resolves for both, is never written into a template, and needs no `sst secrets set`.
 *
 * CloudFormation resolves a `{{resolve:secretsmanager:…}}` reference again only for a resource
 * whose template changes, so a new value in the secret alone would reach some functions and not
 * the distribution. The references therefore name a version of the secret when a rotation is
 * under way: each step changes the text of every consumer's reference, and the functions accept
 * a second version while CloudFront moves from one to the other. `npm run rotate-origin-secret`
 * (scripts/rotate-origin-secret.ts) runs the steps; docs/operations.md "Rotating the origin
 * secret" describes them.
 */
import { SecretValue, aws_secretsmanager as secretsmanager, Tags } from "aws-cdk-lib";
import type { Construct } from "constructs";

/** How a value is made, by CloudFormation at first and by the rotation script after. */
export const ORIGIN_SECRET_GENERATION = { passwordLength: 48, excludePunctuation: true } as const;

/** The tag (value: the stage) the rotation script finds a stage's secret by. */
export const ORIGIN_SECRET_TAG = "site-portal:origin-verify";

/**
 * Stage settings the rotation script passes to `sst deploy` for one step each; an ordinary
 * deploy has neither, and its references name the secret's AWSCURRENT version.
 */
export const ORIGIN_SECRET_SETTINGS = {
  /** The version CloudFront sends; the functions accept it. */
  version: "ORIGIN_SECRET_VERSION",
  /** A second version the functions accept: the new one, then the old one. */
  rotatingVersion: "ORIGIN_SECRET_ROTATING_VERSION",
} as const;

export interface OriginSecretVersions {
  version?: string;
  rotatingVersion?: string;
}

/** A Secrets Manager version id (the ClientRequestToken it was made with: 32-64 characters). */
const VERSION_ID = /^[A-Za-z0-9-]{32,64}$/;

/** Reads the rotation step's settings; throws on a malformed or inconsistent pair. */
export function readOriginSecretVersions(
  stage: string,
  env: Record<string, string | undefined> = process.env,
): OriginSecretVersions {
  const version = env[ORIGIN_SECRET_SETTINGS.version]?.trim() || undefined;
  const rotatingVersion = env[ORIGIN_SECRET_SETTINGS.rotatingVersion]?.trim() || undefined;
  const problems: string[] = [];
  for (const [name, value] of [
    [ORIGIN_SECRET_SETTINGS.version, version],
    [ORIGIN_SECRET_SETTINGS.rotatingVersion, rotatingVersion],
  ] as const) {
    if (value && !VERSION_ID.test(value)) {
      problems.push(`${name} must be a version id of the origin secret (32-64 letters, digits, -)`);
    }
  }
  if (rotatingVersion && !version) {
    problems.push(
      `${ORIGIN_SECRET_SETTINGS.rotatingVersion} needs ${ORIGIN_SECRET_SETTINGS.version}`,
    );
  }
  if (rotatingVersion && rotatingVersion === version) {
    problems.push(
      `${ORIGIN_SECRET_SETTINGS.rotatingVersion} must differ from ${ORIGIN_SECRET_SETTINGS.version}`,
    );
  }
  if (problems.length > 0) {
    throw new Error(
      `Stage "${stage}": the origin secret's rotation settings are wrong (npm run rotate-origin-secret sets them):\n  - ${problems.join("\n  - ")}`,
    );
  }
  return { version, rotatingVersion };
}

export interface OriginSecret {
  secret: secretsmanager.Secret;
  /** The value CloudFront adds to /api/* requests (stacks/Web.ts). */
  sent: SecretValue;
  /** During a rotation, the other value the functions accept besides `sent` (stacks/Api.ts). */
  rotating?: SecretValue;
}

export function createOriginSecret(
  scope: Construct,
  stage: string,
  versions: OriginSecretVersions,
): OriginSecret {
  const secret = new secretsmanager.Secret(scope, "OriginVerifySecret", {
    description: "Header value CloudFront adds to /api/* requests; the API refuses others",
    generateSecretString: { ...ORIGIN_SECRET_GENERATION },
  });
  Tags.of(secret).add(ORIGIN_SECRET_TAG, stage);
  const atVersion = (versionId: string) =>
    SecretValue.secretsManager(secret.secretArn, { versionId });
  return {
    secret,
    sent: versions.version ? atVersion(versions.version) : secret.secretValue,
    ...(versions.rotatingVersion ? { rotating: atVersion(versions.rotatingVersion) } : {}),
  };
}
