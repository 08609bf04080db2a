/**
 * The SPA's dev server in front of a stage's API (packages/web/stage-proxy.ts): Vite's real
 * proxy, started with the settings stageServer() gives it, forwards /api to a recording server
 * standing in for API Gateway, and the production check (requireOriginVerified) is run on what
 * arrived.
 */
import { createServer as createHttpServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { GetSecretValueCommand, SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import { ORIGIN_VERIFY_ENV, ORIGIN_VERIFY_HEADER } from "@portal/functions/api/origin-verify";
import { requireOriginVerified } from "@portal/functions/api/request-guards";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { mockClient } from "aws-sdk-client-mock";
import { createServer as createViteServer, type ProxyOptions, type ViteDevServer } from "vite";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { STAGE_ENV } from "../../packages/web/stage-env";
import { addOriginHeaders, readOriginSecret, stageServer } from "../../packages/web/stage-proxy";

const SECRET = "stage-origin-secret-value";
const SECRET_ARN = "arn:aws:secretsmanager:us-east-1:123456789012:secret:OriginVerifySecret-abc";

/** What reached the stand-in for API Gateway. */
let received: { url: string; headers: IncomingHttpHeaders }[] = [];
let upstream: Server;
let upstreamUrl: string;

beforeAll(async () => {
  upstream = createHttpServer((req, res) => {
    received.push({ url: req.url ?? "", headers: req.headers });
    res.setHeader("content-type", "application/json");
    res.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

let vite: ViteDevServer | undefined;
afterEach(async () => {
  received = [];
  await vite?.close();
  vite = undefined;
});

/** A dev server with only the given /api proxy, on a free port; answers its URL. */
async function devServerWith(proxy: Record<string, ProxyOptions>): Promise<string> {
  vite = await createViteServer({
    configFile: false,
    root: tmpdir(),
    logLevel: "silent",
    optimizeDeps: { noDiscovery: true, include: [] },
    server: { port: 0, host: "127.0.0.1", proxy },
  });
  await vite.listen();
  const address = vite.httpServer?.address();
  if (!address || typeof address === "string") throw new Error("the dev server is not listening");
  return `http://127.0.0.1:${address.port}`;
}

const stageEnv = () => ({
  [STAGE_ENV.apiUrl]: upstreamUrl,
  [STAGE_ENV.originSecretArn]: SECRET_ARN,
  [STAGE_ENV.appUrl]: "http://localhost:5173",
});

/** A browser's request through the dev server, with headers only CloudFront may set. */
async function browserRequest(devServer: string) {
  const response = await fetch(`${devServer}/api/sites?limit=5`, {
    headers: {
      authorization: "Bearer session-token",
      [ORIGIN_VERIFY_HEADER]: "forged-by-the-page",
      "cloudfront-viewer-country": "XX",
    },
  });
  expect(response.status).toBe(200);
  expect(received).toHaveLength(1);
  return received[0] as { url: string; headers: IncomingHttpHeaders };
}

/** Whether the deployed API's own check lets these headers through. */
function passesOriginCheck(headers: IncomingHttpHeaders): boolean {
  const saved = process.env[ORIGIN_VERIFY_ENV];
  process.env[ORIGIN_VERIFY_ENV] = SECRET;
  try {
    requireOriginVerified({ headers } as unknown as APIGatewayProxyEventV2);
    return true;
  } catch {
    return false;
  } finally {
    if (saved === undefined) delete process.env[ORIGIN_VERIFY_ENV];
    else process.env[ORIGIN_VERIFY_ENV] = saved;
  }
}

describe("the dev server's /api proxy to a stage", () => {
  test("adds the stage's origin secret, drops CloudFront's headers, keeps the rest", async () => {
    const arns: string[] = [];
    const server = await stageServer(stageEnv(), async (arn) => {
      arns.push(arn);
      return SECRET;
    });
    if (!server) throw new Error("no stage server for a complete environment");
    expect(arns).toEqual([SECRET_ARN]);
    expect(server).toMatchObject({ port: 5173, strictPort: true });

    const { url, headers } = await browserRequest(await devServerWith(server.proxy));
    expect(url).toBe("/api/sites?limit=5");
    expect(headers[ORIGIN_VERIFY_HEADER]).toBe(SECRET);
    expect(headers["cloudfront-viewer-country"]).toBeUndefined();
    expect(headers.authorization).toBe("Bearer session-token");
    // API Gateway finds the API by its host name.
    expect(headers.host).toBe(new URL(upstreamUrl).host);
    expect(passesOriginCheck(headers)).toBe(true);
  });

  test("a plain proxy (no header rewrite) is refused by the same check", async () => {
    const { headers } = await browserRequest(
      await devServerWith({ "/api": { target: upstreamUrl, changeOrigin: true } }),
    );
    expect(headers[ORIGIN_VERIFY_HEADER]).toBe("forged-by-the-page");
    expect(headers["cloudfront-viewer-country"]).toBe("XX");
    expect(passesOriginCheck(headers)).toBe(false);
  });

  test("the rewrite removes every edge-only header, whatever its case", () => {
    const headers = new Map<string, string>([
      ["X-Origin-Verify", "forged"],
      ["CloudFront-Is-Mobile-Viewer", "true"],
      ["accept", "application/json"],
    ]);
    addOriginHeaders(
      {
        getHeaderNames: () => [...headers.keys()],
        removeHeader: (name) => headers.delete(name),
        setHeader: (name, value) => headers.set(name, value),
      },
      SECRET,
    );
    expect(Object.fromEntries(headers)).toEqual({
      accept: "application/json",
      [ORIGIN_VERIFY_HEADER]: SECRET,
    });
  });
});

describe("the stage's settings", () => {
  const never = async () => {
    throw new Error("must not read the secret");
  };

  test("without sst bind's variables the dev server fronts the local stack", async () => {
    expect(await stageServer({}, never)).toBeUndefined();
  });

  test("a partial environment is refused, naming what is missing", async () => {
    await expect(
      stageServer({ [STAGE_ENV.apiUrl]: "https://abc.execute-api.us-east-1.amazonaws.com" }, never),
    ).rejects.toThrow(
      "PORTAL_STAGE_API_URL is set but PORTAL_STAGE_ORIGIN_SECRET_ARN and PORTAL_STAGE_APP_URL not",
    );
  });

  test("a stage whose APP_URL is not the dev server's origin is refused", async () => {
    await expect(
      stageServer({ ...stageEnv(), [STAGE_ENV.appUrl]: "https://portal.example.com" }, never),
    ).rejects.toThrow("needs APP_URL=http://localhost:5173");
  });

  test("the secret's value is read from Secrets Manager by its ARN", async () => {
    const secrets = mockClient(SecretsManagerClient);
    try {
      secrets
        .on(GetSecretValueCommand, { SecretId: SECRET_ARN })
        .resolves({ SecretString: SECRET });
      expect(await readOriginSecret(SECRET_ARN, new SecretsManagerClient({}))).toBe(SECRET);
      secrets.on(GetSecretValueCommand, { SecretId: SECRET_ARN }).resolves({});
      await expect(readOriginSecret(SECRET_ARN, new SecretsManagerClient({}))).rejects.toThrow(
        `The origin secret ${SECRET_ARN} has no string value`,
      );
    } finally {
      secrets.restore();
    }
  });
});
