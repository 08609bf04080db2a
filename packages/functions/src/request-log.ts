/** The one JSON line each request writes (CloudWatch in AWS, the terminal locally). */
export function writeRequestLog(line: Record<string, unknown>) {
  // The local stack turns it off for tests and the benchmark; in Lambda it is always on.
  if (process.env.LOG_REQUESTS === "false") return;
  process.stdout.write(`${JSON.stringify(line)}\n`);
}
