/**
 * The portal's custom domain (docs/operations.md "Custom domain"): PORTAL_DOMAIN with a Route 53
 * hosted zone or an ACM certificate ARN puts the distribution on that name and derives APP_URL;
 * without one the distribution keeps its own name. And a production Clerk key refuses a stage
 * whose APP_URL is not on the Clerk instance's domain.
 */
import { Template } from "aws-cdk-lib/assertions";
import { App } from "sst/constructs";
import { beforeAll, describe, expect, test } from "vitest";
import config from "../../sst.config";
import { Api } from "../../stacks/Api";
import { readPortalDomain, readStageSettings, requireClerkDomain } from "../../stacks/Config";
import { Web } from "../../stacks/Web";
import {
  ACCOUNT,
  appOutdir,
  createApp,
  REGION,
  synthesize,
  templatesOf,
  validSettings,
} from "./synth";
import { routeFunctions } from "./template-queries";

const DOMAIN = "portal.example.com";
const ZONE = "example.com";
const ZONE_ID = "Z0123456789ABCDEFGHIJ";
const CERTIFICATE_ARN =
  "arn:aws:acm:us-east-1:123456789012:certificate/0d4e1a4b-8c1f-4d6e-9a55-1b2c3d4e5f60";
const { APP_URL: _appUrl, ...withoutAppUrl } = validSettings;
const withZone = { ...withoutAppUrl, PORTAL_DOMAIN: DOMAIN, PORTAL_HOSTED_ZONE: ZONE };
const withCertificate = {
  ...withoutAppUrl,
  PORTAL_DOMAIN: DOMAIN,
  PORTAL_CERTIFICATE_ARN: CERTIFICATE_ARN,
};
/** A production Clerk instance on example.com: its Frontend API is clerk.example.com. */
const liveKey = `pk_live_${Buffer.from("clerk.example.com$").toString("base64")}`;

/**
 * Synthesises the app with the answer SST's deploy would get from Route 53 for the zone (the
 * offline synthesis otherwise sees CDK's placeholder zone).
 */
async function synthesizeWithZone(settings: Record<string, string>) {
  const app = await createApp("test", settings);
  app.node.setContext(`hosted-zone:account=${ACCOUNT}:domainName=${ZONE}:region=${REGION}`, {
    Id: `/hostedzone/${ZONE_ID}`,
    Name: `${ZONE}.`,
  });
  await config.stacks(app);
  return templatesOf(app);
}

type Json = Record<string, unknown>;
interface TemplateJson {
  Resources: Record<string, { Type: string; Properties: Json }>;
  Outputs?: Record<string, { Value: unknown }>;
}

function ofType(template: TemplateJson, type: string) {
  return Object.entries(template.Resources).filter(([, r]) => r.Type === type);
}

/** The names the distribution answers on and the certificate it shows for them. */
function distributionDomain(web: TemplateJson) {
  const [distribution, ...more] = ofType(web, "AWS::CloudFront::Distribution");
  if (!distribution || more.length > 0) throw new Error("Expected one distribution");
  const config = distribution[1].Properties.DistributionConfig as {
    Aliases?: string[];
    ViewerCertificate?: { AcmCertificateArn?: unknown; SslSupportMethod?: string };
  };
  return { distributionId: distribution[0], ...config };
}

/** The distribution answers on `domain` with `certificate` over SNI, and on nothing else. */
function expectServes(web: TemplateJson, domain: string, certificate: unknown) {
  const served = distributionDomain(web);
  expect(served.Aliases).toEqual([domain]);
  expect(served.ViewerCertificate?.AcmCertificateArn).toEqual(certificate);
  expect(served.ViewerCertificate?.SslSupportMethod).toBe("sni-only");
}

/** Every API function's APP_URL and CLERK_AUTHORIZED_PARTIES, as SST passes Parameters. */
function appUrlsOfFunctions(api: TemplateJson) {
  const values = new Set<string>();
  for (const fn of routeFunctions(Template.fromJSON(api)).values()) {
    const env = (fn.properties.Environment as { Variables: Record<string, string> }).Variables;
    values.add(
      `${env.SST_Parameter_value_APP_URL} ${env.SST_Parameter_value_CLERK_AUTHORIZED_PARTIES}`,
    );
  }
  return [...values];
}

