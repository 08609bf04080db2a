/** Which dashboard banners a user sees (spec part 1 §2.10). Pure, for its unit test. */
import type { CurrentUser } from "@portal/core/contracts/users";

export interface BannerState {
  paymentIssue: boolean;
  activating: boolean;
  questionnairePrompt: boolean;
  questionnaireComplete: boolean;
}

/**
 * Which banners show for a user. The spec's conditions, with two readings made explicit:
 * a customer whose payment arrived but whose plan is not stored yet sees the activation banner,
 * not also 'Payment Issue' (the payment went through); and the green 'Questionnaire Complete!'
 * line shows only when it is true, never as a mere "otherwise".
 */
export function bannersFor(user: CurrentUser): BannerState {
  const activating = !!user.stripeCustomerId && !user.subscriptionPlan;
  return {
    activating,
    paymentIssue: !!user.stripeCustomerId && !user.subscriptionActive && !activating,
    questionnairePrompt:
      !!user.stripeSubscriptionId && !!user.subscriptionPlan && !user.hasCompletedQuestionnaire,
    questionnaireComplete: user.hasCompletedQuestionnaire,
  };
}
