/**
 * The route → contract map (contracts/api.ts) in areas, one module each, so the SPA loads and
 * builds only the schemas of the routes a page calls (docs/performance.md "`signed-in`"): every
 * zod schema is an object made at import, and the whole map took about 90 ms of a phone's main
 * thread at start-up. A route's area is its first path segment, with the exceptions below;
 * index.test.ts holds each route to the area this names.
 */
import type * as z from "../zod";
import type { TextAnswer } from "./answers";

/**
 * One route's contract: what its handler takes (and validates with these schemas, before any
 * of its code runs) and what it answers. The handler's types come from here
 * (packages/functions/src/api/frame.ts), so a handler that answers another shape does not
 * compile (docs/architecture.md "One contract per route").
 */
export interface RouteContract {
  params?: z.ZodMiniType;
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
  /**
   * The handler reads the body itself, as it came, rather than as parsed JSON: a form post, a
   * signed webhook, a size check before parsing. `body` then only describes it.
   */
  rawBody?: true;
  /**
   * The success answer: its JSON's schema; null for none (204); or a text answer (a page, a
   * script) of a content type (answers.ts).
   */
  response: z.ZodMiniType | null | TextAnswer;
  /** The success status when it is not 200 (204 goes with a null response). */
  status?: 201 | 202;
}

type AreaContracts = { contracts: Record<string, RouteContract> };

/** Each area's module, loaded when first asked for (each becomes a chunk of its own). */
export const AREA_CONTRACTS = {
  account: () => import("./account"),
  analytics: () => import("./analytics"),
  audits: () => import("./audits"),
  auth: () => import("./auth"),
  billing: () => import("./billing"),
  content: () => import("./content"),
  dashboard: () => import("./dashboard"),
  developer: () => import("./developer"),
  hosting: () => import("./hosting"),
  public: () => import("./public"),
  questionnaires: () => import("./questionnaires"),
  reports: () => import("./reports"),
  review: () => import("./review"),
  sites: () => import("./sites"),
  staff: () => import("./staff"),
  team: () => import("./team"),
  tickets: () => import("./tickets"),
} satisfies Record<string, () => Promise<AreaContracts>>;

export type ApiArea = keyof typeof AREA_CONTRACTS;

/** First path segments whose routes belong to another area. */
const AREA_OF_SEGMENT: Record<string, ApiArea> = {
  activities: "dashboard",
  seo: "audits",
  lighthouse: "audits",
  "create-subscription": "billing",
  "verify-subscription": "billing",
  "complete-payment": "billing",
  "create-payment-intent": "billing",
  // Public routes: customers' sites, mails' links, the identity provider. The SPA calls none.
  "collect.js": "public",
  collect: "public",
  notifications: "public",
  webhooks: "public",
  // An invitation's link (docs/team.md): the acceptance page's routes.
  invitations: "team",
};

const isArea = (name: string): name is ApiArea => Object.hasOwn(AREA_CONTRACTS, name);

/**
 * "GET /api/sites/{id}/uptime" → "sites"; a site's review and reports ("/api/sites/{id}/review…")
 * are areas of their own, as only their pages call them, and so are a site's deployments on the
 * console ("/api/staff/customers/{userId}/sites/{siteId}/deployments…", "hosting").
 */
export function areaOf(route: string): ApiArea {
  const segments = route
    .slice(route.indexOf(" ") + 1)
    .split("/")
    .slice(2);
  const [first = "", , third = ""] = segments;
  if (first === "staff" && segments[5] === "deployments") return "hosting";
  const area = first === "sites" && (third === "review" || third === "reports") ? third : first;
  const named = AREA_OF_SEGMENT[area] ?? area;
  if (!isArea(named)) throw new Error(`${route} is in no area of contracts/api-areas`);
  return named;
}

/** The contract of `route`, from its area's module. */
export async function loadRouteContract(route: string): Promise<RouteContract> {
  const { contracts }: AreaContracts = await AREA_CONTRACTS[areaOf(route)]();
  const contract = contracts[route];
  if (!contract) throw new Error(`${route} has no contract in area ${areaOf(route)}`);
  return contract;
}
