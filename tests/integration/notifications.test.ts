/**
 * Domain events become mails (docs/notifications.md), through the local stack end to end: the
 * API emits to the events queue with the SQS SDK, the queue feeds the notifications consumer,
 * which calls SESv2 SendEmail; the SES stand-in relays the message over SMTP to the local
 * inbox, which these tests read back (GET /__devstack/mail/messages.json).
 */
import { SendMessageCommand, SQSClient } from "@aws-sdk/client-sqs";
import { beforeAll, describe, expect, it } from "vitest";
import { apiAt } from "../support/api";
import { ONBOARDING_CUSTOMER } from "../support/customer-state";
import { type SignedIn, signUpCustomer, signUpStaff } from "../support/dev-identity";
import { eventsSettled, type Mail, mailsTo } from "../support/mail";
import {
  activities,
  emulator,
  env,
  makeFailingCardDefault,
  subscribedCustomer,
  url,
  webhooksDelivered,
} from "../support/payments";

const call = apiAt(url);

const unsubscribeUrl = (mail: Mail) =>
  /<([^>]+)>/.exec(mail.headers["list-unsubscribe"] ?? "")?.[1];

let staff: SignedIn;

beforeAll(async () => {
  staff = await signUpStaff({ firstName: "Sam", lastName: "Support" });
});

async function customerWithTicket() {
  const customer = await signUpCustomer({ firstName: "Ada" }, url, ONBOARDING_CUSTOMER);
  const ticket = await call(customer, "POST /api/tickets", {
    body: {
      title: "When will my site be ready?",
      description: "I submitted the questionnaire today and would like to know the timeline.",
      category: "website_request",
      priority: "medium",
    },
  });
  expect(ticket.status).toBe(201);
  const ticketId = String((ticket.body as { id: string }).id);
  const reply = (message: string, isInternal = false) =>
    call(staff, "POST /api/staff/customers/{userId}/tickets/{ticketId}/messages", {
      params: { userId: customer.user.id, ticketId },
      body: {
        message,
        isInternal,
      },
    });
  return { customer, ticketId, reply };
}

describe("a staff reply", () => {
  it("mails the customer once, with HTML and text parts, a link to the ticket and List-Unsubscribe", async () => {
    const { customer, ticketId, reply } = await customerWithTicket();
    expect((await reply("We start on Monday.\nYou will hear from us.")).status).toBe(201);

    const mails = await mailsTo(customer.user.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails as [Mail];
    expect(mail.subject).toBe("New reply to your ticket: When will my site be ready?");
    expect(mail.from).toContain("notifications@portal.localhost");
    expect(mail.text).toContain("Hi Ada,");
    expect(mail.text).toContain("> We start on Monday.");
    expect(mail.text).toContain(`${url}/support/${ticketId}`);
    expect(mail.html).toContain("We start on Monday.");
    expect(mail.html).toContain(`href="${url}/support/${ticketId}"`);
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(unsubscribeUrl(mail)).toMatch(
      new RegExp(`^${url}/api/notifications/unsubscribe\\?token=u1\\.`),
    );
    // The token is signed, not the user's id in the clear.
    expect(unsubscribeUrl(mail)).not.toContain(customer.user.id);
  });

  it("sends nothing for an internal note", async () => {
    const { customer, reply } = await customerWithTicket();
    expect((await reply("Customer seems anxious; prioritise.", true)).status).toBe(201);
    expect(await mailsTo(customer.user.email)).toHaveLength(0);
  });

  it("a status change mails too", async () => {
    const { customer, ticketId } = await customerWithTicket();
    const changed = await call(staff, "PATCH /api/staff/customers/{userId}/tickets/{ticketId}", {
      params: { userId: customer.user.id, ticketId },
      body: { status: "resolved" },
    });
    expect(changed.status).toBe(200);
    const [mail] = await mailsTo(customer.user.email);
    expect(mail?.subject).toBe("Your ticket is resolved: When will my site be ready?");
  });
});

describe("preferences and unsubscribing", () => {
  it("the unsubscribe link turns notification mails off; a forged token changes nothing", async () => {
    const { customer, reply } = await customerWithTicket();
    await reply("First answer.");
    const [first] = await mailsTo(customer.user.email);
    const link = unsubscribeUrl(first as Mail) as string;

    // Opening the link (as a mail scanner would) only shows the button.
    const shown = await fetch(link);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain('<form method="post">');
    expect((await call(customer, "GET /api/auth/user")).body).toMatchObject({
      emailNotifications: true,
    });

    const token = new URL(link).searchParams.get("token") as string;
    const [version, , signature] = token.split(".");
    const forged = `${version}.${Buffer.from(staff.user.id).toString("base64url")}.${signature}`;
    const refused = await fetch(`${url}/api/notifications/unsubscribe?token=${forged}`, {
      method: "POST",
    });
    expect(refused.status).toBe(400);

    // A mail client's one-click unsubscribe (RFC 8058).
    const done = await fetch(link, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("You are unsubscribed");
    expect((await call(customer, "GET /api/auth/user")).body).toMatchObject({
      emailNotifications: false,
    });

    await reply("Second answer.");
    expect(await mailsTo(customer.user.email)).toHaveLength(1);
  });

  it("the settings toggles store both preferences", async () => {
    const { customer, reply } = await customerWithTicket();
    const off = await call(customer, "PATCH /api/auth/user/preferences", {
      body: {
        emailNotifications: false,
        marketingEmails: true,
      },
    });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ emailNotifications: false, marketingEmails: true });
    await reply("Nobody will be mailed this.");
    expect(await mailsTo(customer.user.email)).toHaveLength(0);

    const bad = await call(customer, "PATCH /api/auth/user/preferences", { body: {} });
    expect(bad.status).toBe(400);
    const on = await call(customer, "PATCH /api/auth/user/preferences", {
      body: {
        emailNotifications: true,
      },
    });
    expect(on.body).toMatchObject({ emailNotifications: true, marketingEmails: true });
    await reply("This one is mailed.");
    expect(await mailsTo(customer.user.email)).toHaveLength(1);
  });
});

