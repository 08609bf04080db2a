/**
 * A mail claim left `sending` by a process that died mid-send (docs/notifications.md "Sent
 * once"): when the very queue message that made it comes back, SQS's visibility timeout has
 * passed and its holder is gone, so the claim is taken over at once and the mail goes out; any
 * other message for the same event still waits for the claim to go stale.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { type SignedIn, signUpCustomer } from "../support/dev-identity";
import { inbox } from "../support/mail";
import { url } from "../support/payments";

let customer: SignedIn;
let core: {
  db: typeof import("@portal/core/db/service").db;
  deliver: typeof import("@portal/core/notifications/deliver");
};

beforeAll(async () => {
  customer = await signUpCustomer({ firstName: "Ada" }, url);
  core = {
    db: (await import("@portal/core/db/service")).db,
    deliver: await import("@portal/core/notifications/deliver"),
  };
});

/** A staff reply event, and its claim as a delivery left it when its process was killed. */
async function claimLeftBy(queueMessageId: string) {
  const event = {
    type: "ticket.staff_replied" as const,
    eventId: `claim-${randomUUID()}`,
    userId: customer.user.id,
    occurredAt: new Date().toISOString(),
    ticketId: "01JTICKET",
    subject: "Opening hours",
    message: "We have changed them.",
  };
  await core.db.entities.mailedEvent
    .create({
      eventId: event.eventId,
      userId: event.userId,
      type: event.type,
      state: "sending",
      claimedAt: new Date().toISOString(),
      claimedBy: queueMessageId,
    })
    .go();
  return event;
}

const mailsFor = async (eventId: string) =>
  (await inbox()).filter((m) => m.headers["x-portal-event-id"] === eventId);

describe("a mail claim left by a killed delivery", () => {
  it("is taken over at once by the same queue message, and the mail goes out once", async () => {
    const event = await claimLeftBy("sqs-message-1");
    const outcome = await core.deliver.deliver(event, new Date(), { messageId: "sqs-message-1" });
    expect(outcome.outcome).toBe("sent");
    expect(await mailsFor(event.eventId)).toHaveLength(1);
    // Handled now: the message back once more sends nothing.
    const again = await core.deliver.deliver(event, new Date(), { messageId: "sqs-message-1" });
    expect(again).toEqual({ outcome: "duplicate" });
    expect(await mailsFor(event.eventId)).toHaveLength(1);
  });

  it("holds off another message for the same event until the claim is stale", async () => {
    const event = await claimLeftBy("sqs-message-1");
    await expect(
      core.deliver.deliver(event, new Date(), { messageId: "sqs-message-2" }),
    ).rejects.toBeInstanceOf(core.deliver.ClaimBusy);
    const later = new Date(Date.now() + core.deliver.STALE_CLAIM_MS + 1000);
    const outcome = await core.deliver.deliver(event, later, { messageId: "sqs-message-2" });
    expect(outcome.outcome).toBe("sent");
    expect(await mailsFor(event.eventId)).toHaveLength(1);
  });
});
