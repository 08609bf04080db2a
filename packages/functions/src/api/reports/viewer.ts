/** The report routes' caller: the customer's account and, when the wrapper read it, its stored record. */
import type { CustomerActor } from "@portal/core/access/actor";
import type { ReportViewer } from "@portal/core/reports/index";

export function reportViewer(actor: CustomerActor): ReportViewer {
  return { userId: actor.accountId, user: actor.user };
}
