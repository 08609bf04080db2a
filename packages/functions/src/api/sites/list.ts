/** GET /api/sites: the caller's sites (the shell's badge counts them). */
import * as Sites from "@portal/core/sites/index";
import { api } from "../handler";

export const handler = api({}, ({ identity }) => Sites.list(identity.userId));
