/** How an invitation's sending and expiry are written, on Settings → Team and in the console. */
import type { TeamInvitation } from "@portal/core/contracts/team";
import { formatLongDate } from "../ui/format";

/** "Sent November 28, 2026 by Olivia Tester · Expires December 5, 2026". */
export function invitationDates(
  invitation: Pick<TeamInvitation, "sentAt" | "invitedByName" | "expiresAt">,
): string {
  const by = invitation.invitedByName ? ` by ${invitation.invitedByName}` : "";
  return `Sent ${formatLongDate(invitation.sentAt)}${by} · Expires ${formatLongDate(invitation.expiresAt)}`;
}
