/** GET /api/questionnaires/me: { isCompleted, questionnaire } for the caller. */
import * as Questionnaires from "@portal/core/questionnaires/index";
import { api } from "../handler";

export const handler = api({}, ({ identity }) => Questionnaires.getMine(identity.userId));
