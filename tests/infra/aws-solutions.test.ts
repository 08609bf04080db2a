/**
 * cdk-nag's AwsSolutions pack over the synthesised production app (productionSettings, stage
 * "prod"): every finding is either fixed or accepted with its reason in stacks/aws-solutions.ts,
 * and every accepted entry still covers a finding. A new finding fails here until it is one or
 * the other.
 */
import { Aspects } from "aws-cdk-lib";
import { AwsSolutionsChecks, type INagLogger } from "cdk-nag";
import { beforeAll, describe, expect, test } from "vitest";
import config from "../../sst.config";
import { ACCEPTED_FINDINGS, type AcceptedFinding } from "../../stacks/aws-solutions";
import { createApp, productionSettings, templatesOf } from "./synth";

interface Finding {
  rule: string;
  path: string;
  /** The IAM finding's policy or resource pattern; "" for other rules. */
  finding: string;
}

let findings: Finding[];
let ruleErrors: string[];

const covers = (entry: AcceptedFinding, f: Finding) =>
  entry.rule === f.rule &&
  (!entry.findings || entry.findings.test(f.finding)) &&
  (!entry.resources || entry.resources.test(f.path));

/** The findings no accepted entry covers, as "rule path finding". */
function unaccepted(list: Finding[], accepted: readonly AcceptedFinding[] = ACCEPTED_FINDINGS) {
  return list
    .filter((f) => !accepted.some((entry) => covers(entry, f)))
    .map((f) => `${f.rule} ${f.path} ${f.finding}`.trim());
}

beforeAll(async () => {
  const app = await createApp("prod", productionSettings);
  await config.stacks(app);
  findings = [];
  ruleErrors = [];
  const collect: INagLogger = {
    onCompliance() {},
    onNonCompliance(data) {
      findings.push({ rule: data.ruleId, path: data.resource.node.path, finding: data.findingId });
    },
    onSuppressed() {},
    onError(data) {
      ruleErrors.push(`${data.ruleId} ${data.resource.node.path}: ${data.errorMessage}`);
    },
    onSuppressedError() {},
    onNotApplicable() {},
  };
  Aspects.of(app).add(new AwsSolutionsChecks({ reports: false, additionalLoggers: [collect] }));
  templatesOf(app); // synthesises, which runs the checks
}, 300_000);

describe("AwsSolutions over the production app", () => {
  test("every finding is accepted with a reason, and every rule could run", () => {
    expect(findings.length).toBeGreaterThan(0);
    expect(ruleErrors).toEqual([]);
    expect(unaccepted(findings)).toEqual([]);
  });

  test("every accepted entry still covers a finding, and says why", () => {
    for (const entry of ACCEPTED_FINDINGS) {
      expect(entry.reason.length, entry.rule).toBeGreaterThan(40);
      expect(
        findings.some((f) => covers(entry, f)),
        `${entry.rule} ${entry.findings ?? entry.resources ?? ""} covers nothing`,
      ).toBe(true);
    }
  });

  test("a new kind of finding is not let through by an old reason", () => {
    const wildcard: Finding = {
      rule: "AwsSolutions-IAM5",
      path: "prod-site-portal-Events/Notifications/ServiceRole/DefaultPolicy/Resource",
      finding: "Action::dynamodb:*",
    };
    expect(unaccepted([wildcard])).toEqual([expect.stringMatching(/dynamodb:\*/)]);
    // Taking an entry out leaves its findings unaccepted.
    const withoutApig = ACCEPTED_FINDINGS.filter((e) => e.rule !== "AwsSolutions-APIG4");
    expect(unaccepted(findings, withoutApig).length).toBeGreaterThan(0);
  });

  test("what was fixed stays fixed: no X-Ray wildcard, the site's bucket refuses plain HTTP", () => {
    expect(findings.filter((f) => f.finding === "Resource::*")).toEqual([]);
    expect(findings.filter((f) => f.rule === "AwsSolutions-S10")).toEqual([]);
  });
});
