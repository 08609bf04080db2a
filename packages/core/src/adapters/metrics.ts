/**
 * Counts the code publishes for the alarms (stacks/Monitoring.ts, HOSTING_METRICS), in
 * CloudWatch's embedded metric format: one JSON line on stdout, which Lambda's logs turn into a
 * metric in the stage's namespace (`<app>/<stage>`, from the SST_APP and SST_STAGE variables
 * SST sets). No SDK call and no grant; outside Lambda (the local stack, tests) it is a log line.
 */

export function metricLine(
  name: string,
  value: number,
  env: Record<string, string | undefined> = process.env,
  now = Date.now(),
): string {
  const namespace = `${env.SST_APP ?? "site-portal"}/${env.SST_STAGE ?? "local"}`;
  return JSON.stringify({
    _aws: {
      Timestamp: now,
      CloudWatchMetrics: [
        { Namespace: namespace, Dimensions: [[]], Metrics: [{ Name: name, Unit: "Count" }] },
      ],
    },
    [name]: value,
  });
}

export function emitMetric(name: string, value: number): void {
  process.stdout.write(`${metricLine(name, value)}\n`);
}
