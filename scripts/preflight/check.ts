/**
 * What a preflight check is (runner.ts runs them, checks/ holds them): the options of a run, the
 * context a check reads, and the outcome it answers with.
 */
import type { ACMClient } from "@aws-sdk/client-acm";
import type { CloudFormationClient } from "@aws-sdk/client-cloudformation";
import type { LambdaClient } from "@aws-sdk/client-lambda";
import type { Route53Client } from "@aws-sdk/client-route-53";
import type { SESv2Client } from "@aws-sdk/client-sesv2";
import type { SSMClient } from "@aws-sdk/client-ssm";
import type { STSClient } from "@aws-sdk/client-sts";
import type { StageSettings } from "../../stacks/Config";
import type { Status } from "./report";

export interface PreflightOptions {
  stage: string;
  /** The stage's environment as SST loads it (stage-env.ts). */
  env: Record<string, string | undefined>;
  /** README.md's text: its Deploy steps and Stripe events. */
  readme: string;
  region: string;
  /** Create the Stripe webhook endpoint when there is none, and store its secret in SSM. */
  createWebhook?: boolean;
  /** Tests: the Stripe emulator instead of api.stripe.com. */
  stripeApi?: { host: string; port: number; protocol: "http" | "https" };
  /** Tests: a local JWKS instead of the Clerk instance's. */
  clerkJwksUrl?: string;
  /** Tests: a stand-in for Clerk's Backend API (https://api.clerk.com). */
  clerkApiUrl?: string;
  /** Tests: a stand-in for DNS CNAME lookups (node:dns/promises resolveCname). */
  resolveCname?: (host: string) => Promise<string[]>;
  /** Tests: a stand-in for public NS lookups (node:dns/promises resolveNs). */
  resolveNs?: (host: string) => Promise<string[]>;
  /** Tests: a stand-in for the Clerk instance's Frontend API (https://<clerkFrontendApiHost>). */
  clerkFrontendApiUrl?: string;
}

/** What a check's result is: a line, and for a failure the README value that fixes it. */
export interface Outcome {
  status: Status;
  message: string;
  /** The README `provides` value whose step fixes a failure, or that a wait waits for. */
  need?: string;
}

export const ok = (message: string): Outcome => ({ status: "ok", message });
export const fail = (need: string, message: string): Outcome => ({ status: "fail", message, need });
export const wait = (message: string): Outcome => ({ status: "wait", message, need: "deploy" });

/** What earlier checks found, for the checks that use it. */
export interface State {
  settings?: StageSettings;
  secrets: Map<string, string>;
  /** undefined: unknown (the lookup failed); null: the stage is not deployed yet. */
  deployed?: { stripeWebhookUrl: string } | null;
}

export interface Context extends PreflightOptions {
  state: State;
  clients: Clients;
  /** `npx sst secrets set …` for a secret, as the fix to print. */
  setSecretCommand(name: string): string;
}

export interface Check {
  name: string;
  /**
   * The values (README `<!-- provides: … -->` markers) this check needs; each must come from
   * a step before the preflight run expected to pass it (tests/infra/deploy-steps.test.ts).
   */
  needs: readonly string[];
  /** Checks whose result this one uses (by `provides`): if one did not pass, this one cannot. */
  after: readonly string[];
  /** What this check's success lets later checks use. */
  provides?: string;
  run(context: Context): Promise<Outcome>;
}

export interface Clients {
  sts: STSClient;
  lambda: LambdaClient;
  ssm: SSMClient;
  ses: SESv2Client;
  acm: ACMClient;
  cloudFormation: CloudFormationClient;
  route53: Route53Client;
}

export function errorText(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

export function errorName(error: unknown): string {
  return error instanceof Error ? error.name : "";
}

/**
 * A setting's value as `.env.<stage>` gives it, for checks that run after `readStageSettings`
 * (stacks/Config.ts) accepted the stage, which validates it.
 */
export function setting(context: Context, name: string): string {
  return context.env[name]?.trim() ?? "";
}
