/**
 * The one module of query options for the questionnaire: GET /api/questionnaires/me (the
 * caller's record and whether it is completed) and the submit.
 */
import {
  type QuestionnaireFormValues,
  type QuestionnaireStatus,
  questionnaireStatusSchema,
  type SubmitQuestionnaireResponse,
  submitQuestionnaireResponseSchema,
} from "@portal/core/contracts/questionnaires";
import { queryOptions } from "@tanstack/react-query";
import { apiJson } from "../api/client";

export const QUESTIONNAIRE_PATH = "/api/questionnaires/me";
export const questionnaireKey = [QUESTIONNAIRE_PATH] as const;

/** Spec part 2 §7: runs when signed in, never retried. */
export const questionnaireQuery = () =>
  queryOptions({
    queryKey: questionnaireKey,
    queryFn: async (): Promise<QuestionnaireStatus> =>
      questionnaireStatusSchema.parse(await apiJson("GET", QUESTIONNAIRE_PATH)),
    retry: false,
  });

/**
 * POST /api/questionnaires with the form's answers, plus userId and isCompleted true as the
 * spec's submit adds them (the server takes the owner from the token and ignores both).
 */
export const submitQuestionnaire = async (
  userId: string,
  values: QuestionnaireFormValues,
): Promise<SubmitQuestionnaireResponse> =>
  submitQuestionnaireResponseSchema.parse(
    await apiJson("POST", "/api/questionnaires", { ...values, userId, isCompleted: true }),
  );
