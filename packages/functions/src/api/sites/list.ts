/** GET /api/sites: the caller's sites (the shell's badge counts them). */
import { contracts } from "@portal/core/contracts/api-areas/sites";
import * as Sites from "@portal/core/sites/index";
import { api } from "../handler";

export const handler = api("GET /api/sites", contracts, ({ actor }) => Sites.list(actor.accountId));
