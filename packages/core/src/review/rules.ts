/**
 * The review's pure rules (docs/sites.md, "Review and approval"), apart from the data layer so
 * the go-live check (staff/sites.ts) and its tests need no table.
 */
import type { ReviewOutcome } from "../sites/enums";

/**
 * Why the site may not go live as things stand, or null when it may: the customer must have
 * approved the current round, else the team gives a written reason (staff/sites.ts).
 */
export function goLiveRefusal(
  site: { reviewRound?: number; reviewOutcome?: ReviewOutcome },
  approvalOverride: string | undefined,
): string | null {
  if (site.reviewOutcome === "approved" || approvalOverride) return null;
  return site.reviewRound
    ? `The customer has not approved version ${site.reviewRound}: write why it goes live without their approval`
    : "The customer has not reviewed a draft: write why it goes live without their approval";
}
