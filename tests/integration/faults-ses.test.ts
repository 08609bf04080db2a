/**
 * SES throttling, refusing and reporting back (docs/notifications.md, "Bounces and
 * complaints"; docs/operations.md, "When a dependency fails"), through a local stack of this
 * suite's own whose SES stand-in answers TooManyRequestsException or MessageRejected, or
 * accepts a mail and then reports a bounce or a complaint through the event destination's
 * stand-in (a queue feeding the same consumer as on AWS).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUpStaff } from "../support/dev-identity";
import {
  type FaultCustomer,
  type FaultStack,
  faultCustomer,
  type Json,
  startFaultStack,
} from "./faults.support";

let local: FaultStack;
let core: {
  emit: typeof import("@portal/core/events/emit").emit;
  db: typeof import("@portal/core/db/service").db;
};

beforeAll(async () => {
  // A failed delivery is received again a second later, so the queue's retries fit a test.
  local = await startFaultStack({ queue: { visibilityTimeoutMs: 1000 } });
  core = {
    emit: (await import("@portal/core/events/emit")).emit,
    db: (await import("@portal/core/db/service")).db,
  };
});

afterAll(async () => {
  await local?.stack.stop();
});

async function eventsSettled() {
  await expect
    .poll(
      async () => {
        const state = (await (await fetch(`${local.stack.url}/__devstack/events`)).json()) as Json;
        return state.waiting + state.inFlight;
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBe(0);
}

async function mailsTo(address: string) {
  await eventsSettled();
  const answer = await fetch(`${local.stack.url}/__devstack/mail/messages.json`);
  const { messages } = (await answer.json()) as { messages: { envelope: { to: string[] } }[] };
  return messages.filter((m) => m.envelope.to.includes(address));
}

/** A billing mail: sent whatever the customer's preferences (docs/notifications.md). */
async function mailAbout(customer: FaultCustomer) {
  const eventId = `faults-${crypto.randomUUID()}`;
  await core.emit({
    eventId,
    type: "subscription.activated",
    userId: customer.userId,
    plan: "pro",
  });
  return eventId;
}

const mailed = async (eventId: string) =>
  (await core.db.entities.mailedEvent.get({ eventId }).go({ consistent: true })).data;

describe("SES throttling", () => {
  it("is retried, by the SDK and then the queue, and the mail is sent once", async () => {
    const customer = await faultCustomer(local.stack.url, "Throttled");
    // More refusals than the SDK's three tries: the queue's retry must finish the job.
    await local.fault("ses", { error: "TooManyRequestsException", to: customer.email, times: 4 });
    const eventId = await mailAbout(customer);
    await expect.poll(async () => (await mailed(eventId))?.state, { timeout: 30_000 }).toBe("sent");
    expect((await local.faultState("ses")).failed).toBe(4);
    expect(await mailsTo(customer.email)).toHaveLength(1);
  }, 60_000);
});

describe("SES rejecting a mail", () => {
  it("records it as rejected, does not retry it, and the queue goes on to the next", async () => {
    const refused = await faultCustomer(local.stack.url, "Refused");
    const next = await faultCustomer(local.stack.url, "Next");
    await local.fault("ses", { error: "MessageRejected", to: refused.email });
    const refusedEvent = await mailAbout(refused);
    const nextEvent = await mailAbout(next);
    await eventsSettled();
    const { failed } = await local.faultState("ses");
    await local.fault("ses", null);

    expect(await mailed(refusedEvent)).toMatchObject({
      state: "rejected",
      reason: expect.stringContaining("rejected by SES"),
    });
    // Refused once: a rejection is final, neither the SDK nor the queue sends it again.
    expect(failed).toBe(1);
    expect(await mailsTo(refused.email)).toHaveLength(0);
    expect((await mailed(nextEvent))?.state).toBe("sent");
    expect(await mailsTo(next.email)).toHaveLength(1);
    const events = (await (await fetch(`${local.stack.url}/__devstack/events`)).json()) as Json;
    expect(events.deadLetters).toEqual([]);
  }, 60_000);
});

describe("bounces and complaints", () => {
  async function staffView(customer: FaultCustomer) {
    const staff = await signUpStaff({}, local.stack.url, local.stack.env.DEV_IDENTITY_ADMIN_TOKEN);
    const answer = await fetch(`${local.stack.url}/api/staff/customers/${customer.userId}`, {
      headers: bearer(staff.token),
    });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as Json).mailSuppression;
  }

  for (const [kind, reason, delivered] of [
    ["Bounce", "bounce", 0],
    ["Complaint", "complaint", 1],
  ] as const) {
    it(`a ${reason} turns mail to the address off, and staff see why on the customer's page`, async () => {
      const customer = await faultCustomer(local.stack.url, kind);
      await local.fault("ses", { error: kind, to: customer.email, times: 1 });
      const first = await mailAbout(customer);
      await expect.poll(async () => (await mailed(first))?.state, { timeout: 30_000 }).toBe("sent");
      // A bounced mail never reached an inbox; a complaint comes from someone who read it.
      expect(await mailsTo(customer.email)).toHaveLength(delivered);
      await expect
        .poll(async () => (await staffView(customer))?.reason, { timeout: 30_000 })
        .toBe(reason);
      expect((await staffView(customer)).detail).toMatch(reason === "bounce" ? /550/ : /abuse/);

      const second = await mailAbout(customer);
      await expect
        .poll(async () => (await mailed(second))?.state, { timeout: 30_000 })
        .toBe("skipped");
      expect((await mailed(second))?.reason).toBe(`mail to this address is off after a ${reason}`);
      expect(await mailsTo(customer.email)).toHaveLength(delivered);
    }, 60_000);
  }
});
