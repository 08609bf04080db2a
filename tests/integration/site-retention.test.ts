/**
 * The end of a cancelled subscription (docs/billing.md "When a subscription ends"), through
 * the local stack: the Stripe emulator ends the subscription at its period end and sends
 * customer.subscription.deleted; the sites are suspended and the customer mailed the deletion
 * date; subscribing again restores them; the scheduled deletion job (the handler the hourly
 * rule invokes, called here with a time a week ahead instead of waiting) deletes the sites,
 * their screenshots, analytics, uptime history and domain claims once the grace period is over.
 */
import { describe, expect, it } from "vitest";
import { mailsTo } from "../support/mail";
import {
  type Customer,
  emulator,
  GOOD_CARD,
  makeFailingCardDefault,
  payCheckout,
  subscribedCustomer,
  url,
  useStackEnvDb,
  webhooksDelivered,
} from "../support/payments";

const MINUTE = 60_000;

/** The hourly job as the rule invokes it, at `now`. */
async function runDeletions(now: Date) {
  const { handler } = await import("@portal/functions/workers/site-deletions");
  return handler({ now: now.toISOString() });
}

/**
 * A paying customer with two sites, one live with a screenshot, a day of analytics, uptime
 * history and a verified custom domain: everything deletion must take.
 */
async function customerWithSites(firstName: string) {
  const { customer, user } = await subscribedCustomer("Starter", firstName);
  const db = await useStackEnvDb();
  const Blobs = await import("@portal/core/adapters/blobs");
  const { sitePrefix } = await import("@portal/core/sites/screenshots");
  const userId = customer.user.id;
  await db.entities.user.patch({ userId }).set({ hasCompletedQuestionnaire: true }).go();

  const domain = `${firstName.toLowerCase()}-${Date.now()}.example`;
  const { data: live } = await db.entities.site
    .create({
      userId,
      name: `${firstName}'s Bakery`,
      status: "live",
      liveUrl: "https://bakery.example/",
      customDomain: domain,
      domainStatus: "active",
    })
    .go();
  const { data: requested } = await db.entities.site
    .create({ userId, name: `${firstName}'s Shop`, status: "requested" })
    .go();
  const screenshotKey = `${sitePrefix(userId, live.siteId)}desktop.png`;
  await Blobs.putObject(screenshotKey, new Uint8Array([137, 80, 78, 71]), "image/png");
  await db.entities.site.patch({ userId, siteId: live.siteId }).set({ screenshotKey }).go();
  await db.entities.domainClaim
    .create({ domain, userId, siteId: live.siteId, verifiedAt: new Date().toISOString() })
    .go();
  await db.entities.analyticsDay
    .create({ userId, siteId: live.siteId, day: "2026-03-01", pageViews: 12 })
    .go();
  await db.entities.uptimeDay
    .create({ userId, siteId: live.siteId, day: "2026-03-01", checks: 288, failures: 0 })
    .go();
  await db.entities.siteMonitor.create({ userId, siteId: live.siteId }).go();
  return { customer, user, live, requested, domain, screenshotKey };
}

/** Cancels at period end in the portal, then lets the emulator reach the period end. */
async function endSubscription(customer: Customer, subscriptionId: string) {
  const canceled = await customer.call("POST", "/api/billing/cancel-subscription");
  expect(canceled.status).toBe(200);
  await emulator.renew(subscriptionId);
  await webhooksDelivered();
}

async function sitesOf(customer: Customer) {
  return customer.json<{ id: string; suspendedAt: string | null }[]>("GET", "/api/sites");
}

async function storedFor(userId: string, siteId: string, domain: string) {
  const db = await useStackEnvDb();
  const Blobs = await import("@portal/core/adapters/blobs");
  const { sitePrefix } = await import("@portal/core/sites/screenshots");
  const [analytics, uptime, monitor, claim, screenshots] = await Promise.all([
    db.entities.analyticsDay.query.byOwner({ userId, siteId }).go(),
    db.entities.uptimeDay.query.byOwner({ userId, siteId }).go(),
    db.entities.siteMonitor.get({ userId, siteId }).go(),
    db.entities.domainClaim.get({ domain }).go(),
    Blobs.listKeys(sitePrefix(userId, siteId)),
  ]);
  return {
    analytics: analytics.data.length,
    uptime: uptime.data.length,
    monitor: Boolean(monitor.data),
    claim: Boolean(claim.data),
    screenshots: screenshots.length,
  };
}

