/**
 * Which dashboard banners a user sees (docs/pages.md, "Dashboard banners"). Pure, for its unit
 * test.
 */
import type { CurrentUser } from "@portal/core/contracts/users";

export interface BannerState {
  /** The subscription ended: the sites are offline until deleted (docs/billing.md). */
  sitesSuspended: boolean;
  paymentIssue: boolean;
  activating: boolean;
  questionnairePrompt: boolean;
  /** The green line: always the other of the two (docs/pages.md, "Dashboard banners"). */
  questionnaireComplete: boolean;
}

/**
 * Which banners show for a user (docs/pages.md, "Dashboard banners"): 'Payment Issue' when
 * there is a payment customer without an active subscription (also while the activation banner
 * shows), and the green 'Questionnaire Complete!' whenever the questionnaire prompt does not show.
 * Once a subscription has ended the sites-offline notice shows with the deletion date; beside
 * Payment Issue when Stripe ended it over an unpaid invoice, in its place when the customer
 * cancelled (no payment failed then).
 */
export function bannersFor(user: CurrentUser): BannerState {
  const questionnairePrompt =
    !!user.stripeSubscriptionId && !!user.subscriptionPlan && !user.hasCompletedQuestionnaire;
  const sitesSuspended = !!user.sitesDeleteAfter && !user.subscriptionActive;
  return {
    sitesSuspended,
    paymentIssue:
      !!user.stripeCustomerId &&
      !user.subscriptionActive &&
      (!sitesSuspended || user.subscriptionEndedFor === "unpaid"),
    activating: !!user.stripeCustomerId && !user.subscriptionPlan,
    questionnairePrompt,
    questionnaireComplete: !questionnairePrompt,
  };
}
