/**
 * README's "Deploy" steps, followed in order, never ask for a value that does not exist yet:
 * every value a preflight check needs comes from a step before the preflight run meant to pass
 * it (docs/operations.md "First deploy").
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { preflightChecks } from "../../scripts/preflight/checks";
import { helpText } from "../../scripts/preflight/help";
import {
  readDeploySteps,
  secretStepProblems,
  stepOrderProblems,
} from "../../scripts/preflight/readme";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

describe("README deploy steps", () => {
  it("are numbered in order and provide, before each preflight run, what its checks need", () => {
    const steps = readDeploySteps(readme);
    expect(steps.map((s) => s.number)).toEqual(steps.map((_, i) => i + 1));
    expect(stepOrderProblems(steps, preflightChecks())).toEqual([]);
  });

  it("every check names what it needs", () => {
    for (const check of preflightChecks())
      expect(check.needs.length, check.name).toBeGreaterThan(0);
  });

  it("catch a secret asked for after the preflight run that checks it", () => {
    const steps = readDeploySteps(readme);
    const moved = steps.map((step) => ({
      ...step,
      provides: step.provides.filter((p) => p !== "secret:STRIPE_SECRET_KEY"),
    }));
    const deploy = moved.find((s) => s.provides.includes("deploy"));
    deploy?.provides.push("secret:STRIPE_SECRET_KEY");
    expect(stepOrderProblems(moved, preflightChecks())).toContainEqual(
      expect.stringMatching(
        /^secret STRIPE_SECRET_KEY: needs "secret:STRIPE_SECRET_KEY" at step \d/,
      ),
    );
  });

  it("catch the old order: the webhook secret set before the deploy that makes its endpoint", () => {
    const steps = readDeploySteps(readme);
    const early = steps.map((step) => ({
      ...step,
      provides: step.provides.filter((p) => p !== "deploy"),
    }));
    const last = early[early.length - 1];
    last?.provides.push("deploy");
    const problems = stepOrderProblems(early, preflightChecks());
    expect(problems).toContainEqual(expect.stringMatching(/^Stripe webhook endpoint: /));
    expect(problems).toContainEqual(expect.stringMatching(/^secret STRIPE_WEBHOOK_SECRET: /));
  });

  it("catch a value no step provides", () => {
    const steps = readDeploySteps(readme).map((step) => ({
      ...step,
      provides: step.provides.filter((p) => p !== "ses-production-access"),
    }));
    expect(stepOrderProblems(steps, preflightChecks())).toEqual([
      'SES production access: no step provides "ses-production-access"',
    ]);
  });

  it("set each secret once, in the step that provides it, before that step's preflight run", () => {
    const steps = readDeploySteps(readme);
    expect(secretStepProblems(steps)).toEqual([]);
    // The old README: CLERK_SECRET_KEY twice, and CLERK_WEBHOOK_SECRET before the deploy.
    const twice = steps.map((step) =>
      step.number === 2
        ? {
            ...step,
            text: `${step.text}\n   npx sst secrets set CLERK_SECRET_KEY sk_live_…\n   npx sst secrets set CLERK_WEBHOOK_SECRET whsec_…`,
          }
        : step,
    );
    expect(secretStepProblems(twice)).toEqual(
      expect.arrayContaining([
        "step 2 sets CLERK_WEBHOOK_SECRET but its markers do not provide it",
        "CLERK_SECRET_KEY is set in 2 places (steps 2, 2)",
      ]),
    );
  });

  it("`npm run preflight -- --help` lists every check with the steps it needs", () => {
    const text = helpText("Usage: …", readme);
    for (const check of preflightChecks()) {
      expect(text).toMatch(
        new RegExp(`\\n  ${check.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} +step \\d`),
      );
    }
    expect(text).not.toMatch(/step 0/);
  });
});
