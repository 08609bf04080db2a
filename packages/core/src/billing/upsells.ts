/**
 * The SEO performance package (docs/pricing.md, "The SEO performance package"): $49 once per site,
 * for a site the caller owns. The server sets the amount; the upsell record is the purchase,
 * marked bought when Stripe reports the payment succeeded.
 */
import { requireEntitlement } from "../access/entitlements";
import * as Payments from "../adapters/payments";
import {
  type CreatePaymentIntentResponse,
  SEO_UPSELL_PREFIX,
  SEO_UPSELL_PRICE_CENTS,
} from "../contracts/billing";
import { isConditionFailure } from "../db/errors";
import { db, isId, toPrice, type UpsellItem } from "../db/service";
import { ConflictError, NotFoundError } from "../errors";
import { recordOnce } from "./activity-log";
import { ensureCustomer, loadUser } from "./customers";

export const SEO_UPSELL_TITLE = "SEO Performance Package";
const SEO_UPSELL_DESCRIPTION =
  "Meta tag optimization, performance optimization, content enhancement and local SEO setup; expected score 90+/100.";

/** Intents that can still be paid with the client secret already handed out. */
const PAYABLE = new Set(["requires_payment_method", "requires_confirmation", "requires_action"]);

/**
 * One upsell record per site and package, keyed "seo-<siteId>" (the client's upsellId): a
 * double click or a retry finds the record the first call made instead of making another.
 */
async function upsellFor(userId: string, siteId: string): Promise<UpsellItem> {
  const upsellId = `${SEO_UPSELL_PREFIX}${siteId}`;
  try {
    const { data } = await db.entities.upsell
      .create({
        userId,
        upsellId,
        siteId,
        type: "seo",
        title: SEO_UPSELL_TITLE,
        description: SEO_UPSELL_DESCRIPTION,
        price: toPrice(SEO_UPSELL_PRICE_CENTS / 100),
      })
      .go();
    return data;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const { data } = await db.entities.upsell.get({ userId, upsellId }).go({ consistent: true });
    if (!data) throw error;
    return data;
  }
}

export async function createSeoPaymentIntent(
  userId: string,
  upsellId: string,
): Promise<CreatePaymentIntentResponse> {
  const siteId = upsellId.slice(SEO_UPSELL_PREFIX.length);
  if (!upsellId.startsWith(SEO_UPSELL_PREFIX) || !isId(siteId)) {
    throw new NotFoundError("Site not found");
  }
  const { data: site } = await db.entities.site.get({ userId, siteId }).go();
  if (!site) throw new NotFoundError("Site not found");
  // A purchase for a site the team hosts: only a paid-up customer, checked before anything is
  // stored (the route checks it too; this holds whoever calls).
  const user = await loadUser(userId);
  requireEntitlement(user, "activeSubscription");

  const upsell = await upsellFor(userId, siteId);
  if (upsell.isPurchased) {
    throw new ConflictError("The SEO package is already purchased for this site.");
  }
  const answer = (clientSecret: string | null): CreatePaymentIntentResponse => {
    if (!clientSecret) throw new Error("Stripe returned a PaymentIntent without a client secret");
    return { clientSecret, upsellId: upsell.upsellId, amount: SEO_UPSELL_PRICE_CENTS };
  };

  if (upsell.paymentIntentId) {
    const existing = await Payments.retrievePaymentIntent(upsell.paymentIntentId);
    if (existing.status === "succeeded") {
      // Paid, and the webhook has not landed yet: record it now rather than sell it twice.
      await markUpsellPurchased(existing.id);
      throw new ConflictError("The SEO package is already purchased for this site.");
    }
    if (PAYABLE.has(existing.status)) return answer(existing.client_secret);
  }

  const customerId = await ensureCustomer(user);
  const intent = await Payments.createPaymentIntent(
    {
      amount: SEO_UPSELL_PRICE_CENTS,
      currency: "usd",
      customerId,
      description: `${SEO_UPSELL_TITLE}: ${site.name}`,
      metadata: { kind: "seo_upsell", userId, upsellId: upsell.upsellId, siteId },
    },
    // A retry of this very step reuses the intent; a canceled one is replaced by a new key.
    `upsell-${upsell.upsellId}-after-${upsell.paymentIntentId ?? "none"}`,
  );
  await db.entities.upsell
    .patch({ userId, upsellId: upsell.upsellId })
    .set({ paymentIntentId: intent.id })
    .go();
  return answer(intent.client_secret);
}

/**
 * Marks the upsell a succeeded PaymentIntent paid for, once, and records the activity once.
 * Reads the intent from Stripe rather than trusting the event; safe to run again.
 */
export async function markUpsellPurchased(paymentIntentId: string): Promise<void> {
  const intent = await Payments.retrievePaymentIntent(paymentIntentId);
  if (intent.status !== "succeeded" || intent.metadata.kind !== "seo_upsell") return;
  const { userId, upsellId } = intent.metadata;
  if (!userId || !upsellId) return;
  const { data: upsell } = await db.entities.upsell
    .get({ userId, upsellId })
    .go({ consistent: true });
  if (!upsell || intent.amount_received < SEO_UPSELL_PRICE_CENTS) return;
  const { data: site } = upsell.siteId
    ? await db.entities.site.get({ userId, siteId: upsell.siteId }).go()
    : { data: null };
  // Activity first, under an id derived from the payment: a retry after a failure between the
  // two writes finds it there, and the flag below is what stops further work.
  await recordOnce(
    userId,
    { key: `upsell-purchased:${intent.id}`, atSeconds: intent.created },
    {
      type: "upsell_purchased",
      description: `${SEO_UPSELL_TITLE} purchased${site ? ` for ${site.name}` : ""}`,
      siteId: upsell.siteId,
    },
  );
  if (upsell.isPurchased) return;
  try {
    await db.entities.upsell
      .patch({ userId, upsellId })
      .set({ isPurchased: true, purchasedAt: new Date().toISOString(), paymentIntentId: intent.id })
      .where(({ isPurchased }, { eq }) => eq(isPurchased, false))
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
