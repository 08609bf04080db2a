/**
 * `npm run dev` runs `sst dev`, which synthesises the same stacks in dev mode: functions are
 * live (a stub that relays invocations to the developer's machine), StaticSite is not deployed,
 * and the SPA's dev server gets the stage's API from the site's environment (stacks/
 * dev-server.ts, docs/development.md). A stack that only works in deploy mode fails here.
 */
import { ORIGIN_VERIFY_ENV } from "@portal/functions/api/origin-verify";
import { routeKeysOf, routes } from "@portal/functions/routes";
import type { Template } from "aws-cdk-lib/assertions";
import { type App, Stack, type StackContext, use } from "sst/constructs";
import { beforeAll, describe, expect, test } from "vitest";
import { STAGE_ENV } from "../../packages/web/stage-env";
import config from "../../sst.config";
import { readStageSettings } from "../../stacks/Config";
import { Web } from "../../stacks/Web";
import { createApp, stackTemplates, synthesize, validSettings } from "./synth";
import { routeFunctions } from "./template-queries";

/** A personal stage: the portal is the SPA's dev server (docs/development.md). */
const personalSettings = {
  ...validSettings,
  APP_URL: "http://localhost:5173",
};

/** The environment the SPA is built (or, under sst dev, bound) with; StaticSite keeps it private. */
const siteEnvironment = (site: unknown) =>
  (site as { props: { environment?: Record<string, string> } }).props.environment ?? {};

interface Outputs {
  Outputs?: Record<string, { Value: unknown }>;
}

describe("the app in sst dev", () => {
  let app: App;
  let templates: Map<string, Template>;
  let web: ReturnType<typeof Web>;
  beforeAll(async () => {
    ({ app } = await synthesize("alice", personalSettings, "dev"));
    web = use(Web);
    templates = stackTemplates(app);
  });

  test("every stack synthesises, and the API's functions are live stubs", () => {
    expect([...templates.keys()]).toEqual(
      expect.arrayContaining(["Storage", "Api", "ApiCustomer", "Web", "Webhooks"]),
    );
    const functions = routeFunctions([...templates.values()]);
    // A record's `alsoAt` paths are routes of their own on the record's function.
    const routeKeys = Object.entries(routes).flatMap(([key, record]) => routeKeysOf(key, record));
    expect([...functions.keys()].sort()).toEqual(routeKeys.sort());
    for (const fn of functions.values()) {
      expect(fn.properties.Handler).toBe("live-lambda.handler");
      const env = (fn.properties.Environment as { Variables: Record<string, unknown> }).Variables;
      // The production check stays on: live functions still compare the origin secret.
      expect(JSON.stringify(env[ORIGIN_VERIFY_ENV])).toContain("resolve:secretsmanager");
    }
  });

  test("the SPA is not deployed: no distribution, and SiteUrl names the dev server", () => {
    const site = templates.get("Web");
    if (!site) throw new Error("no Web stack");
    expect(Object.keys(site.findResources("AWS::CloudFront::Distribution"))).toEqual([]);
    expect((site.toJSON() as Outputs).Outputs?.SiteUrl?.Value).toBe("http://localhost:5173");
  });

  test("the site's environment tells the dev server the API and the secret's ARN, never its value", () => {
    const environment = siteEnvironment(web.site);
    expect(Object.keys(environment)).toEqual(
      expect.arrayContaining([STAGE_ENV.apiUrl, STAGE_ENV.originSecretArn, STAGE_ENV.appUrl]),
    );
    expect(environment[STAGE_ENV.appUrl]).toBe("http://localhost:5173");
    // What `sst bind` hands the dev server: the site's environment as the stage resolves it.
    const resolved = JSON.stringify(Stack.of(web.site).resolve(environment));
    expect(resolved).toContain("OriginVerifySecret");
    expect(resolved).not.toContain("resolve:secretsmanager");
    const secretArn = Stack.of(web.site).resolve(environment[STAGE_ENV.originSecretArn]);
    expect(JSON.stringify(secretArn)).toMatch(/OriginVerifySecret/);
  });
});

describe("deploy mode", () => {
  test("publishes nothing for the dev server", async () => {
    await synthesize();
    const environment = siteEnvironment(use(Web).site);
    for (const name of Object.values(STAGE_ENV)) expect(environment).not.toHaveProperty(name);
  });

  test("a stack that relies on the deployed site synthesises for deploy but not in dev (the check can fail)", async () => {
    // Reading the distribution is fine when StaticSite deploys, and undefined under sst dev.
    function SiteDomain({ stack }: StackContext) {
      const site = use(Web).site;
      stack.addOutputs({ SiteDomain: site.cdk?.distribution.distributionDomainName as string });
      if (!site.cdk) throw new Error("Web's distribution does not exist in dev mode");
    }
    const build = async (mode: "deploy" | "dev") => {
      const app = await createApp("alice", personalSettings, mode);
      await config.stacks(app);
      app.stack(SiteDomain);
      return stackTemplates(app);
    };
    await expect(build("deploy")).resolves.toBeInstanceOf(Map);
    await expect(build("dev")).rejects.toThrow("does not exist in dev mode");
  });
});

describe("a personal stage's APP_URL", () => {
  const live = {
    ...validSettings,
    VITE_CLERK_PUBLISHABLE_KEY: `pk_live_${Buffer.from("clerk.portal.example.com$").toString("base64")}`,
    VITE_STRIPE_PUBLISHABLE_KEY: "pk_live_portal",
    CLERK_AUDIENCE: "https://portal.example.com",
  };

  test("may be the dev server's localhost origin, which is then Clerk's authorized party", () => {
    const { parameters } = readStageSettings("alice", personalSettings);
    expect(parameters.APP_URL).toBe("http://localhost:5173");
    expect(parameters.CLERK_AUTHORIZED_PARTIES).toBe("http://localhost:5173");
    const loopback = { ...personalSettings, APP_URL: "http://127.0.0.1:5180/" };
    expect(readStageSettings("alice", loopback).parameters.APP_URL).toBe("http://127.0.0.1:5180");
  });

  test("prod refuses it, and no stage takes another plain-http origin", () => {
    expect(() => readStageSettings("prod", live)).not.toThrow();
    expect(() => readStageSettings("prod", { ...live, APP_URL: "http://localhost:5173" })).toThrow(
      /APP_URL must be/,
    );
    expect(() =>
      readStageSettings("alice", { ...personalSettings, APP_URL: "http://portal.example.com" }),
    ).toThrow(/APP_URL must be/);
    expect(() =>
      readStageSettings("prod", {
        ...live,
        CLERK_AUTHORIZED_PARTIES: "https://portal.example.com,http://localhost:5173",
      }),
    ).toThrow(/CLERK_AUTHORIZED_PARTIES must be/);
  });
});
