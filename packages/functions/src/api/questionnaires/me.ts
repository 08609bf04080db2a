/** GET /api/questionnaires/me: { isCompleted, questionnaire } for the caller. */
// Also GET /api/questionnaire, the path of the spec's call table (routes.ts, `alsoAt`).
import { questionnaireStatusSchema } from "@portal/core/contracts/questionnaires";
import * as Questionnaires from "@portal/core/questionnaires/index";
import { api } from "../handler";

export const handler = api({ response: questionnaireStatusSchema }, ({ identity }) =>
  Questionnaires.getMine(identity.userId),
);
