/** DELETE /api/developer/webhooks/{id}: removes the endpoint and its delivery log. */
import * as z from "@portal/core/contracts/zod";
import * as Webhooks from "@portal/core/developer/webhook-endpoints";
import { api, response } from "../handler";

export const handler = api(
  { params: z.object({ id: z.string() }) },
  async ({ identity, params }) => {
    await Webhooks.remove(identity.userId, params.id);
    return response({ status: 204 });
  },
);