describe("a stage with a custom domain in a Route 53 hosted zone", () => {
  let web: TemplateJson;
  let api: TemplateJson;
  beforeAll(async () => {
    const template = await synthesizeWithZone(withZone);
    web = template(Web).toJSON() as TemplateJson;
    api = template(Api).toJSON() as TemplateJson;
  });

  test("the distribution answers on the domain with a DNS-validated certificate of the zone", () => {
    const [certificate, ...more] = ofType(web, "AWS::CertificateManager::Certificate");
    if (!certificate || more.length > 0) throw new Error("Expected one certificate");
    expect(certificate[1].Properties).toMatchObject({
      DomainName: DOMAIN,
      ValidationMethod: "DNS",
      DomainValidationOptions: [{ DomainName: DOMAIN, HostedZoneId: ZONE_ID }],
    });
    expectServes(web, DOMAIN, { Ref: certificate[0] });
  });

  test("alias records (A and AAAA) in the zone point the domain at the distribution", () => {
    const { distributionId } = distributionDomain(web);
    const records = ofType(web, "AWS::Route53::RecordSet").map(([, r]) => r.Properties);
    expect(records.map((r) => r.Type).sort()).toEqual(["A", "AAAA"]);
    for (const record of records) {
      expect(record).toMatchObject({
        Name: `${DOMAIN}.`,
        HostedZoneId: ZONE_ID,
        AliasTarget: { DNSName: { "Fn::GetAtt": [distributionId, "DomainName"] } },
      });
    }
  });

  test("APP_URL (and the Clerk parties it defaults) is derived from the domain", () => {
    expect(appUrlsOfFunctions(api)).toEqual([`https://${DOMAIN} https://${DOMAIN}`]);
    expect(web.Outputs?.SiteUrl?.Value).toBe(`https://${DOMAIN}`);
  });
});

describe("a stage with a custom domain and an existing certificate", () => {
  let web: TemplateJson;
  beforeAll(async () => {
    web = (await synthesize("test", withCertificate)).template(Web).toJSON() as TemplateJson;
  });

  test("the distribution answers on the domain with that certificate, and no record is made", () => {
    expectServes(web, DOMAIN, CERTIFICATE_ARN);
    expect(ofType(web, "AWS::CertificateManager::Certificate")).toEqual([]);
    expect(ofType(web, "AWS::Route53::RecordSet")).toEqual([]);
    expect(web.Outputs?.SiteUrl?.Value).toBe(`https://${DOMAIN}`);
  });

  test("the output names the distribution's own host, where the domain's DNS must point", () => {
    const [distributionId] = ofType(web, "AWS::CloudFront::Distribution")[0] ?? [];
    expect(web.Outputs?.DistributionDomainName?.Value).toEqual({
      "Fn::GetAtt": [distributionId, "DomainName"],
    });
  });
});

describe("a stage without a custom domain", () => {
  let web: TemplateJson;
  let api: TemplateJson;
  beforeAll(async () => {
    const { template } = await synthesize("test", validSettings);
    web = template(Web).toJSON() as TemplateJson;
    api = template(Api).toJSON() as TemplateJson;
  });

  test("keeps the distribution's own name, the APP_URL it was given and no DNS records", () => {
    const served = distributionDomain(web);
    expect(served.Aliases ?? []).toEqual([]);
    expect(served.ViewerCertificate).toBeUndefined();
    expect(ofType(web, "AWS::Route53::RecordSet")).toEqual([]);
    expect(appUrlsOfFunctions(api)).toEqual([`${validSettings.APP_URL} ${validSettings.APP_URL}`]);
  });

  test("the domain check fails on it (the check can fail)", () => {
    expect(() => expectServes(web, DOMAIN, CERTIFICATE_ARN)).toThrow();
  });
});

