/** POST /api/sites/refresh-screenshots: queues a preview for each of the caller's sites. */
import * as SiteScreenshots from "@portal/core/sites/refresh";
import { api } from "../handler";

export const handler = api({}, ({ identity }) =>
  SiteScreenshots.refreshScreenshots(identity.userId),
);
