/**
 * What the bench sections share: percentiles, HTTP load from a worker thread (so the figures
 * are the stack's, not the client's), the same bounds for operations timed in this process
 * (where the handlers and dynalite run), and signing a bench user in through the local stack's
 * identity provider.
 */
import { Worker } from "node:worker_threads";

export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
}

export function median(values: number[]) {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

export const ms = (value: number) => Number(value.toFixed(1));

export interface Timings {
  latencies: number[];
  errors: number;
  /** Answers by status ("network" for a failed fetch). */
  statuses?: Record<string, number>;
  /** The first error answer, to show why a run went wrong. */
  firstError?: string;
}

export interface LoadOptions {
  endpoint: string;
  method?: "GET" | "POST";
  headers: Record<string, string>;
  /** Loops running at once; 1 = one request at a time. */
  clients: number;
  maxRequests: number;
  durationMs: number;
  /** The status that counts as success (its latency is kept); default 200. */
  okStatus?: number;
  /**
   * For POSTs: a body per request, from `n` (the request's number) as a JavaScript function
   * body, run in the worker: `return JSON.stringify({ n })`. Likewise `headersFor` adds headers.
   */
  bodyFor?: string;
  headersFor?: string;
  /**
   * "fetch" (undici, the default) or "node:http" with a keep-alive agent, the client the AWS SDK
   * talks to dynalite with: the `api` section compares its HTTP rows with bare SDK calls, so it
   * uses the SDK's kind of client (docs/performance.md "`api`").
   */
  client?: "fetch" | "node:http";
  /** Requests sent and not timed first, so a fresh worker's client code is warm; default 0. */
  warmUp?: number;
}

/**
 * `clients` loops of requests to `endpoint` until `maxRequests` or `durationMs`, on a worker
 * thread, after `warmUp` untimed ones.
 */
export function runHttpLoad(options: LoadOptions): Promise<Timings> {
  const source = `
    const { parentPort, workerData: o } = require("node:worker_threads");
    const bodyFor = o.bodyFor ? new Function("n", o.bodyFor) : () => undefined;
    const headersFor = o.headersFor ? new Function("n", o.headersFor) : () => ({});
    const http = require("node:http");
    // One connection per client loop, kept alive between its requests, as fetch's pool does.
    const agent = new http.Agent({ keepAlive: true, maxSockets: o.clients });
    const send = o.client === "node:http"
      ? (init) => new Promise((resolve, reject) => {
          const request = http.request(o.endpoint, { method: init.method, headers: init.headers, agent }, (response) => {
            const chunks = [];
            response.on("data", (chunk) => chunks.push(chunk));
            response.on("end", () => resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString() }));
            response.on("error", reject);
          });
          request.on("error", reject);
          request.end(init.body);
        })
      : async (init) => {
          const response = await fetch(o.endpoint, init);
          return { status: response.status, body: await response.text() };
        };
    (async () => {
      for (let i = 0; i < (o.warmUp ?? 0); i++) {
        const n = -1 - i;
        await send({ method: o.method ?? "GET", headers: { ...o.headers, ...headersFor(n) }, body: bodyFor(n) });
      }
      const latencies = [];
      const statuses = {};
      let errors = 0;
      let firstError;
      let next = 0;
      const deadline = performance.now() + o.durationMs;
      await Promise.all(Array.from({ length: o.clients }, async () => {
        while (next < o.maxRequests && performance.now() < deadline) {
          const n = next++;
          const init = { method: o.method ?? "GET", headers: { ...o.headers, ...headersFor(n) }, body: bodyFor(n) };
          const t0 = performance.now();
          try {
            const { status, body } = await send(init);
            statuses[status] = (statuses[status] ?? 0) + 1;
            if (status === (o.okStatus ?? 200)) latencies.push(performance.now() - t0);
            else {
              errors++;
              firstError ??= status + " " + body.slice(0, 200);
            }
          } catch (error) {
            statuses.network = (statuses.network ?? 0) + 1;
            errors++;
            firstError ??= String(error);
          }
        }
      }));
      parentPort.postMessage({ latencies, errors, statuses, firstError });
    })();
  `;
  return new Promise((resolve, reject) => {
    const worker = new Worker(source, { eval: true, workerData: options });
    // Resolved once the worker is gone, so its teardown does not overlap the next measurement.
    worker.once("message", (result) => {
      void worker.terminate().then(() => resolve(result), reject);
    });
    worker.once("error", reject);
  });
}

/** The same bounds as the HTTP loops, for an operation run in this process. */
export async function timeInProcess(
  operation: (n: number) => Promise<unknown>,
  options: { clients?: number; maxRequests: number; durationMs: number; warmUp?: number },
): Promise<Timings> {
  for (let i = 0; i < (options.warmUp ?? 10); i++) await operation(-1 - i);
  const latencies: number[] = [];
  let next = 0;
  const deadline = performance.now() + options.durationMs;
  await Promise.all(
    Array.from({ length: options.clients ?? 1 }, async () => {
      while (next < options.maxRequests && performance.now() < deadline) {
        const n = next++;
        const t0 = performance.now();
        await operation(n);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { latencies, errors: 0 };
}

/** p50 and p99 of a run, and its p50 against a reference p50 (the bare operation's). */
export function summary(timings: Timings, referenceP50?: number) {
  const sorted = [...timings.latencies].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  return {
    requests: timings.latencies.length + timings.errors,
    "p50 ms": ms(p50),
    "p99 ms": ms(percentile(sorted, 99)),
    ...(referenceP50 === undefined
      ? {}
      : { "p50 / bare p50": Number((p50 / referenceP50).toFixed(2)) }),
    errors: timings.errors,
  };
}

/**
 * Table rows for runs under the same load, each with its rate and its p50 against the last
 * run's (the bare operation's).
 */
export function loadRows(
  clients: number,
  runs: { operation: string; timings: Timings; seconds: number }[],
) {
  const bareP50 = median(runs.at(-1)?.timings.latencies ?? []);
  return runs.map(({ operation, timings, seconds }) => ({
    operation,
    clients,
    "requests/s": Math.round((timings.latencies.length + timings.errors) / seconds),
    ...summary(timings, bareP50),
  }));
}

/**
 * A new account on the local stack's identity provider, and a way to get fresh session tokens
 * for it (they live 60 s).
 */
export async function signUpBenchUser(stackUrl: string, email: string) {
  const password = "benchmark password";
  const signUp = await fetch(`${stackUrl}/dev-identity/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, firstName: "Bench", lastName: "Mark" }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status}`);
  const signIn = async () => {
    const response = await fetch(`${stackUrl}/dev-identity/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
    const { user } = (await response.json()) as { user: { id: string } };
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    return { userId: user.id, cookie };
  };
  const { userId, cookie } = await signIn();
  return {
    userId,
    email,
    signIn,
    async headers(session = cookie) {
      const response = await fetch(`${stackUrl}/dev-identity/tokens`, {
        method: "POST",
        headers: { cookie: session },
      });
      if (response.status !== 200) throw new Error(`token failed: ${response.status}`);
      const { jwt } = (await response.json()) as { jwt: string };
      return { authorization: `Bearer ${jwt}` };
    },
  };
}
