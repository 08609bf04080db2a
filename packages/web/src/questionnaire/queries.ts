/**
 * The one module of query options for the questionnaire: GET /api/questionnaires/me (the
 * caller's record and whether it is completed) and the submit.
 */
import type {
  QuestionnaireFormValues,
  SubmitQuestionnaireResponse,
} from "@portal/core/contracts/questionnaires";
import { queryOptions } from "@tanstack/react-query";
import { apiKey, call } from "../api/call";
import { missingEntitlement } from "../api/client";

export const questionnaireKey = apiKey("GET /api/questionnaires/me");

/** Runs when signed in, never retried (docs/questionnaire.md, "The page"). */
export const questionnaireQuery = () =>
  queryOptions({
    queryKey: questionnaireKey,
    queryFn: () => call("GET /api/questionnaires/me"),
    retry: false,
  });

/**
 * POST /api/questionnaires with the form's answers, plus userId and isCompleted true as the
 * original form's submit added them (the server takes the owner from the token and ignores both).
 */
export async function submitQuestionnaire(
  userId: string,
  values: QuestionnaireFormValues,
): Promise<SubmitQuestionnaireResponse> {
  const body = { ...values, userId, isCompleted: true };
  const send = () => call("POST /api/questionnaires", { body });
  try {
    return await send();
  } catch (error) {
    // Only a paid-up subscription may request a site (docs/access.md). Right after Checkout
    // the payment webhook may not have landed yet: have the server ask Stripe, then try once
    // more. A refusal after that is real and shown as a failed submit.
    if (!missingEntitlement(error)) throw error;
    await call("POST /api/verify-subscription");
    return await send();
  }
}
