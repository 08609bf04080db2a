/** GET /api/questionnaires/me: { isCompleted, questionnaire } for the caller. */
// Also GET /api/questionnaire, the path of the spec's call table (routes.ts, `alsoAt`).
import { contracts } from "@portal/core/contracts/api-areas/questionnaires";
import * as Questionnaires from "@portal/core/questionnaires/index";
import { api } from "../handler";

export const handler = api("GET /api/questionnaires/me", contracts, ({ actor }) =>
  Questionnaires.getMine(actor.accountId),
);
