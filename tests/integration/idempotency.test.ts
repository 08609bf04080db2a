/**
 * Idempotency-Key on the API's writes (docs/security.md, "Idempotency keys"), through a local
 * stack of this suite's own whose table throttles every other call. A ticket sent again with
 * its key, while the first try still runs and after it answered, is one ticket; the key with
 * another body is refused; another customer's request with the same key is their own.
 */
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { READY_CUSTOMER, setCustomerState } from "../support/customer-state";
import {
  type FaultCustomer,
  type FaultStack,
  faultCustomer,
  type Json,
  startFaultStack,
} from "./faults.support";

let local: FaultStack;
let pat: FaultCustomer;
let sam: FaultCustomer;

beforeAll(async () => {
  local = await startFaultStack();
  pat = await faultCustomer(local.stack.url, "Pat");
  sam = await faultCustomer(local.stack.url, "Sam");
  await setCustomerState(pat.userId, READY_CUSTOMER);
  await setCustomerState(sam.userId, READY_CUSTOMER);
});

afterAll(async () => {
  await local?.stack.stop();
});

const TICKET = {
  title: "Sent twice",
  description: "The contact form sends nothing.",
  category: "general",
  priority: "medium",
};

/** Sends the write with its key until it has an answer (a 409 or 503 says when to try again). */
async function sendUntilAnswered(who: FaultCustomer, key: string, body: unknown) {
  const seen: number[] = [];
  for (let tries = 0; tries < 40; tries++) {
    const answer = await who.call("POST", "/api/tickets", body, { "idempotency-key": key });
    seen.push(answer.status);
    if (answer.status !== 409 && answer.status !== 503) return { answer, seen };
    const wait = Number(answer.headers.get("retry-after") ?? "1");
    await sleep(Math.min(wait, 2) * 1000);
  }
  throw new Error(`no answer after 40 tries: ${seen.join(", ")}`);
}

const titled = async (who: FaultCustomer, title: string) =>
  (await who.json<{ id: string; title: string }[]>("GET", "/api/tickets")).filter(
    (t) => t.title === title,
  );

describe("a ticket sent again with its Idempotency-Key", () => {
  it("while the table refuses every other call: one ticket, the same answer each time", async () => {
    await local.fault("dynamodb", { error: "ThrottlingException", share: 0.5 });
    const key = randomUUID();
    // The first try: the customer stops waiting for it (as after API Gateway's 504), and it
    // goes on in its Lambda.
    const first = fetch(`${local.stack.url}/api/tickets`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${await pat.token()}`,
        "content-type": "application/json",
        "idempotency-key": key,
      },
      body: JSON.stringify(TICKET),
      signal: AbortSignal.timeout(100),
    }).catch(() => undefined);
    await sleep(50);
    const { answer, seen } = await sendUntilAnswered(pat, key, TICKET);
    await first;
    expect(answer.status, `answers: ${seen.join(", ")}`).toBe(201);
    const ticket = (await answer.json()) as Json;
    // Once more: the answer recorded, not a second write.
    const again = await pat.call("POST", "/api/tickets", TICKET, { "idempotency-key": key });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(((await again.json()) as Json).id).toBe(ticket.id);
    await local.fault("dynamodb", null);

    await expect
      .poll(async () => (await titled(pat, TICKET.title)).map((t) => t.id), { timeout: 30_000 })
      .toEqual([ticket.id]);
  }, 120_000);

  it("with another body is refused 422, and stores nothing", async () => {
    const key = randomUUID();
    const first = await pat.call(
      "POST",
      "/api/tickets",
      { ...TICKET, title: "Keyed once" },
      {
        "idempotency-key": key,
      },
    );
    expect(first.status).toBe(201);
    const other = await pat.call(
      "POST",
      "/api/tickets",
      { ...TICKET, title: "Keyed twice" },
      {
        "idempotency-key": key,
      },
    );
    expect(other.status).toBe(422);
    expect(((await other.json()) as Json).error.code).toBe("idempotency_key_reused");
    expect(await titled(pat, "Keyed twice")).toEqual([]);
  });

  it("sent by another customer runs as theirs: nothing of the first customer's answer", async () => {
    const key = randomUUID();
    const mine = await pat.call(
      "POST",
      "/api/tickets",
      { ...TICKET, title: "Pat's own" },
      {
        "idempotency-key": key,
      },
    );
    const mineTicket = (await mine.json()) as Json;
    // The same key and the same body, from Sam's account.
    const theirs = await sam.call(
      "POST",
      "/api/tickets",
      { ...TICKET, title: "Pat's own" },
      {
        "idempotency-key": key,
      },
    );
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
    const theirTicket = (await theirs.json()) as Json;
    expect(theirTicket.id).not.toBe(mineTicket.id);
    expect((await titled(sam, "Pat's own")).map((t) => t.id)).toEqual([theirTicket.id]);
    expect((await titled(pat, "Pat's own")).map((t) => t.id)).toEqual([mineTicket.id]);
  });

  it("refuses a key that is no header value", async () => {
    const answer = await pat.call("POST", "/api/tickets", TICKET, {
      "idempotency-key": "x".repeat(256),
    });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as Json).error.code).toBe("invalid_idempotency_key");
  });
});
