/**
 * One format rule per `Config.Secret` (stacks/settings/constructs.ts `secretNames`): what a well-formed value
 * looks like, how to make one, and whether it can exist before the first deploy. A secret
 * without a rule fails preflight's own test (tests/infra/preflight.test.ts).
 */
import { createPublicKey } from "node:crypto";
import type { StageSettings } from "../../stacks/Config";

export interface SecretRule {
  /** The problem with `value`, or undefined when it is well formed. */
  problem(value: string, context: { stage: string; settings?: StageSettings }): string | undefined;
  /** The value to put after `npx sst secrets set <NAME>`. */
  example: string;
  /**
   * Made from an output of the first deploy (the webhook endpoint's URL): missing before it is
   * expected, not a failure.
   */
  afterDeploy?: boolean;
}

/** Random keys the portal derives HMACs from: as long as stacks/Config.ts asks. */
const MIN_KEY_CHARACTERS = 32;

function randomKey(value: string) {
  return value.length < MIN_KEY_CHARACTERS
    ? `has ${value.length} characters, needs at least ${MIN_KEY_CHARACTERS}`
    : undefined;
}

/** Stripe and Svix (Clerk's webhooks) both sign with a `whsec_` secret. */
function webhookSigningSecret(value: string) {
  return /^whsec_[A-Za-z0-9+/=]{16,}$/.test(value)
    ? undefined
    : "is not a webhook signing secret (whsec_…)";
}

const stripeMode = (key: string) => /^[sp]k_(test|live)_/.exec(key)?.[1];

export const secretRules: Readonly<Record<string, SecretRule>> = {
  STRIPE_SECRET_KEY: {
    example: "sk_live_…",
    problem(value, { stage, settings }) {
      if (!/^sk_(test|live)_\w+$/.test(value)) return "is not a Stripe secret key (sk_live_…)";
      if (stage === "prod" && stripeMode(value) !== "live") {
        return "is a test-mode key; the prod stage takes a live key (sk_live_…)";
      }
      const publishable = settings?.stripePublishableKey;
      if (publishable && stripeMode(publishable) !== stripeMode(value)) {
        return `is a ${stripeMode(value)}-mode key but VITE_STRIPE_PUBLISHABLE_KEY is ${stripeMode(publishable)}-mode: both must come from the same mode`;
      }
      return undefined;
    },
  },
  STRIPE_WEBHOOK_SECRET: {
    example: "whsec_…",
    problem: webhookSigningSecret,
    afterDeploy: true,
  },
  CLERK_WEBHOOK_SECRET: {
    example: "whsec_…",
    problem: webhookSigningSecret,
    afterDeploy: true,
  },
  CLERK_JWT_KEY: {
    example: '"$(cat clerk-jwt-key.pem)"',
    problem(value) {
      if (/PRIVATE KEY/.test(value)) return "is a private key; Clerk's PEM public key belongs here";
      try {
        const key = createPublicKey(value);
        return key.asymmetricKeyType === "rsa"
          ? undefined
          : `is a ${key.asymmetricKeyType} key; Clerk signs session tokens with RS256 (an RSA key)`;
      } catch {
        return "is not a PEM public key (-----BEGIN PUBLIC KEY-----…)";
      }
    },
  },
  // A Backend API key: deletes the identity of a customer who deletes their account.
  CLERK_SECRET_KEY: {
    example: "sk_live_…",
    problem(value, { stage, settings }) {
      if (!/^sk_(test|live)_\w+$/.test(value)) return "is not a Clerk secret key (sk_live_…)";
      const publishable = settings?.clerkPublishableKey;
      const mode = (key: string) => /^[sp]k_(test|live)_/.exec(key)?.[1];
      if (stage === "prod" && mode(value) !== "live") {
        return "is a development-instance key; the prod stage takes a live key (sk_live_…)";
      }
      if (publishable && mode(publishable) !== mode(value)) {
        return "comes from another Clerk instance than VITE_CLERK_PUBLISHABLE_KEY (test and live mixed)";
      }
      return undefined;
    },
  },
  ANALYTICS_SALT_KEY: { example: '"$(openssl rand -base64 32)"', problem: randomKey },
  UNSUBSCRIBE_KEY: { example: '"$(openssl rand -base64 32)"', problem: randomKey },
};
