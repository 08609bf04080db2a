/**
 * The API as the SPA calls it: for every route of the route table a session can call
 * (packages/functions/src/routes.ts), the zod contracts of its path parameters, query, body and
 * answer, keyed by the same "METHOD /path" as the route records. The handlers validate requests
 * with these same schemas; packages/functions/src/api-contracts.test.ts holds the two to each
 * other, route by route, and the SPA's `call()` (packages/web/src/api/call.ts) builds each
 * request from them and parses every answer with `response`.
 *
 * The map is kept in areas (contracts/api-areas), which the SPA loads as its pages call them;
 * this merges them into the one map the types and the route-by-route test read. The web bundle
 * imports it only as a type.
 */
import { contracts as account } from "./api-areas/account";
import { contracts as analytics } from "./api-areas/analytics";
import { contracts as audits } from "./api-areas/audits";
import { contracts as auth } from "./api-areas/auth";
import { contracts as billing } from "./api-areas/billing";
import { contracts as content } from "./api-areas/content";
import { contracts as dashboard } from "./api-areas/dashboard";
import { contracts as developer } from "./api-areas/developer";
import { contracts as hosting } from "./api-areas/hosting";
import { contracts as questionnaires } from "./api-areas/questionnaires";
import { contracts as reports } from "./api-areas/reports";
import { contracts as review } from "./api-areas/review";
import { contracts as sites } from "./api-areas/sites";
import { contracts as staff } from "./api-areas/staff";
import { contracts as tickets } from "./api-areas/tickets";

export type { RouteContract } from "./api-areas/index";

export const apiContracts = {
  ...auth,
  ...sites,
  ...tickets,
  ...questionnaires,
  ...dashboard,
  ...billing,
  ...audits,
  ...analytics,
  ...developer,
  ...hosting,
  ...review,
  ...account,
  ...staff,
  ...content,
  ...reports,
} as const;

export type ApiRoute = keyof typeof apiContracts;
