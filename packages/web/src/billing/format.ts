/**
 * How billing shows statuses (docs/billing.md, "The Billing page"); money and dates as every page
 * does (ui/format.ts).
 */

/** "past_due" → "Past due": capitalised, underscores as spaces. */
export function statusText(status: string): string {
  const spaced = status.replaceAll("_", " ");
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export type StatusTone = "green" | "red" | "grey" | "yellow";
export type BadgeKind = "default" | "destructive" | "secondary" | "outline";

export interface StatusDisplay {
  label: string;
  tone: StatusTone;
  badge: BadgeKind;
}

/**
 * Icon colour, badge kind and label per subscription status (docs/billing.md, "The Billing page").
 */
export function subscriptionStatusDisplay(status: string): StatusDisplay {
  switch (status) {
    case "active":
    case "trialing":
      return { label: statusText(status), tone: "green", badge: "default" };
    case "past_due":
    case "unpaid":
      return { label: statusText(status), tone: "red", badge: "destructive" };
    case "canceled":
      return { label: statusText(status), tone: "grey", badge: "secondary" };
    case "incomplete":
      return { label: "Payment Pending", tone: "yellow", badge: "outline" };
    default:
      return { label: statusText(status), tone: "yellow", badge: "outline" };
  }
}

/** Invoice badge: 'paid' is the normal badge, anything else destructive. */
export function invoiceBadge(status: string | null): BadgeKind {
  return status === "paid" ? "default" : "destructive";
}

/** Whether the Cancel button is offered (docs/billing.md, "The Billing page"). */
export function canCancel(subscription: { status: string; cancelAtPeriodEnd: boolean }): boolean {
  return subscription.status === "active" && subscription.cancelAtPeriodEnd !== true;
}

/** "visa" → "Visa", "american_express" → "American Express". */
export function brandName(brand: string): string {
  const names: Record<string, string> = {
    amex: "American Express",
    american_express: "American Express",
    diners: "Diners Club",
    mastercard: "Mastercard",
    unionpay: "UnionPay",
    jcb: "JCB",
  };
  return names[brand] ?? statusText(brand);
}
