/**
 * `npm run preflight -- --help`: the options, then every check with the README "Deploy" steps
 * that provide what it needs, read from the same `provides` markers the failures cite, so the
 * help, the README and the checks cannot drift apart.
 */
import { preflightChecks } from "./checks";
import { readDeploySteps, stepProviding } from "./readme";

export function helpText(usage: string, readme: string): string {
  const steps = readDeploySteps(readme);
  const lines = [
    usage,
    "",
    "  --stage <stage>     the stage to check, as `sst deploy --stage` names it (its .env.<stage>)",
    "  --create-webhook    create the Stripe webhook endpoint at the StripeWebhookUrl output and",
    '                      store its signing secret (README "Deploy" step after the deploy)',
    "  --region <region>   the deploy's region (default: sst.config.ts's)",
    "  --help, -h          this text",
    "",
    'The checks, in order, and the README "Deploy" steps that provide what each needs:',
  ];
  for (const check of preflightChecks()) {
    const numbers = [
      ...new Set(check.needs.map((need) => stepProviding(steps, need)?.number ?? 0)),
    ].sort((a, b) => a - b);
    lines.push(`  ${check.name.padEnd(36)} step ${numbers.join(", ")}`);
  }
  lines.push("", "Exit status: 0 when every line is OK or WAIT, 1 when one is FAIL or SKIP.");
  return lines.join("\n");
}
