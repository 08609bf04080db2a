/**
 * What preflight reads from README.md's "Deploy" section: its numbered steps, each marking the
 * values it provides with `<!-- provides: … -->`, and the Stripe events the webhook endpoint
 * must send (the `<!-- stripe-events -->` list the webhook's handler map is tested against).
 * A failed check names the step that provides what it is missing.
 */

export interface DeployStep {
  number: number;
  text: string;
  provides: string[];
}

function deploySection(readme: string): string {
  const start = readme.search(/^## Deploy\b/m);
  if (start < 0) throw new Error('README.md has no "## Deploy" section');
  const rest = readme.slice(start);
  const end = rest.slice(3).search(/^## /m);
  return end < 0 ? rest : rest.slice(0, end + 3);
}

/** The numbered steps of README's "Deploy" section, in order. */
export function readDeploySteps(readme: string): DeployStep[] {
  const steps: DeployStep[] = [];
  let current: DeployStep | undefined;
  for (const line of deploySection(readme).split("\n")) {
    const numbered = /^(\d+)\.\s/.exec(line);
    if (numbered) {
      current = { number: Number(numbered[1]), text: line, provides: [] };
      steps.push(current);
    } else if (current && (line.startsWith(" ") || line === "")) {
      current.text += `\n${line}`;
    } else {
      // A paragraph back at the margin ends the list.
      current = undefined;
    }
  }
  for (const step of steps) {
    for (const marker of step.text.matchAll(/<!--\s*provides:([^>]*?)-->/g)) {
      step.provides.push(...(marker[1] ?? "").split(/\s+/).filter(Boolean));
    }
  }
  return steps;
}

/** The first step providing `value`, or undefined when no step does. */
export function stepProviding(steps: DeployStep[], value: string): DeployStep | undefined {
  return steps.find((step) => step.provides.includes(value));
}

/** The events README lists between `<!-- stripe-events -->` and `<!-- /stripe-events -->`. */
export function readmeStripeEvents(readme: string): string[] {
  const block = /<!-- stripe-events[^>]*-->([\s\S]*?)<!-- \/stripe-events -->/.exec(readme);
  if (!block?.[1]) throw new Error("README.md has no stripe-events list");
  return [...block[1].matchAll(/`([a-z_.]+)`/g)].map((m) => m[1] as string);
}

/** What the step-order rule needs to know of a check. */
export interface NeedingCheck {
  name: string;
  needs: readonly string[];
}

/**
 * Where README's steps ask for a value before it exists: a check whose needed value no step
 * provides, or only a step after the preflight run meant to pass it. Checks that need the
 * deploy ("deploy") must pass at a preflight run after that step; all others at the first run,
 * which must come before the deploy.
 */
export function stepOrderProblems(steps: DeployStep[], checks: NeedingCheck[]): string[] {
  const problems: string[] = [];
  const runs = steps.filter((step) => /npm run preflight\b/.test(step.text));
  const firstRun = runs[0];
  if (!firstRun) return ["no step runs `npm run preflight`"];
  const deploy = stepProviding(steps, "deploy");
  if (!deploy) problems.push('no step provides "deploy"');
  else if (deploy.number < firstRun.number) {
    problems.push(
      `step ${deploy.number} deploys before preflight first runs (step ${firstRun.number})`,
    );
  }
  for (const check of checks) {
    const afterDeploy = check.needs.includes("deploy");
    const run = afterDeploy
      ? runs.find((r) => deploy !== undefined && r.number > deploy.number)
      : firstRun;
    if (!run) {
      problems.push(`${check.name}: no preflight run after the deploy`);
      continue;
    }
    for (const need of check.needs) {
      const step = stepProviding(steps, need);
      if (!step) problems.push(`${check.name}: no step provides "${need}"`);
      // A run may provide what it makes itself (`--create-webhook`: the endpoint, its secret).
      else if (step.number > run.number) {
        problems.push(
          `${check.name}: needs "${need}" at step ${run.number}, but step ${step.number} provides it`,
        );
      }
    }
  }
  return problems;
}
