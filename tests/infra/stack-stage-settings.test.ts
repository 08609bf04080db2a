/**
 * What a stage's deploy-time settings must be for the app to synthesise (sst.config.ts).
 * Each test synthesises the app with the settings it tries (synth.ts).
 */
import { describe, expect, test } from "vitest";
import sstConfig from "../../sst.config";
import { Storage } from "../../stacks/Storage";
import { Web } from "../../stacks/Web";
import {
  createApp,
  productionSettings,
  synthesize,
  TEST_PUBLISHABLE_KEY,
  templatesOf,
  validSettings,
} from "./synth";
import { only } from "./template-queries";

describe("stage settings", () => {
  const { VITE_CLERK_PUBLISHABLE_KEY: _key, ...withoutKey } = validSettings;
  const liveKey = `pk_live_${Buffer.from("clerk.portal.example.com$").toString("base64")}`;

  test("a deployed stage without VITE_CLERK_PUBLISHABLE_KEY does not synthesise", async () => {
    await expect(synthesize("prod", withoutKey)).rejects.toThrow(/VITE_CLERK_PUBLISHABLE_KEY/);
    await expect(synthesize("staging", withoutKey)).rejects.toThrow(/VITE_CLERK_PUBLISHABLE_KEY/);
  });

  test("prod refuses a development-instance key and anything that is not a Clerk key", async () => {
    const devKey = { ...validSettings, VITE_CLERK_PUBLISHABLE_KEY: TEST_PUBLISHABLE_KEY };
    await expect(synthesize("prod", devKey)).rejects.toThrow(/production key/);
    const junk = { ...validSettings, VITE_CLERK_PUBLISHABLE_KEY: "not-a-key" };
    await expect(synthesize("staging", junk)).rejects.toThrow(/not a Clerk publishable key/);
  });

  test("a stage without its public origin or DNS targets does not synthesise", async () => {
    const { APP_URL: _url, DOMAIN_A_RECORD: _a, ...rest } = validSettings;
    const error = synthesize("staging", rest);
    await expect(error).rejects.toThrow(/APP_URL/);
    await expect(error).rejects.toThrow(/DOMAIN_A_RECORD/);
  });

  test("a claim lifetime outside 1-90 whole days does not synthesise", async () => {
    for (const days of ["0", "91", "7.5", "week"]) {
      await expect(
        synthesize("staging", { ...validSettings, DOMAIN_CLAIM_TTL_DAYS: days }),
      ).rejects.toThrow(/DOMAIN_CLAIM_TTL_DAYS/);
    }
  });

  test("a stage without Stripe's plan prices or publishable key does not synthesise", async () => {
    const { STRIPE_PRICE_PRO: _pro, VITE_STRIPE_PUBLISHABLE_KEY: _pk, ...rest } = validSettings;
    const error = synthesize("staging", rest);
    await expect(error).rejects.toThrow(/STRIPE_PRICE_PRO/);
    await expect(error).rejects.toThrow(/VITE_STRIPE_PUBLISHABLE_KEY/);
    const testKeyInProd = { ...validSettings, VITE_CLERK_PUBLISHABLE_KEY: liveKey };
    await expect(synthesize("prod", testKeyInProd)).rejects.toThrow(/pk_live_/);
  });

  test("a stage without a mail sender, or with a malformed one or configuration set, does not synthesise", async () => {
    const { MAIL_FROM: _from, ...rest } = validSettings;
    await expect(synthesize("staging", rest)).rejects.toThrow(/MAIL_FROM/);
    for (const from of [
      "notifications",
      "Portal <no-at-sign>",
      "a@b@example.com",
      "x <a@localhost>",
    ]) {
      await expect(synthesize("staging", { ...validSettings, MAIL_FROM: from })).rejects.toThrow(
        /MAIL_FROM/,
      );
    }
    await expect(
      synthesize("staging", { ...validSettings, SES_CONFIGURATION_SET: "has spaces" }),
    ).rejects.toThrow(/SES_CONFIGURATION_SET/);
  });

  test("prod synthesises with live keys and keeps its table and bucket", async () => {
    const { app, template: prod } = await synthesize("prod", productionSettings);
    expect(app.stage).toBe("prod");
    for (const type of ["AWS::DynamoDB::Table", "AWS::S3::Bucket"]) {
      prod(Storage).hasResource(type, { DeletionPolicy: "Retain", UpdateReplacePolicy: "Retain" });
    }
    const [, policy] = only(prod(Web), "AWS::CloudFront::ResponseHeadersPolicy");
    expect(JSON.stringify(policy)).toContain("script-src 'self' https://clerk.portal.example.com");
  });

  test("prod refuses an APP_URL the distribution is not told to answer on (no PORTAL_DOMAIN)", async () => {
    const { PORTAL_DOMAIN: _d, PORTAL_CERTIFICATE_ARN: _c, ...noDomain } = productionSettings;
    const onOwnHost = { ...noDomain, APP_URL: "https://portal.example.com" };
    await expect(synthesize("prod", onOwnHost)).rejects.toThrow(
      /portal\.example\.com is not the distribution's own name[\s\S]*set PORTAL_DOMAIN=portal\.example\.com/,
    );
    // Any stage with a live Clerk key is production too.
    await expect(synthesize("staging", onOwnHost)).rejects.toThrow(/PORTAL_DOMAIN/);
    // A development stage may still name a host it serves some other way.
    await expect(synthesize("staging", validSettings)).resolves.toBeDefined();
  });

  test("prod refuses to deploy alarms that reach nobody (no ALARM_EMAIL)", async () => {
    const { ALARM_EMAIL: _email, ...silent } = productionSettings;
    await expect(synthesize("prod", silent)).rejects.toThrow(/ALARM_EMAIL is required/);
  });

  test("empty parameters are not copied to SSM, which rejects empty values", async () => {
    const app = await createApp("test", validSettings);
    await sstConfig.stacks(app);
    // The step of App.finish() that copies bound values to SSM parameters (finish() itself
    // would also bundle every function and build the SPA).
    (app as unknown as { createBindingSsmParameters(): void }).createBindingSsmParameters();
    const ssm = templatesOf(app)(Storage).findResources("AWS::SSM::Parameter");
    const byName = new Map(
      Object.values(ssm).map((p) => [p.Properties.Name as string, p.Properties.Value]),
    );
    const path = (name: string) => `/sst/site-portal/test/Parameter/${name}/value`;
    expect(byName.get(path("APP_URL"))).toBe(validSettings.APP_URL);
    expect(byName.has(path("OUTBOUND_ALLOW_HOSTS"))).toBe(false);
    expect(byName.has(path("CLERK_AUDIENCE"))).toBe(false);
    for (const value of byName.values()) expect(value).not.toBe("");
  });
});

/** One EventBridge rule with `schedule` whose target is the Cron's function, as given. */
