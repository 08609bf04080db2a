/**
 * Who is calling, as the handler wrapper resolved it from the verified session and the route's
 * entitlement (docs/access.md). Core functions that act for someone other than the owner of
 * the data (the provider's team, the system) take an Actor instead of a bare user id.
 */
import type { SessionIdentity } from "../adapters/identity";
import { db, type UserItem } from "../db/service";
import { EntitlementRequiredError } from "../errors";
import { type Entitlement, requireEntitlement } from "./entitlements";

export type Actor =
  /** A customer on a customer route; `user` is their stored record when the route needed it. */
  | { type: "customer"; userId: string; user?: UserItem }
  /** A member of the provider's team on a staff route. */
  | { type: "staff"; userId: string; email?: string }
  /** Work no person asked for directly: webhooks, queue jobs, schedules. */
  | { type: "system"; source: string }
  /** An anonymous caller of a public route. */
  | { type: "public" };

export const STAFF_ROLE = "staff";

export function isStaff(identity: Pick<SessionIdentity, "claims">): boolean {
  return identity.claims.role === STAFF_ROLE;
}

/**
 * The actor for a verified caller on a route that needs `entitlement`, reading the stored user
 * once when the rule depends on it. Throws EntitlementRequiredError naming what is missing.
 */
export async function resolveActor(
  identity: SessionIdentity,
  entitlement: Exclude<Entitlement, "public">,
): Promise<Actor> {
  if (entitlement === "staff") {
    if (!isStaff(identity)) {
      throw new EntitlementRequiredError("staff_required", "This is for the support team only.");
    }
    return { type: "staff", userId: identity.userId, email: identity.claims.email };
  }
  if (entitlement === "signedIn") return { type: "customer", userId: identity.userId };
  // Strongly consistent: the request right after a payment must see the webhook's write.
  const { data: user } = await db.entities.user
    .get({ userId: identity.userId })
    .go({ consistent: true });
  requireEntitlement(user, entitlement);
  return { type: "customer", userId: identity.userId, user: user ?? undefined };
}

/** The staff actor of a staff route (the wrapper resolved it from the route's record). */
export function asStaff(actor: Actor): Extract<Actor, { type: "staff" }> {
  if (actor.type !== "staff") {
    throw new EntitlementRequiredError("staff_required", "This is for the support team only.");
  }
  return actor;
}
