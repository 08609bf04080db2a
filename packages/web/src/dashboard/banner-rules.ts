/**
 * Which dashboard banners a user sees (docs/pages.md, "Dashboard banners"). Pure, for its unit
 * test.
 */
import type { CurrentUser } from "@portal/core/contracts/users";

export interface BannerState {
  paymentIssue: boolean;
  activating: boolean;
  questionnairePrompt: boolean;
  /** The green line: always the other of the two (docs/pages.md, "Dashboard banners"). */
  questionnaireComplete: boolean;
}

/**
 * Which banners show for a user (docs/pages.md, "Dashboard banners"): 'Payment Issue' whenever
 * there is a payment customer without an active subscription (also while the activation banner
 * shows), and the green 'Questionnaire Complete!' whenever the questionnaire prompt does not show.
 */
export function bannersFor(user: CurrentUser): BannerState {
  const questionnairePrompt =
    !!user.stripeSubscriptionId && !!user.subscriptionPlan && !user.hasCompletedQuestionnaire;
  return {
    paymentIssue: !!user.stripeCustomerId && !user.subscriptionActive,
    activating: !!user.stripeCustomerId && !user.subscriptionPlan,
    questionnairePrompt,
    questionnaireComplete: !questionnairePrompt,
  };
}