describe("custom domain settings synthesis refuses", () => {
  test.each([
    [
      "both a hosted zone and a certificate",
      { ...withZone, PORTAL_CERTIFICATE_ARN: CERTIFICATE_ARN },
      /not both/,
    ],
    [
      "neither a hosted zone nor a certificate",
      { ...withoutAppUrl, PORTAL_DOMAIN: DOMAIN },
      /PORTAL_DOMAIN needs PORTAL_HOSTED_ZONE/,
    ],
    [
      "a domain outside the hosted zone",
      { ...withZone, PORTAL_HOSTED_ZONE: "example.org" },
      /not in the hosted zone example\.org/,
    ],
    [
      "a zone that only ends like the domain",
      { ...withZone, PORTAL_DOMAIN: "portal.badexample.com" },
      /not in the hosted zone/,
    ],
    [
      "a certificate outside us-east-1",
      {
        ...withCertificate,
        PORTAL_CERTIFICATE_ARN: CERTIFICATE_ARN.replace("us-east-1", "eu-west-1"),
      },
      /eu-west-1: CloudFront takes certificates only from us-east-1/,
    ],
    [
      "something that is not a certificate ARN",
      { ...withCertificate, PORTAL_CERTIFICATE_ARN: "arn:aws:iam::123456789012:role/x" },
      /must be an ACM certificate ARN/,
    ],
    [
      "a domain that is not a host name",
      { ...withZone, PORTAL_DOMAIN: "https://portal.example.com" },
      /PORTAL_DOMAIN must be the portal's host name/,
    ],
    [
      "an explicit APP_URL other than the domain",
      { ...withZone, APP_URL: "https://d111111abcdef8.cloudfront.net" },
      /APP_URL is derived from PORTAL_DOMAIN/,
    ],
    [
      "a hosted zone or certificate without a domain",
      { ...validSettings, PORTAL_HOSTED_ZONE: ZONE },
      /only apply with PORTAL_DOMAIN/,
    ],
  ])("%s", async (_, settings, error) => {
    await expect(synthesize("test", settings)).rejects.toThrow(error);
  });

  test("an explicit APP_URL equal to the domain's is accepted", () => {
    expect(readPortalDomain("test", { ...withZone, APP_URL: `https://${DOMAIN}/` })?.appUrl).toBe(
      `https://${DOMAIN}`,
    );
  });

  test("a hosted zone in a stage deployed outside us-east-1, where its certificate would be made", async () => {
    const inUsEast1 = await createApp("test", withZone);
    const elsewhere = new App(
      {
        mode: "deploy",
        stage: "test",
        name: inUsEast1.name,
        account: ACCOUNT,
        region: "eu-west-1",
      },
      { outdir: appOutdir() },
    );
    await expect(Promise.resolve().then(() => config.stacks(elsewhere))).rejects.toThrow(
      /CloudFront takes certificates only from us-east-1/,
    );
  });
});

describe("a production Clerk key (pk_live_)", () => {
  const live = { ...withZone, VITE_CLERK_PUBLISHABLE_KEY: liveKey };
  const settingsOf = (env: Record<string, string>) => {
    const domain = readPortalDomain("staging", env);
    const settings = readStageSettings(
      "staging",
      domain ? { ...env, APP_URL: domain.appUrl } : env,
    );
    requireClerkDomain("staging", settings);
    return settings;
  };

  test("is accepted on the instance's domain and under it", () => {
    expect(settingsOf(live).parameters.APP_URL).toBe(`https://${DOMAIN}`);
    expect(settingsOf({ ...live, PORTAL_DOMAIN: ZONE }).parameters.APP_URL).toBe(`https://${ZONE}`);
  });

  test.each([
    [
      "the distribution's own name (no custom domain)",
      {
        ...validSettings,
        VITE_CLERK_PUBLISHABLE_KEY: liveKey,
        APP_URL: "https://d111111abcdef8.cloudfront.net",
      },
      /d111111abcdef8\.cloudfront\.net is not example\.com or under it/,
    ],
    [
      "a custom domain on another domain",
      { ...live, PORTAL_DOMAIN: "portal.example.org", PORTAL_HOSTED_ZONE: "example.org" },
      /portal\.example\.org is not example\.com or under it/,
    ],
    [
      "a domain that only ends like the instance's",
      { ...live, PORTAL_DOMAIN: "portal.badexample.com", PORTAL_HOSTED_ZONE: "badexample.com" },
      /not example\.com or under it/,
    ],
    [
      "a key whose Frontend API is not clerk.<domain>",
      {
        ...live,
        VITE_CLERK_PUBLISHABLE_KEY: `pk_live_${Buffer.from("auth.example.com$").toString("base64")}`,
      },
      /is not clerk\.<domain>/,
    ],
  ])("refuses %s", async (_, settings, error) => {
    await expect(synthesize("staging", settings)).rejects.toThrow(error);
  });

  test("a development key (pk_test_) is not held to a domain", () => {
    expect(() =>
      settingsOf({ ...validSettings, APP_URL: "https://d111111abcdef8.cloudfront.net" }),
    ).not.toThrow();
  });
});
