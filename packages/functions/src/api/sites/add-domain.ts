/** POST /api/sites/{id}/domain: claims the domain and answers the DNS records to create. */
import { addDomainSchema, siteIdParamsSchema } from "@portal/core/contracts/sites";
import * as Sites from "@portal/core/sites/index";
import { api } from "../handler";

export const handler = api(
  { params: siteIdParamsSchema, body: addDomainSchema },
  ({ identity, params, body }) => Sites.addDomain(identity.userId, params.id, body.domain),
);
