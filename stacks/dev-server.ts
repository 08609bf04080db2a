/**
 * `sst dev` (npm run dev) deploys the stage's API, queues and schedules with live functions,
 * but not the SPA: StaticSite is not deployed in dev mode and the SPA runs on Vite's dev
 * server (npm run dev:site, docs/development.md). `sst bind` starts that server with the
 * StaticSite's environment as the stage resolved it; these variables tell it where the API is
 * and which secret CloudFront would send (packages/web/stage-proxy.ts). The secret's ARN, never
 * its value: the environment is published in the stack's outputs.
 */
import type { aws_secretsmanager as secretsmanager } from "aws-cdk-lib";
import type { App } from "sst/constructs";
import { STAGE_ENV } from "../packages/web/stage-env";

/** The StaticSite environment the dev server needs; nothing outside `sst dev`. */
export function devServerEnvironment(
  app: App,
  stage: { apiUrl: string; originSecret: secretsmanager.ISecret; appUrl: string },
): Record<string, string> {
  if (app.mode !== "dev") return {};
  return {
    [STAGE_ENV.apiUrl]: stage.apiUrl,
    [STAGE_ENV.originSecretArn]: stage.originSecret.secretArn,
    [STAGE_ENV.appUrl]: stage.appUrl,
  };
}
