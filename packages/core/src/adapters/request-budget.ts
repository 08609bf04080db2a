/**
 * Every API request's time budget (docs/operations.md, "Each request's time budget"). API
 * Gateway's HTTP API gives an integration 30 s; a request whose SDK retries go on past that is
 * answered 504 by the gateway while its Lambda carries on and may still write, and the
 * customer's retry then writes a second time. So the frame (packages/functions/src/api/frame.ts)
 * runs each request within REQUEST_BUDGET_MS, and the table client's retries keep to it: within
 * a request they are standard retries (no client-side rate limiter), a retry that would start
 * past the budget is not made (the throttling error stands), and a call still waiting when the
 * budget runs out is given up (RequestBudgetExceeded).
 * Both become a 503 with Retry-After (errors.ts), and nothing is sent after the answer.
 *
 * Work outside a request (queue consumers, schedules) has no budget: its retries run as the
 * client's retry mode says.
 */
import { AsyncLocalStorage } from "node:async_hooks";

/** Well inside API Gateway's 30 s: time to give up and still answer. */
export const REQUEST_BUDGET_MS = 10_000;

const budgets = new AsyncLocalStorage<{ deadline: number }>();

/** Runs one request's work within its budget. */
export function withinRequestBudget<T>(
  run: () => Promise<T>,
  budgetMs = REQUEST_BUDGET_MS,
): Promise<T> {
  return budgets.run({ deadline: Date.now() + budgetMs }, run);
}

/** What is left of the current request's budget in ms; undefined outside a request. */
export function budgetLeftMs(): number | undefined {
  const budget = budgets.getStore();
  return budget && budget.deadline - Date.now();
}

/** A call the request's budget did not leave time for; a 503 like throttling. */
export class RequestBudgetExceeded extends Error {
  override name = "RequestBudgetExceeded";
  constructor() {
    super("The request's time budget ran out before the table answered");
  }
}

/** Settles as `work` does, or rejects with RequestBudgetExceeded when the budget runs out first. */
function withinBudget<T>(work: Promise<T>): Promise<T> {
  const left = budgetLeftMs();
  if (left === undefined) return work;
  if (left <= 0) {
    work.catch(() => {});
    return Promise.reject(new RequestBudgetExceeded());
  }
  let timer: NodeJS.Timeout | undefined;
  const spent = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RequestBudgetExceeded()), left);
  });
  return Promise.race([work, spent]).finally(() => clearTimeout(timer));
}

/** The parts of the SDK's retry strategy (RetryStrategyV2) the budget wraps. */
interface RetryToken {
  getRetryDelay(): number;
}
interface RetryStrategy {
  mode?: string;
  acquireInitialRetryToken(scope: string): Promise<RetryToken>;
  refreshRetryTokenForRetry(token: RetryToken, errorInfo: { error?: unknown }): Promise<RetryToken>;
  recordSuccess(token: RetryToken): void;
}

/**
 * The client's retries: `outside` a request as they are, `inside` one kept to its budget. A
 * call stays in one context from its first try to its last, so each token goes back to the
 * strategy that gave it.
 */
export function budgetedStrategy(outside: RetryStrategy, inside: RetryStrategy): RetryStrategy {
  const current = () => (budgetLeftMs() === undefined ? outside : inside);
  return {
    mode: outside.mode,
    acquireInitialRetryToken: (scope) => withinBudget(current().acquireInitialRetryToken(scope)),
    async refreshRetryTokenForRetry(token, errorInfo) {
      const next = await withinBudget(current().refreshRetryTokenForRetry(token, errorInfo));
      const left = budgetLeftMs();
      // The SDK waits the delay, then tries again: not when that would start past the budget.
      // Throwing here makes the SDK throw the last error (the throttling) as it is.
      if (left !== undefined && next.getRetryDelay() >= left) throw new RequestBudgetExceeded();
      return next;
    },
    recordSuccess: (token) => current().recordSuccess(token),
  };
}

type Configured = { config: unknown };
const strategyOf = (client: Configured) =>
  (client.config as { retryStrategy: () => Promise<RetryStrategy> }).retryStrategy;

/**
 * Gives `client` the retries of budgetedStrategy: its own retry mode's strategy outside a
 * request, and inside one the strategy of `forRequests` (a client made only for its retry
 * settings; it sends nothing), each made once per client as the SDK does.
 */
export function budgetRetries(client: Configured, forRequests: Configured): void {
  const outside = strategyOf(client);
  const inside = strategyOf(forRequests);
  let wrapped: Promise<RetryStrategy> | undefined;
  (client.config as { retryStrategy: () => Promise<RetryStrategy> }).retryStrategy = () => {
    wrapped ??= Promise.all([outside(), inside()]).then(([o, i]) => budgetedStrategy(o, i));
    return wrapped;
  };
}