describe("billing mails", () => {
  it("a failed renewal mails the customer even with notifications off", async () => {
    const { customer, user } = await subscribedCustomer("Professional", "Bea");
    const email = String(user.email);
    // Subscribing is a transactional mail of its own.
    const welcome = await mailsTo(email);
    expect(welcome.map((m) => m.subject)).toEqual([
      "Welcome to Site Portal: your Professional plan is active",
    ]);

    expect(
      (await customer.call("PATCH", "/api/auth/user/preferences", { emailNotifications: false }))
        .status,
    ).toBe(200);
    await makeFailingCardDefault(customer);
    await emulator.renew(user.stripeSubscriptionId as string);
    await webhooksDelivered();
    expect((await activities(customer)).some((a) => a.type === "payment_failed")).toBe(true);

    const mails = (await mailsTo(email)).filter((m) => m.subject.includes("payment failed"));
    expect(mails).toHaveLength(1);
    const [mail] = mails as [Mail];
    expect(mail.subject).toBe("Your payment failed: please update your card");
    expect(mail.text).toContain("$99.00");
    expect(mail.text).toContain(`${url}/billing`);
    expect(mail.html).toContain(`href="${url}/billing"`);
  });
});

describe("redelivery", () => {
  it("the same event delivered twice sends one mail", async () => {
    const { customer, ticketId } = await customerWithTicket();
    const sqs = new SQSClient({});
    const event = {
      type: "ticket.staff_replied",
      eventId: `redelivery-${ticketId}`,
      userId: customer.user.id,
      occurredAt: new Date().toISOString(),
      ticketId,
      subject: "When will my site be ready?",
      message: "Sent once, delivered twice.",
    };
    for (let i = 0; i < 2; i++) {
      await sqs.send(
        new SendMessageCommand({
          QueueUrl: env.SST_Queue_queueUrl_Events,
          MessageBody: JSON.stringify(event),
        }),
      );
      await eventsSettled();
    }
    sqs.destroy();
    const mails = await mailsTo(customer.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.headers["x-portal-event-id"]).toBe(event.eventId);
  });
});
