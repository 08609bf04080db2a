/**
 * GET /api/questionnaires/me and GET /api/questionnaire (both routes, one record:
 * docs/decisions.md, "Two questionnaire reads"): { isCompleted, questionnaire } for the caller.
 */
import * as Questionnaires from "@portal/core/questionnaires/index";
import { api } from "../handler";

export const handler = api({}, ({ identity }) => Questionnaires.getMine(identity.userId));