describe("the end of a cancelled subscription", () => {
  it("suspends the sites and mails the date; after the grace period the job deletes everything", async () => {
    const { customer, user, live, requested, domain } = await customerWithSites("Ines");
    const email = customer.user.email;
    expect(await storedFor(customer.user.id, live.siteId, domain)).toEqual({
      analytics: 1,
      uptime: 1,
      monitor: true,
      claim: true,
      screenshots: 1,
    });

    const before = Date.now();
    await endSubscription(customer, user.stripeSubscriptionId as string);
    const me = await customer.me();
    expect(me.subscriptionActive).toBe(false);
    // The customer's own cancellation: the dashboard shows no Payment Issue for it.
    expect(me.subscriptionEndedFor).toBe("cancelled");
    const deleteAfter = new Date(me.sitesDeleteAfter as string);
    // Seven days (the default grace period) after the end.
    expect(deleteAfter.getTime() - before).toBeGreaterThan(7 * 24 * 60 * MINUTE - MINUTE);
    expect(deleteAfter.getTime() - Date.now()).toBeLessThanOrEqual(7 * 24 * 60 * MINUTE);
    const suspended = await sitesOf(customer);
    expect(suspended.map((s) => s.id).sort()).toEqual([live.siteId, requested.siteId].sort());
    for (const site of suspended) expect(site.suspendedAt).not.toBeNull();

    const mails = await mailsTo(email);
    const ended = mails.filter((m) => m.subject.startsWith("Your subscription has ended"));
    expect(ended).toHaveLength(1);
    expect(ended[0]?.subject).toContain("your websites will be deleted on");
    expect(ended[0]?.text).toContain("Your 2 websites are now offline.");
    expect(ended[0]?.text).toContain("Subscribe again before then");

    // A suspended site counts no page views.
    const view = await fetch(`${url}/api/collect`, {
      method: "POST",
      headers: { "content-type": "text/plain;charset=UTF-8", origin: "https://bakery.example" },
      body: JSON.stringify({ site: live.siteId, path: "/" }),
    });
    expect(view.status).toBe(403);

    // A minute before the date: nothing is deleted.
    const early = await runDeletions(new Date(deleteAfter.getTime() - MINUTE));
    expect(early.deleted.map((d) => d.userId)).not.toContain(customer.user.id);
    expect(await sitesOf(customer)).toHaveLength(2);

    // A minute after it: both sites and everything stored for them.
    const due = await runDeletions(new Date(deleteAfter.getTime() + MINUTE));
    expect(due.deleted).toContainEqual({ userId: customer.user.id, sites: 2 });
    expect(await sitesOf(customer)).toEqual([]);
    expect(await storedFor(customer.user.id, live.siteId, domain)).toEqual({
      analytics: 0,
      uptime: 0,
      monitor: false,
      claim: false,
      screenshots: 0,
    });
    expect(await customer.me()).toMatchObject({
      sitesDeleteAfter: null,
      subscriptionEndedFor: null,
    });
    const deleted = (await mailsTo(email)).filter((m) => m.subject.includes("been deleted"));
    expect(deleted).toHaveLength(1);
    expect(deleted[0]?.text).toContain("Ines's Bakery, Ines's Shop");

    // The next run finds nothing more to do for this customer, and mails nothing.
    const again = await runDeletions(new Date(deleteAfter.getTime() + 60 * MINUTE));
    expect(again.deleted.map((d) => d.userId)).not.toContain(customer.user.id);
    expect((await mailsTo(email)).filter((m) => m.subject.includes("been deleted"))).toHaveLength(
      1,
    );
  });

  it("Stripe ending it over an unpaid invoice suspends the sites the same way, recorded as unpaid", async () => {
    const { customer, user } = await customerWithSites("Noor");
    // The renewal fails: the card whose charges fail becomes the default.
    await makeFailingCardDefault(customer);
    const subscriptionId = user.stripeSubscriptionId as string;
    await emulator.renew(subscriptionId);
    await webhooksDelivered();
    expect(await customer.me()).toMatchObject({
      subscriptionActive: false,
      sitesDeleteAfter: null,
    });

    // The last retry fails and Stripe cancels the subscription.
    await emulator.exhaustRetries(subscriptionId);
    await webhooksDelivered();
    const me = await customer.me();
    expect(me).toMatchObject({ subscriptionActive: false, subscriptionEndedFor: "unpaid" });
    expect(me.sitesDeleteAfter).toEqual(expect.any(String));
    for (const site of await sitesOf(customer)) expect(site.suspendedAt).not.toBeNull();

    // Subscribing again restores the sites and forgets how the last one ended.
    const again = await customer.json<{ paymentUrl: string }>("POST", "/api/create-subscription", {
      planName: "Starter",
    });
    expect((await payCheckout(again.paymentUrl, GOOD_CARD)).status).toBe(303);
    await webhooksDelivered();
    expect(await customer.me()).toMatchObject({
      subscriptionActive: true,
      sitesDeleteAfter: null,
      subscriptionEndedFor: null,
    });
  });

  it("a redelivered end event keeps the first date and sends no second mail", async () => {
    const { customer, user } = await customerWithSites("Jon");
    expect((await customer.call("POST", "/api/billing/cancel-subscription")).status).toBe(200);
    await webhooksDelivered();
    const customerId = user.stripeCustomerId as string;
    await emulator.hold(customerId);
    await emulator.renew(user.stripeSubscriptionId as string);
    const { released } = (await emulator.release(customerId, "original")) as {
      released: { id: string; type: string }[];
    };
    await webhooksDelivered();
    const first = (await customer.me()).sitesDeleteAfter;
    expect(first).toEqual(expect.any(String));

    // Stripe's retry of the same event, later.
    const end = released.find((e) => e.type === "customer.subscription.deleted");
    expect(end).toBeDefined();
    await emulator.resend(end?.id as string);
    await webhooksDelivered();
    expect((await customer.me()).sitesDeleteAfter).toBe(first);
    const ended = (await mailsTo(customer.user.email)).filter((m) =>
      m.subject.startsWith("Your subscription has ended"),
    );
    expect(ended).toHaveLength(1);
  });

  it("subscribing again within the grace period restores the sites, and the job deletes nothing", async () => {
    const { customer, user, live, domain } = await customerWithSites("Kim");
    await endSubscription(customer, user.stripeSubscriptionId as string);
    const deleteAfter = new Date((await customer.me()).sitesDeleteAfter as string);

    const again = await customer.json<{ paymentUrl: string }>("POST", "/api/create-subscription", {
      planName: "Starter",
    });
    expect((await payCheckout(again.paymentUrl, GOOD_CARD)).status).toBe(303);
    await webhooksDelivered();
    const me = await customer.me();
    expect(me.subscriptionActive).toBe(true);
    expect(me.sitesDeleteAfter).toBeNull();
    for (const site of await sitesOf(customer)) expect(site.suspendedAt).toBeNull();
    const back = (await mailsTo(customer.user.email)).filter((m) =>
      m.subject.startsWith("Welcome back"),
    );
    expect(back).toHaveLength(1);

    const run = await runDeletions(new Date(deleteAfter.getTime() + MINUTE));
    expect(run.deleted.map((d) => d.userId)).not.toContain(customer.user.id);
    expect(await sitesOf(customer)).toHaveLength(2);
    expect((await storedFor(customer.user.id, live.siteId, domain)).screenshots).toBe(1);
  });

  it("a resubscription whose webhooks were lost: the job asks Stripe and restores instead of deleting", async () => {
    const { customer, user } = await customerWithSites("Lee");
    await endSubscription(customer, user.stripeSubscriptionId as string);
    const deleteAfter = new Date((await customer.me()).sitesDeleteAfter as string);

    const customerId = user.stripeCustomerId as string;
    await emulator.hold(customerId);
    const again = await customer.json<{ paymentUrl: string }>("POST", "/api/create-subscription", {
      planName: "Starter",
    });
    expect((await payCheckout(again.paymentUrl, GOOD_CARD)).status).toBe(303);
    await emulator.release(customerId, "drop");
    // The record still says suspended: the webhooks that would have said otherwise are lost.
    const db = await useStackEnvDb();
    const stored = await db.entities.user.get({ userId: customer.user.id }).go();
    expect(stored.data?.sitesSuspendedAt).toBeDefined();

    const run = await runDeletions(new Date(deleteAfter.getTime() + MINUTE));
    expect(run.deleted.map((d) => d.userId)).not.toContain(customer.user.id);
    expect(run.skipped).toContain(customer.user.id);
    const sites = await sitesOf(customer);
    expect(sites).toHaveLength(2);
    for (const site of sites) expect(site.suspendedAt).toBeNull();
    expect((await customer.me()).subscriptionActive).toBe(true);
  });
});
