/** POST /api/sites/refresh-screenshots: queues a preview for each of the caller's sites. */
import { contracts } from "@portal/core/contracts/api-areas/sites";
import * as SiteScreenshots from "@portal/core/sites/refresh";
import { api } from "../handler";

export const handler = api("POST /api/sites/refresh-screenshots", contracts, ({ actor }) =>
  SiteScreenshots.refreshScreenshots(actor.accountId),
);
