/** The report routes' caller: the customer and, when the wrapper read it, their stored user. */
import type { Actor } from "@portal/core/access/actor";
import type { ReportViewer } from "@portal/core/reports/index";

export function reportViewer(actor: Actor, userId: string): ReportViewer {
  return actor.type === "customer" ? { userId, user: actor.user } : { userId };
}
