/**
 * The access gate (docs/access.md, "The SPA's gate"): which routes a visitor may see
 * in each user state, and where every other path sends them. Pure: the router applies it.
 */
import { hasValidPlan } from "@portal/core/access/entitlements";
import { type Role, roleCovers } from "@portal/core/access/roles";
import type { FileRouteTypes } from "../routeTree.gen";

/**
 * Every page of the SPA, from the route tree the router generates (`npm run routes`): the lists
 * below may name only these, and the check at the end of the lists fails to compile when a page
 * is in none of them.
 */
export type PagePath = FileRouteTypes["to"];

/** The fields of the current-user record the gate reads. */
export interface GateUser {
  subscriptionActive?: boolean | null;
  subscriptionPlan?: string | null;
  hasCompletedQuestionnaire?: boolean | null;
  /** On the provider's team (the identity provider's role claim): the console opens. */
  isStaff?: boolean;
  /** The person's role in the account the session acts in (docs/team.md). */
  role?: Role;
}

export type AccessState =
  /** The identity provider has not answered yet. */
  | { kind: "loading" }
  /** No session, or a pending one (counts as signed out). */
  | { kind: "signed-out" }
  /** `user`: the current-user record; undefined while it loads, null when missing. */
  | { kind: "signed-in"; user: GateUser | null | undefined };

export type GateDecision = { render: true } | { redirect: string } | { spinner: true };

export const PUBLIC_ROUTES = [
  "/",
  "/sign-in",
  "/sign-up",
  "/sales",
  "/pricing",
  "/subscribe",
  "/auth-landing",
] as const satisfies readonly PagePath[];

/**
 * Open in every signed-in state (docs/access.md): the public pricing page, where billing's
 * 'View Plans' and the 'Upgrade to Pro' card lead, and /subscribe, where choosing a plan goes,
 * a paying customer's plan change included (docs/decisions.md, "/subscribe is open in every
 * signed-in state").
 */
const PLAN_ROUTES = ["/pricing", "/subscribe"] as const satisfies readonly PagePath[];

/**
 * Open whoever the visitor is: the page an invitation's mail links to (docs/team.md), where a
 * signed-out invitee signs up or in, and a signed-in one joins whatever their own state.
 */
const EVERY_STATE_ROUTES = ["/invitations/$token"] as const satisfies readonly PagePath[];

/**
 * The pages of what only an account's owner may do (docs/team.md, "Roles"): billing and plan
 * changes. A member is sent to their state's page instead; the server refuses the routes anyway.
 */
const OWNER_ROUTES = [
  "/billing",
  "/subscribe",
  "/complete-payment",
] as const satisfies readonly PagePath[];

/** Signed in, no active subscription, no valid plan, back from payment (?payment=success). */
const AFTER_PAYMENT_ROUTES = [
  "/welcome",
  "/questionnaire",
  "/subscribe",
  "/complete-payment",
  "/settings",
] as const satisfies readonly PagePath[];
/** Signed in, no active subscription, no valid plan. */
const NEW_CUSTOMER_ROUTES = [
  "/sales",
  "/pricing",
  "/subscribe",
  "/complete-payment",
  "/settings",
] as const satisfies readonly PagePath[];
/** No active subscription but a valid plan (e.g. a failed renewal). */
const LAPSED_ROUTES = [
  "/dashboard",
  "/manage",
  "/questionnaire",
  "/billing",
  "/subscribe",
  "/settings",
  "/support",
] as const satisfies readonly PagePath[];
/** Active subscription and questionnaire completed. */
const CUSTOMER_ROUTES = [
  "/",
  "/dashboard",
  "/manage",
  "/support",
  "/analytics",
  "/seo-checker",
  "/performance",
  "/site-settings",
  "/billing",
  "/settings",
  "/questionnaire",
  "/sites/$siteId/review",
  "/sites/$siteId/reports",
  "/sites/$siteId/reports/$month",
] as const satisfies readonly PagePath[];
/** Active subscription, questionnaire not completed. */
const ONBOARDING_ROUTES = ["/welcome", "/questionnaire"] as const satisfies readonly PagePath[];

const render: GateDecision = { render: true };
const spinner: GateDecision = { spinner: true };

