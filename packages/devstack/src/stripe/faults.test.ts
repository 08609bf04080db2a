/**
 * The emulator's faults (docs/operations.md, "When a dependency fails") as the `stripe` SDK
 * meets them: a 500 it retries, a 429 it surfaces with Stripe's Retry-After, a hang it times
 * out and retries under the same idempotency key, and a control that only the secret key opens.
 */
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningStripeEmulator, startStripeEmulator } from "./server";

const SECRET_KEY = "sk_test_emulator_faults";
let emulator: RunningStripeEmulator;

const sdk = (options: { maxNetworkRetries?: number; timeout?: number } = {}) =>
  new Stripe(SECRET_KEY, {
    host: emulator.host,
    port: emulator.port,
    protocol: "http",
    maxNetworkRetries: 0,
    ...options,
  });

const control = (method: string, body?: unknown, key = SECRET_KEY) =>
  fetch(`${emulator.apiUrl}/__emulator/faults`, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

beforeAll(async () => {
  emulator = await startStripeEmulator({ secretKey: SECRET_KEY });
});

afterAll(async () => {
  await emulator.stop();
});

describe("the emulator's faults", () => {
  it("are set only with the secret key, and a malformed one is refused with its fields", async () => {
    expect((await control("POST", { kind: "error" }, "sk_test_someone_else")).status).toBe(401);
    const bad = await control("POST", { kind: "explode", path: "/customers" });
    expect(bad.status).toBe(400);
    const { error } = (await bad.json()) as { error: { fields: Record<string, string> } };
    expect(Object.keys(error.fields).sort()).toEqual(["kind", "path"]);
  });

  it("a 500 is retried by the SDK, which succeeds once the fault is spent", async () => {
    expect((await control("POST", { kind: "error", times: 2 })).status).toBe(200);
    const customer = await sdk({ maxNetworkRetries: 2 }).customers.create({
      email: "a@example.com",
    });
    expect(customer.id).toMatch(/^cus_/);
    expect((await (await control("GET")).json()) as object).toMatchObject({
      failed: 2,
      fault: null,
    });
  });

  it("a 429 reaches the caller as Stripe's rate-limit error with Retry-After", async () => {
    await control("POST", { kind: "rate_limit", retryAfterSeconds: 9, method: "GET" });
    const error = await sdk({ maxNetworkRetries: 2 })
      .customers.list()
      .catch((e: unknown) => e);
    await control("DELETE");
    expect(error).toBeInstanceOf(Stripe.errors.StripeRateLimitError);
    expect((error as Stripe.errors.StripeError).headers?.["retry-after"]).toBe("9");
  });

  it("a hang does the work and loses the answer; the SDK's retry gets the same object back", async () => {
    await control("POST", { kind: "hang", path: "/v1/customers", method: "POST", times: 1 });
    const email = "hang@example.com";
    const customer = await sdk({ maxNetworkRetries: 1, timeout: 500 }).customers.create({ email });
    const all = await sdk().customers.list({ email });
    expect(all.data.map((c) => c.id)).toEqual([customer.id]);
  });
});
