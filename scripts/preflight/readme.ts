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

/**
 * Where README's steps and their markers disagree about secrets: a secret set (`sst secrets
 * set NAME`) in more than one step, in a step whose markers do not say it provides
 * `secret:NAME`, or after the preflight run of its own step; and a step that claims to provide
 * a secret it never sets (`--create-webhook` sets the Stripe webhook's itself).
 */
export function secretStepProblems(steps: DeployStep[]): string[] {
  const problems: string[] = [];
  const setIn = new Map<string, number[]>();
  for (const step of steps) {
    const run = step.text.search(/npm run preflight\b/);
    for (const command of step.text.matchAll(/sst secrets set ([A-Z_]+)/g)) {
      const name = command[1] as string;
      setIn.set(name, [...(setIn.get(name) ?? []), step.number]);
      if (!step.provides.includes(`secret:${name}`)) {
        problems.push(`step ${step.number} sets ${name} but its markers do not provide it`);
      }
      if (run >= 0 && (command.index ?? 0) > run && !/--create-webhook/.test(step.text)) {
        problems.push(`step ${step.number} sets ${name} after its own preflight run`);
      }
    }
    for (const provided of step.provides.filter((p) => p.startsWith("secret:"))) {
      const name = provided.slice("secret:".length);
      const setHere = new RegExp(`sst secrets set ${name}\\b`).test(step.text);
      const created = /--create-webhook/.test(step.text) && name === "STRIPE_WEBHOOK_SECRET";
      if (!setHere && !created) {
        problems.push(`step ${step.number} provides ${name} without setting it`);
      }
    }
  }
  for (const [name, numbers] of setIn) {
    if (numbers.length > 1)
      problems.push(`${name} is set in ${numbers.length} places (steps ${numbers.join(", ")})`);
  }
  return problems;
}
