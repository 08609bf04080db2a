/** POST /api/sites/{id}/domain: claims the domain and answers the DNS records to create. */
import { contracts } from "@portal/core/contracts/api-areas/sites";
import * as Sites from "@portal/core/sites/index";
import { api } from "../handler";

export const handler = api("POST /api/sites/{id}/domain", contracts, ({ actor, params, body }) =>
  Sites.addDomain(actor.accountId, params.id, body.domain, actor.userId),
);
