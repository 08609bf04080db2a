/** POST /api/sites/refresh-screenshots: queues a preview for each of the caller's sites. */
import * as Sites from "@portal/core/sites/index";
import { api } from "../handler";

export const handler = api({}, ({ identity }) => Sites.refreshScreenshots(identity.userId));
