/**
 * The SPA's dev server in front of a deployed stage's API (`npm run dev:site`, beside
 * `npm run dev`: docs/development.md). The API answers only requests that carry the origin
 * secret, as CloudFront adds it in production (docs/access.md), so the dev server's /api proxy
 * plays CloudFront: it forwards to the stage's API Gateway URL with the secret header set and
 * the headers only CloudFront may set dropped. The API's check stays exactly as deployed.
 *
 * The stage publishes the names (stacks/Web.ts, in `sst dev` only); `sst bind` starts Vite with
 * them and with the developer's AWS credentials, which read the secret's value here. The value
 * itself is never published: it would land in the stack's outputs.
 */
import { GetSecretValueCommand, SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import { ORIGIN_VERIFY_HEADER } from "@portal/functions/api/origin-verify";
import type { ProxyOptions } from "vite";
import { STAGE_ENV } from "./stage-env";

/** Headers a viewer may not set: CloudFront overwrites or drops them (stacks/Web.ts). */
export function isEdgeOnlyHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return lower === ORIGIN_VERIFY_HEADER || lower.startsWith("cloudfront-");
}

/** The part of Node's outgoing request the header rewrite needs. */
interface OutgoingHeaders {
  getHeaderNames(): string[];
  removeHeader(name: string): void;
  setHeader(name: string, value: string): void;
}

/** What CloudFront does to a request's headers before it reaches the API. */
export function addOriginHeaders(request: OutgoingHeaders, originSecret: string): void {
  for (const name of request.getHeaderNames()) {
    if (isEdgeOnlyHeader(name)) request.removeHeader(name);
  }
  request.setHeader(ORIGIN_VERIFY_HEADER, originSecret);
}

/** Reads the stage's origin secret with the caller's AWS credentials. */
export async function readOriginSecret(
  arn: string,
  client: Pick<SecretsManagerClient, "send"> = new SecretsManagerClient({}),
): Promise<string> {
  const { SecretString: value } = await client.send(new GetSecretValueCommand({ SecretId: arn }));
  if (!value) throw new Error(`The origin secret ${arn} has no string value`);
  return value;
}

export interface StageServer {
  /** Where the dev server listens: the stage's APP_URL, so Clerk's sessions name this origin. */
  port: number;
  strictPort: true;
  proxy: Record<string, ProxyOptions>;
}

/**
 * The dev server's settings for the stage `sst bind` names in `env`, or undefined when Vite
 * was not started through it (then it fronts the local stack, as `npm run dev:web` does).
 */
export async function stageServer(
  env: Record<string, string | undefined>,
  readSecret: (arn: string) => Promise<string> = readOriginSecret,
): Promise<StageServer | undefined> {
  const apiUrl = env[STAGE_ENV.apiUrl];
  if (!apiUrl) return;
  const missing = [STAGE_ENV.originSecretArn, STAGE_ENV.appUrl].filter((name) => !env[name]);
  if (missing.length > 0) {
    throw new Error(
      `${STAGE_ENV.apiUrl} is set but ${missing.join(" and ")} not: start the dev server with \`npm run dev:site\` while \`npm run dev\` runs (docs/development.md)`,
    );
  }
  const appUrl = new URL(env[STAGE_ENV.appUrl] as string);
  if (appUrl.protocol !== "http:" || !["localhost", "127.0.0.1"].includes(appUrl.hostname)) {
    throw new Error(
      `The stage's APP_URL is ${appUrl.origin}; a stage run with \`npm run dev\` needs APP_URL=http://localhost:5173 (docs/development.md)`,
    );
  }
  const originSecret = await readSecret(env[STAGE_ENV.originSecretArn] as string);
  return {
    port: Number(appUrl.port || 80),
    strictPort: true,
    proxy: {
      "/api": {
        target: apiUrl,
        // API Gateway finds the API by its Host header.
        changeOrigin: true,
        configure: (proxy) => {
          proxy.on("proxyReq", (request) => addOriginHeaders(request, originSecret));
        },
      },
    },
  };
}