/** "/sales/" and "/sales" are the same route. */
export function normalizePath(path: string): string {
  const trimmed = path.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

/**
 * Pages that live under a gated route and share its rule: a support ticket's page
 * (/support/{id}) is part of the Support Center, the API reference (/settings/api-reference)
 * of Settings.
 */
const SECTION_PREFIXES = ["/support", "/settings"] as const satisfies readonly PagePath[];

/**
 * Paths the gating table does not list but the shell links to: the user menu's View Profile
 * (/user-profile) opens the same profile widget as /settings, so it is gated like /settings.
 */
const ALIASES = { "/user-profile": "/settings" } as const satisfies Partial<
  Record<PagePath, PagePath>
>;

/**
 * Pages with a parameter inside their path, matched to the page the lists name: a site's
 * review (/sites/{id}/review, docs/sites.md) and its monthly reports (docs/reports.md).
 */
const PARAMETER_PAGES: readonly (readonly [RegExp, PagePath])[] = [
  [/^\/invitations\/[^/]+$/, "/invitations/$token"],
  [/^\/sites\/[^/]+\/review$/, "/sites/$siteId/review"],
  [/^\/sites\/[^/]+\/reports$/, "/sites/$siteId/reports"],
  [/^\/sites\/[^/]+\/reports\/[^/]+$/, "/sites/$siteId/reports/$month"],
];

function gatedRoute(path: string): string {
  return (
    PARAMETER_PAGES.find(([pattern]) => pattern.test(path))?.[1] ??
    (ALIASES as Record<string, string>)[path] ??
    SECTION_PREFIXES.find((prefix) => path.startsWith(`${prefix}/`)) ??
    path
  );
}

/** The provider's console (docs/console.md): staff only, whatever their own plan. */
export const CONSOLE_PATH = "/staff" satisfies PagePath;

/** The pages no list above names; a page the gate would never open if this were not empty. */
type UnplacedPage = Exclude<
  PagePath,
  | (typeof PUBLIC_ROUTES)[number]
  | (typeof EVERY_STATE_ROUTES)[number]
  | (typeof PLAN_ROUTES)[number]
  | (typeof AFTER_PAYMENT_ROUTES)[number]
  | (typeof NEW_CUSTOMER_ROUTES)[number]
  | (typeof LAPSED_ROUTES)[number]
  | (typeof CUSTOMER_ROUTES)[number]
  | (typeof ONBOARDING_ROUTES)[number]
  | `${(typeof SECTION_PREFIXES)[number]}/${string}`
  | keyof typeof ALIASES
  | typeof CONSOLE_PATH
  | `${typeof CONSOLE_PATH}/${string}`
>;
/** Fails to compile, naming the page, when a new page is in no list of the gate. */
export const EVERY_PAGE_IS_GATED: [UnplacedPage] extends [never] ? true : UnplacedPage = true;

function isConsolePath(path: string): boolean {
  return path === CONSOLE_PATH || path.startsWith(`${CONSOLE_PATH}/`);
}

function allowOr(routes: readonly string[], path: string, fallback: PagePath): GateDecision {
  return routes.includes(gatedRoute(path)) ? render : { redirect: fallback };
}

export function gate(
  state: AccessState,
  rawPath: string,
  search: Record<string, unknown>,
): GateDecision {
  const path = normalizePath(rawPath);

  if (state.kind === "loading") return spinner;
  if ((EVERY_STATE_ROUTES as readonly string[]).includes(gatedRoute(path))) return render;
  if (state.kind === "signed-out") return allowOr(PUBLIC_ROUTES, path, "/sign-in");

  const { user } = state;
  // Signed in but the record is not synced yet: nothing is shown until it is.
  if (!user || user.subscriptionActive === undefined || user.subscriptionActive === null) {
    return spinner;
  }

  // A member of someone's account: never the owner's pages (the role fact: core access/roles).
  if (
    user.role &&
    !roleCovers(user.role, "owner") &&
    OWNER_ROUTES.some((p) => p === gatedRoute(path))
  ) {
    return { redirect: "/dashboard" };
  }
  if ((PLAN_ROUTES as readonly string[]).includes(path)) return render;

  const active = user.subscriptionActive;
  const validPlan = hasValidPlan(user);

  // A customer asking for the console gets their own fallback (no customer table lists it).
  if (user.isStaff) {
    if (isConsolePath(path)) return render;
    // A team member without a plan of their own works in the console.
    if (!active && !validPlan) return allowOr(["/settings"], path, CONSOLE_PATH);
  }

  if (!active && !validPlan) {
    return String(search.payment) === "success"
      ? allowOr(AFTER_PAYMENT_ROUTES, path, "/welcome")
      : allowOr(NEW_CUSTOMER_ROUTES, path, "/sales");
  }
  if (!active) return allowOr(LAPSED_ROUTES, path, "/dashboard");
  if (user.hasCompletedQuestionnaire) return allowOr(CUSTOMER_ROUTES, path, "/dashboard");
  return allowOr(ONBOARDING_ROUTES, path, "/welcome");
}
