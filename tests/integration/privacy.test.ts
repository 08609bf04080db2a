/**
 * The customer's own data and offboarding (docs/privacy.md) through the local stack: the
 * identity provider's signed webhook (a forged or unsigned one is refused; a deleted or banned
 * identity's keys answer 401 and its endpoints are off, once per event id), staff revoking a
 * key (audited), the export (built by its job, the customer's data and only theirs, no secret,
 * mailed with a link that expires), and the deletion of an account (refused while a
 * subscription runs, then everything erased but the Stripe customer).
 */
import { sign } from "@portal/core/developer/signature";
import { strFromU8, unzipSync } from "fflate";
import { ulid } from "ulid";
import { describe, expect, it } from "vitest";
import { apiAt } from "../support/api";
import {
  bearer,
  type SignedIn,
  signUp,
  signUpCustomer,
  signUpStaff,
} from "../support/dev-identity";
import { mailsTo } from "../support/mail";
import {
  env,
  newCustomer,
  stripe,
  subscribedCustomer,
  url,
  useStackEnvDb,
  webhooksDelivered,
} from "../support/payments";
import { until } from "../support/until";

const db = await useStackEnvDb();
const Blobs = await import("@portal/core/adapters/blobs");

const webhookSecret = env.SST_Secret_value_CLERK_WEBHOOK_SECRET ?? "";
const clerkSecretKey = env.SST_Secret_value_CLERK_SECRET_KEY ?? "";
const call = apiAt(url);

async function createKey(customer: SignedIn, name = "CI") {
  const answer = await call(customer, "POST /api/developer/keys", {
    body: { name, permission: "write" },
  });
  expect(answer.status).toBe(201);
  return answer.body as { key: string; apiKey: { id: string } };
}

const withKey = (key: string) => fetch(`${url}/api/sites`, { headers: bearer(key) });

/** An endpoint written straight to the table: its URL check is the developer suite's business. */
async function endpointFor(userId: string, marker: string) {
  const { data } = await db.entities.webhook
    .create({
      userId,
      url: `https://hooks.example.com/${marker}`,
      events: ["site.live"],
      secret: `whsec_${marker}`,
    })
    .go();
  await db.entities.webhookDelivery
    .create({
      userId,
      webhookId: data.webhookId,
      eventType: "site.live",
      payload: { marker },
      responseBody: marker,
    })
    .go();
  return data.webhookId;
}

function clerkDelivery(type: string, data: Record<string, unknown>, secret = webhookSecret) {
  const id = `msg_${ulid()}`;
  const timestamp = Math.floor(Date.now() / 1000);
  const body = JSON.stringify({ type, object: "event", data, timestamp: Date.now() });
  return {
    id,
    send: () =>
      fetch(`${url}/api/webhooks/clerk`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "svix-id": id,
          "svix-timestamp": String(timestamp),
          "svix-signature": sign(secret, id, timestamp, body),
        },
        body,
      }),
  };
}

describe("POST /api/webhooks/clerk", () => {
  it("refuses unsigned and forged deliveries, and the keys keep working", async () => {
    const customer = await signUpCustomer();
    const { key } = await createKey(customer);
    const body = JSON.stringify({ type: "user.deleted", data: { id: customer.user.id } });
    const unsigned = await fetch(`${url}/api/webhooks/clerk`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    expect(unsigned.status).toBe(400);
    expect(((await unsigned.json()) as { error: { code: string } }).error.code).toBe(
      "invalid_signature",
    );
    const forged = await clerkDelivery(
      "user.deleted",
      { id: customer.user.id, object: "user", deleted: true },
      `whsec_${Buffer.from("not the signing secret at all").toString("base64")}`,
    ).send();
    expect(forged.status).toBe(400);
    expect((await withKey(key)).status).toBe(200);
  });

  it("a banned identity loses its keys and endpoints, once per event id", async () => {
    const customer = await signUpCustomer();
    const { key } = await createKey(customer);
    const webhookId = await endpointFor(customer.user.id, "banned");
    expect((await withKey(key)).status).toBe(200);

    const delivery = clerkDelivery("user.updated", { id: customer.user.id, banned: true });
    const first = await delivery.send();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, outcome: "handled" });
    expect((await withKey(key)).status).toBe(401);
    const { data: endpoint } = await db.entities.webhook
      .get({ userId: customer.user.id, webhookId })
      .go({ consistent: true });
    expect(endpoint?.isActive).toBe(false);
    expect(endpoint?.disabledReason).toMatch(/banned/);

    // Svix retries carry the same id: handled once.
    expect(await (await delivery.send()).json()).toEqual({ received: true, outcome: "duplicate" });
    // An ordinary profile change revokes nothing.
    const other = await signUpCustomer();
    const { key: otherKey } = await createKey(other);
    const update = await clerkDelivery("user.updated", { id: other.user.id, banned: false }).send();
    expect(await update.json()).toEqual({ received: true, outcome: "ignored" });
    expect((await withKey(otherKey)).status).toBe(200);
  });

  it("deleting the identity at the provider signs a user.deleted that revokes the keys", async () => {
    const customer = await signUpCustomer();
    const { key } = await createKey(customer);
    const bystander = await signUpCustomer();
    const { key: bystanderKey } = await createKey(bystander);

    // The Backend API call Clerk's dashboard (or our own deletion) makes.
    const refused = await fetch(`${url}/dev-identity/v1/users/${customer.user.id}`, {
      method: "DELETE",
    });
    expect(refused.status).toBe(401);
    const deleted = await fetch(`${url}/dev-identity/v1/users/${customer.user.id}`, {
      method: "DELETE",
      headers: bearer(clerkSecretKey),
    });
    expect(deleted.status).toBe(200);
    await until(
      async () => ((await withKey(key)).status === 401 ? true : undefined),
      "the deleted user's key to be refused",
    );
    expect((await withKey(bystanderKey)).status).toBe(200);
  });
});

