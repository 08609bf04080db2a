/**
 * POST /api/questionnaires: stores the caller's questionnaire as completed and requests their
 * first site. 201 when this submit stored it, 200 when it was already there.
 */
import { contracts } from "@portal/core/contracts/api-areas/questionnaires";
import * as Questionnaires from "@portal/core/questionnaires/index";
import { api, response } from "../handler";

export const handler = api("POST /api/questionnaires", contracts, async ({ actor, body }) => {
  // The owner is the verified caller; a userId in the body was dropped by the schema.
  const { created, answer } = await Questionnaires.submit(actor.accountId, body);
  return response({ status: created ? 201 : 200, body: answer });
});
