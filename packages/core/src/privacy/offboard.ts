/**
 * Offboarding (docs/privacy.md): when a customer's identity is deleted or banned at the
 * identity provider, nothing may keep acting for them. Their session tokens stop being issued
 * there; what the portal holds itself is revoked here: every API key, and every webhook
 * endpoint is turned off (with the reason, so a reinstated customer sees why).
 */
import { recordTombstone } from "../adapters/tombstones";
import * as EventLog from "../billing/event-log";
import { db } from "../db/service";
import {
  applyMembershipEvent,
  isMembershipEvent,
  type MembershipEventData,
} from "../team/identity-events";
import { leaveEveryAccount } from "./leave-accounts";

export const IDENTITY_DELETED = "The account's identity was deleted";
export const IDENTITY_BANNED = "The account's identity was banned";

/** Revokes the customer's keys and turns their endpoints off; safe to run again. */
export async function revokeAccess(userId: string, reason: string, now = new Date()) {
  const [{ data: keys }, { data: endpoints }] = await Promise.all([
    db.entities.apiKey.query.byOwner({ userId }).go({ pages: "all" }),
    db.entities.webhook.query.byOwner({ userId }).go({ pages: "all" }),
  ]);
  const activeKeys = keys.filter((key) => key.isActive);
  const activeEndpoints = endpoints.filter((endpoint) => endpoint.isActive);
  for (const key of activeKeys) {
    await db.entities.apiKey
      .patch({ userId, apiKeyId: key.apiKeyId })
      .set({ isActive: false })
      .go({ response: "none" });
  }
  for (const endpoint of activeEndpoints) {
    await db.entities.webhook
      .patch({ userId, webhookId: endpoint.webhookId })
      .set({ isActive: false, disabledReason: reason, disabledAt: now.toISOString() })
      .go({ response: "none" });
  }
  return { keysRevoked: activeKeys.length, endpointsDisabled: activeEndpoints.length };
}

/** The part of Clerk's user events this reads (the payload is Clerk's User or DeletedObject). */
export interface IdentityEvent {
  type: string;
  /** Clerk's User, DeletedObject, or OrganizationMembership (docs/team.md). */
  data: { id?: string; banned?: boolean } & MembershipEventData;
}

/** What an identity event asks of us: revoke for this reason, or nothing. */
export function revocationFor(event: IdentityEvent): { userId: string; reason: string } | null {
  const userId = event.data.id;
  if (!userId) return null;
  if (event.type === "user.deleted") return { userId, reason: IDENTITY_DELETED };
  if (event.type === "user.updated" && event.data.banned === true) {
    return { userId, reason: IDENTITY_BANNED };
  }
  return null;
}

/** How long one delivery may hold an event before another may take it over. */
const EVENT_LEASE_MS = 2 * 60_000;

/**
 * Handles one verified delivery of the identity provider's webhook, once per event id (Svix's
 * `svix-id`, the same across its retries): recorded in the processed-events log beside
 * Stripe's, under a `clerk:` prefix. "busy": another delivery holds it (answer non-2xx).
 */
export async function handleIdentityEvent(
  eventId: string,
  event: IdentityEvent,
): Promise<"handled" | "ignored" | "duplicate" | "busy"> {
  const id = `clerk:${eventId}`;
  const claim = await EventLog.beginEvent(id, event.type, EVENT_LEASE_MS);
  if (claim.kind === "done") return "duplicate";
  if (claim.kind === "busy") return "busy";
  const revocation = revocationFor(event);
  let handled = !!revocation;
  try {
    if (revocation) {
      // First, outside the table: a restore to a time before this re-applies it (tombstones.ts).
      // An account's deletion needs none of its own: its erasure's tombstone re-applies this too.
      await recordTombstone({ kind: "access", ...revocation });
      await revokeAccess(revocation.userId, revocation.reason);
    }
    if (isMembershipEvent(event.type)) {
      handled = await applyMembershipEvent(event.type, event.data);
    }
    // A person who is gone leaves every account they belonged to (docs/privacy.md).
    if (revocation?.reason === IDENTITY_DELETED) await leaveEveryAccount(revocation.userId);
  } catch (error) {
    await EventLog.abandonEvent(id, claim.leaseId);
    throw error;
  }
  await EventLog.finishEvent(id, claim.leaseId);
  return handled ? "handled" : "ignored";
}