describe("staff and a customer's API keys", () => {
  it("lists them without secrets and revokes one, with an audit entry", async () => {
    const customer = await signUpCustomer();
    const { key, apiKey } = await createKey(customer, "Zapier");
    const staff = await signUpStaff();
    const listed = await call(staff, "GET /api/staff/customers/{userId}/api-keys", {
      params: { userId: customer.user.id },
    });
    expect(listed.status).toBe(200);
    const keys = listed.body as Record<string, unknown>[];
    expect(keys).toEqual([
      expect.objectContaining({ id: apiKey.id, name: "Zapier", status: "active" }),
    ]);
    expect(JSON.stringify(keys)).not.toContain(key);
    expect(JSON.stringify(keys)).not.toContain("keyHash");

    // A customer cannot use the staff route on their own keys.
    const keyPath = `/api/staff/customers/${customer.user.id}/api-keys/${apiKey.id}`;
    const asCustomer = await call(customer, "DELETE", keyPath);
    expect(asCustomer.status).toBe(403);

    const revoked = await call(staff, "DELETE", keyPath);
    expect(revoked.status).toBe(200);
    expect(revoked.body.status).toBe("revoked");
    expect((await withKey(key)).status).toBe(401);

    const log = await call(staff, "GET /api/staff/audit-log", {
      query: { customerId: customer.user.id },
    });
    const entries = log.body.items as Record<string, unknown>[];
    expect(entries).toEqual([
      expect.objectContaining({
        action: "apiKey.revoke",
        targetType: "apiKey",
        targetId: apiKey.id,
        actorId: staff.user.id,
        after: { status: "revoked" },
      }),
    ]);
  });
});

/** A customer with one of everything, each carrying `marker` where it can. */
async function customerWithData(marker: string) {
  const customer = await signUpCustomer({ firstName: marker });
  const userId = customer.user.id;
  const { data: site } = await db.entities.site
    .create({ userId, name: `Site ${marker}`, status: "live" })
    .go();
  const screenshotKey = `users/${userId}/sites/${site.siteId}/shot-${marker}.png`;
  await Blobs.putObject(screenshotKey, new TextEncoder().encode(`png ${marker}`), "image/png");
  await db.entities.site.patch({ userId, siteId: site.siteId }).set({ screenshotKey }).go();
  const ticket = await call(customer, "POST /api/tickets", {
    body: {
      title: `Question ${marker}`,
      description: `Please help with ${marker}, thank you very much`,
      category: "general",
      priority: "low",
    },
  });
  expect(ticket.status).toBe(201);
  const { id: ticketId } = ticket.body as { id: string };
  const reply = await call(customer, "POST /api/tickets/{id}/messages", {
    params: { id: ticketId },
    body: {
      message: `More about ${marker}`,
    },
  });
  expect(reply.status).toBe(201);
  // A staff note on the ticket is the team's, never the customer's: not in the export.
  await db.entities.ticketMessage
    .create({
      userId,
      ticketId,
      message: `Internal note ${marker}`,
      isStaffReply: true,
      isInternal: true,
    })
    .go();
  await db.entities.analyticsDay
    .create({ userId, siteId: site.siteId, day: "2026-11-20", pageViews: 12, visitors: 3 })
    .go();
  const { key } = await createKey(customer, `Key ${marker}`);
  await endpointFor(userId, marker);
  return { customer, userId, siteId: site.siteId, key, screenshotKey };
}

