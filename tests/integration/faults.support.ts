/**
 * Helpers for the fault suites (docs/operations.md, "When a dependency fails"). Each suite
 * starts its own local stack, so the faults it switches on reach no other suite's requests.
 */

import { type LocalStack, startLocalStack } from "@portal/devstack/local-stack";
import Stripe from "stripe";
import { send } from "../support/api";
import { signUp } from "../support/dev-identity";

/** An answer read field by field in assertions. */
// biome-ignore lint/suspicious/noExplicitAny: assertions check the shapes themselves
export type Json = Record<string, any>;

export interface FaultStack {
  stack: LocalStack;
  /** The `stripe` SDK on the emulator, with no retries of its own (reads what is there). */
  stripe: Stripe;
  /** Switches a stand-in's fault on (body checked by the stand-in), or off with `null`. */
  fault(service: "dynamodb" | "ses" | "stripe", rule: Json | null): Promise<Json>;
  /** A fault's state: the rule, calls it matched and calls it failed. */
  faultState(service: "dynamodb" | "ses" | "stripe"): Promise<Json>;
  /** A Stripe emulator control (POST /__emulator/webhooks/idle, …). */
  emulator(method: string, path: string, body?: unknown): Promise<Json>;
}

export async function startFaultStack(
  options: Parameters<typeof startLocalStack>[0] = {},
): Promise<FaultStack> {
  const stack = await startLocalStack({
    port: 0,
    logRequests: false,
    // Long enough for a consumer that is backing off from throttling, as production's are.
    queue: { visibilityTimeoutMs: 60_000, pageViewsBatchWindowMs: 50 },
    ...options,
  });
  const env = stack.env;
  const secretKey = env.SST_Secret_value_STRIPE_SECRET_KEY ?? "";
  const stripe = new Stripe(secretKey, {
    host: env.SST_Parameter_value_STRIPE_API_HOST,
    port: env.SST_Parameter_value_STRIPE_API_PORT,
    protocol: "http",
    maxNetworkRetries: 0,
  });
  const controlPath = (service: "dynamodb" | "ses" | "stripe") =>
    service === "stripe"
      ? "/__stripe/__emulator/faults"
      : service === "ses"
        ? "/__devstack/mail/faults"
        : `/__devstack/faults/${service}`;
  const control = async (method: string, path: string, body?: unknown) => {
    const answer = await send(
      stack.url,
      { authorization: `Bearer ${secretKey}` },
      method,
      path,
      body,
    );
    if (!answer.ok)
      throw new Error(`${method} ${path} answered ${answer.status}: ${await answer.text()}`);
    return (await answer.json()) as Json;
  };
  return {
    stack,
    stripe,
    fault: (service, rule) =>
      rule === null
        ? control("DELETE", controlPath(service))
        : control("POST", controlPath(service), rule),
    faultState: (service) => control("GET", controlPath(service)),
    emulator: (method, path, body) => control(method, `/__stripe/__emulator${path}`, body),
  };
}

export interface FaultCustomer {
  userId: string;
  email: string;
  /** `headers` go with the session's (an Idempotency-Key). */
  call(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Response>;
  /** A fresh session token, for a request made by hand. */
  token(): Promise<string>;
  json<T = Json>(method: string, path: string, body?: unknown): Promise<T>;
}

/** A signed-up person calling the stack's API with a fresh session token each time. */
export async function faultCustomer(baseUrl: string, firstName = "Pat"): Promise<FaultCustomer> {
  const signedIn = await signUp({ firstName, lastName: "Faulty" }, baseUrl);
  const token = async () => {
    const answer = await fetch(`${baseUrl}/dev-identity/tokens`, {
      method: "POST",
      headers: { cookie: signedIn.cookie },
    });
    if (!answer.ok) throw new Error(`token refresh answered ${answer.status}`);
    return ((await answer.json()) as { jwt: string }).jwt;
  };
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => send(baseUrl, { ...headers, authorization: `Bearer ${await token()}` }, method, path, body);
  const customer: FaultCustomer = {
    userId: signedIn.user.id,
    email: signedIn.user.email,
    call,
    token,
    async json<T>(method: string, path: string, body?: unknown) {
      const answer = await call(method, path, body);
      if (!answer.ok)
        throw new Error(`${method} ${path} answered ${answer.status}: ${await answer.text()}`);
      return (await answer.json()) as T;
    },
  };
  // The first authenticated call creates the user record, as the SPA's sync does.
  await customer.json("GET", "/api/auth/user");
  return customer;
}

/** Fills and submits the emulator's hosted Checkout page with a good card. */
export function payCheckout(checkoutUrl: string) {
  return fetch(checkoutUrl, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      cardnumber: "4242424242424242",
      exp: "12 / 34",
      cvc: "123",
      name: "Pat Faulty",
    }),
  });
}
