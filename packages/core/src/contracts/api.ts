/**
 * The API's one declaration: for every route of the route table
 * (packages/functions/src/routes.ts), the zod contracts of its path parameters, query, body and
 * answer, keyed by the same "METHOD /path" as the route records. Each handler is typed by its
 * route's entry and validates requests with its schemas (`api(route, contracts, run)`,
 * packages/functions/src/api/handler.ts); the SPA's `call()` (packages/web/src/api/call.ts) and
 * the integration tests' (tests/support/api.ts) build each request from them and parse every
 * answer with `response`; the API reference (packages/functions/src/openapi.ts) is made from
 * them (docs/architecture.md "One contract per route").
 *
 * The map is kept in areas (contracts/api-areas), which the SPA loads as its pages call them and
 * a handler imports alone; this merges them into the one map the types and the tests read. The
 * web bundle imports it only as a type.
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
import { contracts as publicRoutes } from "./api-areas/public";
import { contracts as questionnaires } from "./api-areas/questionnaires";
import { contracts as reports } from "./api-areas/reports";
import { contracts as review } from "./api-areas/review";
import { contracts as sites } from "./api-areas/sites";
import { contracts as staff } from "./api-areas/staff";
import { contracts as team } from "./api-areas/team";
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
  ...team,
  ...content,
  ...reports,
  ...publicRoutes,
} as const;

export type ApiRoute = keyof typeof apiContracts;