describe("export my data", () => {
  it("builds one zip of the customer's data and only theirs, and mails an expiring link", async () => {
    const mine = await customerWithData("Amaranth");
    const theirs = await customerWithData("Zinnia");
    const exportCall = (method: string) => call(mine.customer, method, "/api/account/export");

    expect((await exportCall("GET")).body).toEqual({ export: null });
    const requested = await exportCall("POST");
    expect(requested.status).toBe(202);
    // One at a time: the second request while the first is queued or running is refused.
    const again = await exportCall("POST");
    if (again.status !== 202) expect(again.status).toBe(429);

    const ready = await until(async () => {
      const { export: current } = (await exportCall("GET")).body as {
        export: { status: string; downloadUrl: string | null; availableUntil: string | null };
      };
      return current.status === "ready" ? current : undefined;
    }, "the export to be ready");
    expect(ready.downloadUrl).toContain("X-Amz-Expires=900");
    expect(ready.downloadUrl).toContain("response-content-disposition=attachment");
    expect(Date.parse(ready.availableUntil ?? "")).toBeGreaterThan(Date.now() + 6 * 86_400_000);

    const download = await fetch(ready.downloadUrl as string);
    expect(download.status).toBe(200);
    const files = unzipSync(new Uint8Array(await download.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual([
      "data.json",
      `screenshots/${mine.siteId}/shot-Amaranth.png`,
    ]);
    expect(strFromU8(files[`screenshots/${mine.siteId}/shot-Amaranth.png`] as Uint8Array)).toBe(
      "png Amaranth",
    );
    const text = strFromU8(files["data.json"] as Uint8Array);
    const data = JSON.parse(text);
    expect(data.profile.id).toBe(mine.userId);
    expect(data.sites.map((s: { name: string }) => s.name)).toEqual(["Site Amaranth"]);
    expect(data.tickets[0].title).toBe("Question Amaranth");
    expect(data.tickets[0].messages.map((m: { message: string }) => m.message)).toContain(
      "More about Amaranth",
    );
    expect(data.analyticsDays).toHaveLength(1);
    expect(data.apiKeys).toEqual([expect.objectContaining({ name: "Key Amaranth" })]);
    expect(data.webhooks[0].url).toBe("https://hooks.example.com/Amaranth");
    expect(data.webhooks[0].deliveries).toHaveLength(1);
    expect(data.invoices).toEqual([]);
    // No secret: neither the key, its hash, nor the endpoint's signing secret.
    expect(text).not.toContain(mine.key);
    expect(text).not.toContain("keyHash");
    expect(text).not.toContain("whsec_");
    expect(text).not.toContain("Internal note");
    // Nothing of the other customer's.
    expect(text).not.toContain("Zinnia");
    expect(text).not.toContain(theirs.userId);
    expect(text).not.toContain(theirs.siteId);

    const [mail] = await until(async () => {
      const mails = await mailsTo(mine.customer.user.email);
      return mails.some((m) => m.subject === "Your data export is ready") ? mails : undefined;
    }, "the export mail");
    expect(mail?.subject).toBe("Your data export is ready");
    const link = /https?:\/\/\S+X-Amz-Expires=3600\S*/.exec(mail?.text ?? "")?.[0];
    expect(link).toBeDefined();
    expect((await fetch(link as string)).status).toBe(200);
    // The other customer was sent nothing.
    expect(
      (await mailsTo(theirs.customer.user.email)).filter((m) => /export/i.test(m.subject)),
    ).toEqual([]);
  });

  it("answers 429 while an export is already queued", async () => {
    const customer = await signUpCustomer();
    await db.entities.dataExport
      .create({
        userId: customer.user.id,
        exportId: ulid(),
        status: "running",
        requestedAt: new Date().toISOString(),
      })
      .go();
    const answer = await call(customer, "POST /api/account/export");
    expect(answer.status).toBe(429);
    expect(answer.error?.message).toMatch(/already being prepared/);
  });
});

/** Waits until the account's erasure job has removed the user record and the identity. */
async function erased(userId: string, email: string) {
  await until(async () => {
    const { data } = await db.entities.user.get({ userId }).go({ consistent: true });
    if (data) return undefined;
    const signIn = await fetch(`${url}/dev-identity/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "correct horse battery" }),
    });
    return signIn.status === 401 ? true : undefined;
  }, "the account to be erased");
}

describe("delete my account", () => {
  it("is refused while a subscription runs, then erases everything but the Stripe customer", async () => {
    const { customer, user } = await subscribedCustomer("Professional", "Delia");
    const userId = customer.user.id;
    const stripeCustomerId = user.stripeCustomerId as string;
    const { data: site } = await db.entities.site
      .create({ userId, name: "Doomed site", status: "live" })
      .go();
    const shot = `users/${userId}/sites/${site.siteId}/shot.png`;
    await Blobs.putObject(shot, new Uint8Array([1, 2, 3]), "image/png");
    await endpointFor(userId, "doomed");
    await db.entities.ticket
      .create({ userId, title: "Old question", description: "Long ago" })
      .go();
    const bystander = await customerWithData("Bystander");

    const refused = await customer.call("DELETE", "/api/account", { confirmation: "DELETE" });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /Cancel it on the Billing page first/,
    );
    const unconfirmed = await customer.call("DELETE", "/api/account", { confirmation: "delete" });
    expect(unconfirmed.status).toBe(400);

    await stripe.subscriptions.cancel(user.stripeSubscriptionId as string);
    await webhooksDelivered();
    // A key made now must die with the account.
    const key = await customer.json<{ key: string }>("POST", "/api/developer/keys", {
      name: "late",
      permission: "read",
    });

    const deleted = await customer.call("DELETE", "/api/account", { confirmation: "DELETE" });
    expect(deleted.status).toBe(202);
    expect(await deleted.json()).toEqual({ deleting: true, stripeCustomerKept: stripeCustomerId });
    // The key is refused at once; the erasure runs on the PrivacyJobs queue.
    expect((await withKey(key?.key ?? "")).status).toBe(401);
    await erased(userId, customer.user.email);

    const { data: left } = await db.collections.customer({ userId }).go({ pages: "all" });
    expect(Object.values(left).flat()).toEqual([]);
    // The key cap's counter, kept beside the partition, went with it.
    const { documentClient, tableName } = await import("@portal/core/db/client");
    const { GetCommand } = await import("@aws-sdk/lib-dynamodb");
    const counter = await documentClient().send(
      new GetCommand({
        TableName: tableName(),
        Key: { pk: `$portal#developerCounts#userId_${userId}`, sk: "$developerCounts" },
        ConsistentRead: true,
      }),
    );
    expect(counter.Item).toBeUndefined();
    expect(await Blobs.listKeys(`users/${userId}/`)).toEqual([]);
    const { data: claim } = await db.entities.emailClaim
      .get({ email: customer.user.email })
      .go({ consistent: true });
    expect(claim).toBeNull();
    expect((await withKey(key?.key ?? "")).status).toBe(401);
    // The identity is gone: no token, no sign-in.
    const signIn = await fetch(`${url}/dev-identity/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: customer.user.email, password: "correct horse battery" }),
    });
    expect(signIn.status).toBe(401);
    // The Stripe customer stays for the provider's accounting.
    const kept = await stripe.customers.retrieve(stripeCustomerId);
    expect((kept as { deleted?: boolean }).deleted).not.toBe(true);
    // The other customer's data is untouched.
    expect((await withKey(bystander.key)).status).toBe(200);
    expect(await Blobs.listKeys(bystander.screenshotKey)).toEqual([bystander.screenshotKey]);
    // The address may sign up again.
    await signUp({ email: customer.user.email });
  });

  it("refuses a customer whose plan is on record as active", async () => {
    const customer = await signUpCustomer();
    const answer = await call(customer, "DELETE /api/account", {
      body: { confirmation: "DELETE" },
    });
    expect(answer.status).toBe(409);
  });

  it("deletes a customer who never subscribed", async () => {
    const customer = await newCustomer("Nora");
    await customer.me();
    const answer = await customer.call("DELETE", "/api/account", { confirmation: "DELETE" });
    expect(answer.status).toBe(202);
    expect(await answer.json()).toEqual({ deleting: true, stripeCustomerKept: null });
    await erased(customer.user.id, customer.user.email);
    const signIn = await fetch(`${url}/dev-identity/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: customer.user.email, password: "correct horse battery" }),
    });
    expect(signIn.status).toBe(401);
  });
});
