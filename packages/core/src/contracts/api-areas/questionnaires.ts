/** The onboarding questionnaire. The routes' contracts (contracts/api.ts). */
import {
  questionnaireInputSchema,
  questionnaireStatusSchema,
  submitQuestionnaireResponseSchema,
} from "../questionnaires";
import type { RouteContract } from "./index";

export const contracts = {
  "POST /api/questionnaires": {
    status: 201,
    body: questionnaireInputSchema,
    response: submitQuestionnaireResponseSchema,
  },
  "GET /api/questionnaires/me": { response: questionnaireStatusSchema },
} as const satisfies Record<string, RouteContract>;
