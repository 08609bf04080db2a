/**
 * The link between a user and their Stripe customer, and the user's subscription fields kept
 * in step with Stripe. Stripe is the source of truth: every sync re-reads the customer's
 * subscriptions, so events handled late, twice or out of order still end in Stripe's state.
 */
import * as Payments from "../adapters/payments";
import { isConditionFailure } from "../db/errors";
import { db, type UserItem } from "../db/service";
import { NotFoundError } from "../errors";
import { subscriptionActivated } from "./notify";
import { restoreSites } from "./site-retention";
import { currentSubscription, userFieldsFor } from "./subscription-state";

export async function loadUser(userId: string): Promise<UserItem> {
  const { data } = await db.entities.user.get({ userId }).go({ consistent: true });
  if (!data) throw new NotFoundError("User not found");
  return data;
}

export async function findUser(userId: string): Promise<UserItem | null> {
  const { data } = await db.entities.user.get({ userId }).go({ consistent: true });
  return data;
}

function displayName(user: UserItem) {
  return [user.firstName, user.lastName].filter(Boolean).join(" ") || undefined;
}

/**
 * The user's Stripe customer, created on first need. The idempotency key makes concurrent
 * first calls get one customer from Stripe; the conditional write keeps the first one stored.
 */
export async function ensureCustomer(user: UserItem): Promise<string> {
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const customer = await Payments.createCustomer(
    { userId: user.userId, email: user.email, name: displayName(user) },
    `customer-for-${user.userId}`,
  );
  return linkCustomer(user.userId, customer.id);
}

/** Stores the customer on the user unless one is stored already; answers the stored one. */
export async function linkCustomer(userId: string, customerId: string): Promise<string> {
  try {
    await db.entities.user
      .patch({ userId })
      .set({ stripeCustomerId: customerId })
      .where(({ stripeCustomerId }, { notExists }) => notExists(stripeCustomerId))
      .go();
    return customerId;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const user = await loadUser(userId);
    if (!user.stripeCustomerId) throw error;
    return user.stripeCustomerId;
  }
}

/**
 * The user a Stripe customer belongs to: our customer index first, then the user id our
 * checkout wrote into the customer's metadata (the index is eventually consistent, and the
 * write that links them may not have landed when Stripe's first event does).
 */
export async function userForCustomer(customerId: string): Promise<UserItem | null> {
  const { data } = await db.entities.user.query
    .byStripeCustomer({ stripeCustomerId: customerId })
    .go();
  const indexed = data[0];
  if (indexed) return findUser(indexed.userId);
  const customer = await Payments.retrieveCustomer(customerId);
  const userId = customer?.metadata?.userId;
  if (!userId) return null;
  const user = await findUser(userId);
  if (!user) return null;
  if (!user.stripeCustomerId) {
    await linkCustomer(user.userId, customerId);
    return loadUser(user.userId);
  }
  // The customer says this user, the user says another customer: not ours to merge.
  return user.stripeCustomerId === customerId ? user : null;
}

export interface Synced {
  user: UserItem;
  current: ReturnType<typeof currentSubscription<Payments.Stripe.Subscription>>;
}

/**
 * Re-reads the customer's subscriptions from Stripe and stores what the current one says.
 * The write is conditional on the record not having changed since it was read (updatedAt),
 * so two syncs racing cannot leave the older Stripe reading stored; the loser starts over.
 */
export async function syncCustomer(userId: string, customerId: string): Promise<Synced> {
  for (let attempt = 0; ; attempt++) {
    const user = await loadUser(userId);
    const subscriptions = await Payments.listSubscriptions(customerId);
    const current = currentSubscription(subscriptions, Payments.planForPriceId);
    const fields = current ? userFieldsFor(current) : { subscriptionActive: false };
    const unchanged = Object.entries(fields).every(
      ([key, value]) => user[key as keyof UserItem] === value,
    );
    if (unchanged) {
      // A restore that failed part-way finishes here (site-retention.ts).
      if (user.subscriptionActive && user.sitesSuspendedAt) await restoreSites(user);
      return { user, current };
    }
    try {
      const { data } = await db.entities.user
        .patch({ userId })
        .set(fields)
        .where(({ updatedAt }, { eq }) => eq(updatedAt, user.updatedAt))
        .go({ response: "all_new" });
      if (current && fields.subscriptionActive && !user.subscriptionActive) {
        await subscriptionActivated(userId, current);
      }
      // Subscribed again within the grace period: the suspended sites come back.
      if (data.subscriptionActive && data.sitesSuspendedAt) await restoreSites(data);
      return { user: data, current };
    } catch (error) {
      if (!isConditionFailure(error) || attempt >= 4) throw error;
    }
  }
}
