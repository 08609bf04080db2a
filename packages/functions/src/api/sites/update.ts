/** PATCH /api/sites/{id}: the settings page's fields; anything else in the body is a 400. */
import { siteIdParamsSchema, siteUpdateSchema } from "@portal/core/contracts/sites";
import * as Sites from "@portal/core/sites/index";
import { api } from "../handler";

export const handler = api(
  { params: siteIdParamsSchema, body: siteUpdateSchema },
  ({ identity, params, body }) => Sites.update(identity.userId, params.id, body),
);
