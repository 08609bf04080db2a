/**
 * THE route table: one record per API route, read by stacks/Api.ts (one Lambda per route, its
 * grants), by the local stack (the same handlers behind the same paths) and by the handler
 * wrapper (who may call it). A route cannot exist in one and not the other, and a grant cannot
 * be forgotten in a second table. What each entitlement means: docs/access.md.
 */
import type { Entitlement } from "@portal/core/access/entitlements";
import type { KeyAccess } from "@portal/core/access/key-access";
import type { Role } from "@portal/core/access/roles";

/**
 * What a route's function may touch beyond its own code. stacks/Api.ts turns each into the
 * narrowest IAM statement and the binding variable the code reads.
 */
export type Grant =
  /** GetItem, BatchGetItem, Query and ConditionCheckItem on the table and its indexes */
  | "table:read"
  /** table:read plus PutItem, UpdateItem, DeleteItem and BatchWriteItem */
  | "table:write"
  /** what accepting a page view needs: Query on the site-id index (a site by its id), no write */
  | "table:page-views"
  /** send accepted page views to the PageViews queue, which the page-views consumer reads */
  | "page-views:send"
  /** what adding up page views writes: UpdateItem on the table, nothing else */
  | "table:count-views"
  /** the STRIPE_SECRET_KEY secret */
  | "stripe"
  /** read screenshots (presigned GET URLs), under users/ only */
  | "screenshots:read"
  /** read, write and delete screenshots, under users/ only */
  | "screenshots:write"
  /** send messages to the Jobs queue (never its dead-letter queue) */
  | "jobs:send"
  /** send domain events to the Events queue, which the notifications consumer reads */
  | "events:send"
  /** SES SendEmail from the stage's MAIL_FROM identity (and its configuration set) only */
  | "mail:send"
  /** the UNSUBSCRIBE_KEY secret that signs and checks the unsubscribe links of mails */
  | "mail:unsubscribe-key"
  /** the ANALYTICS_SALT_KEY secret that keys the daily visitor hash (page views) */
  | "analytics:salt"
  /**
   * record an API key's use: UpdateItem of an API key's lastUsed only. Never listed in a
   * record: every route an API key can reach gets it (routeGrants below).
   */
  | "table:key-use"
  /**
   * record an Idempotency-Key's claim and answer (docs/security.md, "Idempotency keys"):
   * PutItem and UpdateItem naming only that item's attributes. Never listed in a record: a
   * signed-in write route without table:write gets it (routeGrants below).
   */
  | "table:idempotency"
  /** send webhook deliveries (and their retries) to the WebhookDeliveries queue */
  | "webhooks:send"
  /** queue data exports and account erasures on the PrivacyJobs queue (docs/privacy.md) */
  | "privacy-jobs:send"
  /**
   * record an erasure or a revocation outside the table, for a restore to re-apply: PutObject
   * under tombstones/ of the private bucket only (core/adapters/tombstones.ts)
   */
  | "tombstones:write"
  /** presign downloads of data exports: GetObject under exports/ only */
  | "exports:read"
  /** write, read, list and delete data exports, under exports/ only */
  | "exports:write"
  /** the CLERK_WEBHOOK_SECRET secret that checks the identity provider's webhook signatures */
  | "identity:webhook-secret"
  /** the CLERK_SECRET_KEY secret of the identity provider's Backend API (deleting an identity) */
  | "identity:admin"
  /** presign downloads of customers' content: GetObject under users/<id>/content/ only */
  | "content:read"
  /** presign uploads of customers' content: PutObject (with its tag) under users/<id>/content/ */
  | "content:upload"
  /** check, tag and delete uploaded content under users/<id>/content/ (and list there, so a missing object is a 404) */
  | "content:write"
  /**
   * presign the upload of a deployment's zip and check it arrived: PutObject and GetObject
   * (HEAD) under uploads/ of the Hosting bucket only (docs/hosting.md)
   */
  | "hosting:upload"
  /**
   * the deployment worker's: read and delete uploads/, write, list and delete under
   * deployments/ of the Hosting bucket
   */
  | "hosting:write"
  /** write the hosting's routing entries: DescribeKeyValueStore, UpdateKeys, GetKey on its store */
  | "edge-routes:write"
  /** send confirmed uploads to the Deployments queue, which the deployment worker reads */
  | "deployments:send"
  /**
   * custom domains' distribution tenants: create, read, disable and delete tenants of the
   * hosting's distribution, and read their managed certificates (docs/hosting.md)
   */
  | "hosting:tenants";

export interface RouteRecord {
  /** The handler as SST names it: "<file path from the repo root, no extension>.<export>". */
  handler: string;
  /** What the caller must have; checked by the wrapper from the stored user on every request. */
  entitlement: Entitlement;
  grants: readonly Grant[];
  /**
   * The role the person must have in the account (core/access/roles.ts, docs/team.md). Left
   * out: any member ("member"). "owner": billing, API keys and webhooks, the team, the
   * account's export and deletion, deleting a site. Checked by the wrapper on every request,
   * from the table. Only customer routes carry one.
   */
  role?: Role;
  /**
   * "person": the route serves the signed-in person whichever account the session chose (their
   * accounts, switching, accepting an invitation, their own mail settings); the wrapper reads
   * no membership and the handler gets a person actor. Left out: the session's account.
   */
  scope?: "person";
  /**
   * Whether an API key may call the route (docs/developer-api.md). Left out: GET routes are
   * "read", the others "write"; public and staff routes are never reachable with a key. Billing
   * and key management say "none": money and credentials are handled signed in, in the portal.
   */
  keys?: "none";
  /**
   * Other route keys the same function answers, with this record's entitlement and grants: a
   * second path for one read, where the spec names two (docs/decisions.md, "Two paths for the
   * questionnaire read"). API Gateway and the local stack route each to the record's one
   * function, and the OpenAPI document describes each.
   */
  alsoAt?: readonly string[];
}

/** The class of a route for API keys (core/access/key-access.ts checks a key against it). */
export function keyAccess(routeKey: string, record: RouteRecord): KeyAccess {
  if (record.keys === "none" || record.entitlement === "public" || record.entitlement === "staff") {
    return "none";
  }
  return routeKey.startsWith("GET ") ? "read" : "write";
}

/**
 * The record's grants, what every route a key can reach needs to record the key's use, and
 * what a signed-in write needs to keep its Idempotency-Key when table:write is not among them.
 */
export function routeGrants(routeKey: string, record: RouteRecord): readonly Grant[] {
  const grants: Grant[] = [...record.grants];
  if (keyAccess(routeKey, record) !== "none") grants.push("table:key-use");
  if (keepsIdempotencyKeys(routeKey, record) && !grants.includes("table:write")) {
    grants.push("table:idempotency");
  }
  return grants;
}

/** Signed-in writes honour an Idempotency-Key (api/idempotency.ts). */
export function keepsIdempotencyKeys(routeKey: string, record: RouteRecord): boolean {
  return record.entitlement !== "public" && !routeKey.startsWith("GET ");
}

const api = (path: string) => `packages/functions/src/api/${path}.handler`;

/** Reads the customer's own items and answers screenshots with presigned URLs. */
const READ_SITES = ["table:read", "screenshots:read"] as const;
const WRITE_SITES = ["table:write", "screenshots:read"] as const;
/** Reading Stripe may find a subscription paid up or ending: an event (docs/notifications.md). */
/**
 * A sync of the subscription may suspend or restore the customer's sites, which queues their
 * hosts' routing update on the Deployments worker (docs/hosting.md "Paused sites").
 */
const PAYMENTS = ["table:write", "stripe", "events:send", "deployments:send"] as const;
/** A billing route that never syncs the subscription, so never emits. */
const PAYMENTS_NO_EVENTS = ["table:write", "stripe", "deployments:send"] as const;

/**
 * A billing route: Stripe and the stored subscription, and never reachable with an API key
 * (money is handled signed in, docs/developer-api.md).
 */
const billing = <const E extends Entitlement = "signedIn">(
  path: string,
  entitlement?: E,
  grants: readonly Grant[] = PAYMENTS,
) =>
  ({
    handler: api(`billing/${path}`),
    entitlement: (entitlement ?? "signedIn") as E,
    grants,
    role: "owner",
    keys: "none",
  }) as const;

/**
 * A route of the Developer section (docs/developer-api.md): for customers with a plan, and never
 * reachable with an API key. Helpers rather than spelt-out records: this table is in every API
 * handler's bundle (the 1 MB budget, docs/performance.md).
 */
const developer = <const G extends readonly Grant[]>(path: string, grants: G) =>
  ({
    handler: api(`developer/${path}`),
    entitlement: "validPlan",
    grants,
    role: "owner",
    keys: "none",
  }) as const;

/** The team's changes: the table, and the identity provider's organization mirrored. */
const TEAM_CHANGE = ["table:write", "identity:admin"] as const;

/**
 * A route of the customer's team (docs/team.md): signed in whatever the plan, never with an API
 * key; `role` "owner" for what changes the team.
 */
const team = <const G extends readonly Grant[], const R extends Role | undefined = undefined>(
  path: string,
  grants: G,
  role?: R,
) =>
  ({
    handler: api(`team/${path}`),
    entitlement: "signedIn",
    grants,
    keys: "none",
    ...(role ? { role } : {}),
  }) as const;

export const routes = {
  // Creates or refreshes the caller's record from the token: the one route a new user needs.
  "GET /api/auth/user": {
    handler: api("auth/user"),
    entitlement: "signedIn",
    grants: ["table:write"],
  },
  // The e-mail toggles on /settings (docs/notifications.md). Signed in only: a key could turn
  // off the very mails that would tell the owner about it (docs/developer-api.md).
  "PATCH /api/auth/user/preferences": {
    handler: api("auth/update-preferences"),
    entitlement: "signedIn",
    grants: ["table:write"],
    // The person's mail settings for the account they act in (docs/notifications.md,
    // "Preferences"): the account's scope, so a removed member cannot write theirs.
    keys: "none",
  },

  // Sites: a lapsed customer still sees them; changing them needs a paid-up, onboarded plan.
  "GET /api/sites": { handler: api("sites/list"), entitlement: "validPlan", grants: READ_SITES },
  // Uptime and certificate monitoring of the site (docs/monitoring.md).
  "GET /api/sites/{id}/uptime": {
    handler: api("sites/uptime"),
    entitlement: "validPlan",
    grants: ["table:read"],
  },
  "PATCH /api/sites/{id}": {
    handler: api("sites/update"),
    entitlement: "onboarded",
    grants: WRITE_SITES,
  },
  // Deleting a site and changing its domain cannot be undone: signed in only, never an API
  // key (docs/developer-api.md, "What a key can reach").
  "DELETE /api/sites/{id}": {
    handler: api("sites/delete"),
    entitlement: "onboarded",
    // The site's uploaded files go with it (content:write, docs/content.md), and its hosting
    // through the Deployments worker (deployments:send, docs/hosting.md).
    grants: ["table:write", "screenshots:write", "content:write", "deployments:send"],
    role: "owner",
    keys: "none",
  },
  "POST /api/sites/{id}/domain": {
    handler: api("sites/add-domain"),
    entitlement: "onboarded",
    grants: WRITE_SITES,
    keys: "none",
  },
  // A verified domain is recorded for the hosting; the CertificateChecks schedule makes its
  // tenant and routing entries (docs/hosting.md "Custom domains over HTTPS").
  "POST /api/sites/{id}/verify-domain": {
    handler: api("sites/verify-domain"),
    entitlement: "onboarded",
    grants: [...WRITE_SITES, "events:send"],
  },
  "POST /api/sites/refresh-screenshots": {
    handler: api("sites/refresh-screenshots"),
    entitlement: "onboarded",
    grants: ["table:write", "jobs:send"],
  },
  "POST /api/sites/{id}/screenshot": {
    handler: api("sites/refresh-screenshot"),
    entitlement: "onboarded",
    grants: ["table:write", "jobs:send"],
  },

  // Support stays open to a lapsed customer: a failed payment is exactly when they need it.
  "GET /api/tickets": {
    handler: api("tickets/list"),
    entitlement: "validPlan",
    grants: ["table:read"],
  },
  "POST /api/tickets": {
    handler: api("tickets/create"),
    entitlement: "validPlan",
    grants: ["table:write"],
  },
  "GET /api/tickets/{id}": {
    handler: api("tickets/get"),
    entitlement: "validPlan",
    grants: ["table:read"],
  },
  "POST /api/tickets/{id}/messages": {
    handler: api("tickets/reply"),
    entitlement: "validPlan",
    grants: ["table:write"],
  },

  // Submitting requests a site for the team to build: only a paid-up subscription may. Reading
  // one's own answers is harmless and the wizard reads them right after payment.
  "POST /api/questionnaires": {
    handler: api("questionnaires/submit"),
    entitlement: "activeSubscription",
    grants: ["table:write"],
  },
  // The questionnaire page reads the first path; the spec's call table names the second.
  "GET /api/questionnaires/me": {
    handler: api("questionnaires/me"),
    entitlement: "signedIn",
    grants: ["table:read"],
    alsoAt: ["GET /api/questionnaire"],
  },

  "GET /api/dashboard/stats": {
    handler: api("dashboard/stats"),
    entitlement: "validPlan",
    grants: ["table:read"],
  },
  "GET /api/activities": {
    handler: api("activities/list"),
    entitlement: "validPlan",
    grants: ["table:read"],
  },

  // Billing is open to every signed-in user, so a new or lapsed customer can pay.
  "POST /api/create-subscription": billing("create-subscription"),
  "POST /api/verify-subscription": billing("verify-subscription"),
  "POST /api/complete-payment": billing("complete-payment"),
  // The SEO upsell is a purchase for one of the customer's sites, not a way to pay a bill.
  "POST /api/create-payment-intent": billing(
    "create-payment-intent",
    "activeSubscription",
    PAYMENTS_NO_EVENTS,
  ),
  // Reading billing also stores what Stripe says (a missed webhook shows here): table:write.
  "GET /api/billing/subscription": billing("subscription"),
  "GET /api/billing/payment-methods": billing("payment-methods", "signedIn", PAYMENTS_NO_EVENTS),
  "GET /api/billing/invoices": billing("invoices", "signedIn", PAYMENTS_NO_EVENTS),
  "POST /api/billing/cancel-subscription": billing("cancel-subscription"),
  "POST /api/billing/reactivate-subscription": billing("reactivate-subscription"),
  "POST /api/billing/create-portal-session": billing(
    "create-portal-session",
    "signedIn",
    PAYMENTS_NO_EVENTS,
  ),
  "POST /api/billing/add-payment-method": billing(
    "add-payment-method",
    "signedIn",
    PAYMENTS_NO_EVENTS,
  ),
  "POST /api/billing/set-default-payment-method": billing(
    "set-default-payment-method",
    "signedIn",
    PAYMENTS_NO_EVENTS,
  ),

  // Audits run on the worker. Reading results settles runs that outlived the worker: a write.
  "POST /api/seo/analyze": {
    handler: api("seo/analyze"),
    entitlement: "onboarded",
    grants: ["table:write", "jobs:send"],
  },
  "GET /api/seo/results": {
    handler: api("seo/results"),
    entitlement: "onboarded",
    grants: ["table:write"],
  },
  "GET /api/seo/results/{id}": {
    handler: api("seo/result"),
    entitlement: "onboarded",
    grants: ["table:write"],
  },
  "POST /api/lighthouse/analyze": {
    handler: api("lighthouse/analyze"),
    entitlement: "onboarded",
    grants: ["table:write", "jobs:send"],
  },
  "GET /api/lighthouse/results": {
    handler: api("lighthouse/results"),
    entitlement: "onboarded",
    grants: ["table:write"],
  },
  "GET /api/lighthouse/results/{id}": {
    handler: api("lighthouse/result"),
    entitlement: "onboarded",
    grants: ["table:write"],
  },

  "GET /api/analytics/settings": {
    handler: api("analytics/settings"),
    entitlement: "onboarded",
    grants: ["table:read"],
  },
  "POST /api/analytics/connect-ga": {
    handler: api("analytics/connect-ga"),
    entitlement: "onboarded",
    grants: ["table:write"],
  },
  "POST /api/analytics/disconnect-ga": {
    handler: api("analytics/disconnect-ga"),
    entitlement: "onboarded",
    grants: ["table:write"],
  },
  "GET /api/analytics/data": {
    handler: api("analytics/data"),
    entitlement: "onboarded",
    grants: ["table:read"],
  },

  // The Developer section of /settings (docs/developer-api.md). Keys are managed signed in
  // only; a key cannot make, list or revoke keys, nor change where webhooks go.
  "GET /api/developer/keys": developer("list-keys", ["table:read"]),
  "POST /api/developer/keys": developer("create-key", ["table:write"]),
  "DELETE /api/developer/keys/{id}": developer("revoke-key", ["table:write", "tombstones:write"]),
  "GET /api/developer/webhooks": developer("list-webhooks", ["table:read"]),
  "POST /api/developer/webhooks": developer("create-webhook", ["table:write"]),
  "PATCH /api/developer/webhooks/{id}": developer("update-webhook", ["table:write"]),
  "DELETE /api/developer/webhooks/{id}": developer("delete-webhook", ["table:write"]),
  "POST /api/developer/webhooks/{id}/test": developer("test-webhook", [
    "table:read",
    "webhooks:send",
  ]),
  "GET /api/developer/webhooks/{id}/deliveries": developer("list-deliveries", ["table:read"]),
  "POST /api/developer/webhooks/{id}/deliveries/{deliveryId}/redeliver": developer("redeliver", [
    "table:read",
    "webhooks:send",
  ]),

  // The customer's own data (docs/privacy.md): signed in only, whatever the plan, never with a
  // key. Exports and erasures run on the PrivacyJobs consumer; the requests only queue them.
  "GET /api/account/export": {
    handler: api("account/export-status"),
    entitlement: "signedIn",
    grants: ["table:read", "exports:read"],
    role: "owner",
    keys: "none",
  },
  "POST /api/account/export": {
    handler: api("account/request-export"),
    entitlement: "signedIn",
    grants: ["table:write", "privacy-jobs:send"],
    role: "owner",
    keys: "none",
  },
  // Asks Stripe whether a subscription still runs (a sync may emit), revokes keys and
  // endpoints, and queues the erasure; the bucket and Clerk's secret key are the job's alone.
  "DELETE /api/account": {
    handler: api("account/delete"),
    entitlement: "signedIn",
    grants: ["table:write", "stripe", "events:send", "privacy-jobs:send", "deployments:send"],
    role: "owner",
    keys: "none",
  },

  // The customer's content (docs/content.md): uploaded straight to the bucket with a presigned
  // PUT, confirmed here. Signed in only (no API key): files are handed over in the portal.
  "GET /api/content/files": {
    handler: api("content/list"),
    entitlement: "validPlan",
    grants: ["table:read", "content:read"],
    keys: "none",
  },
  "GET /api/content/files/{id}": {
    handler: api("content/get"),
    entitlement: "validPlan",
    grants: ["table:read", "content:read"],
    keys: "none",
  },
  "POST /api/content/uploads": {
    handler: api("content/create-upload"),
    entitlement: "validPlan",
    grants: ["table:write", "content:upload"],
    keys: "none",
  },
  "POST /api/content/files/{id}/confirm": {
    handler: api("content/confirm"),
    entitlement: "validPlan",
    grants: ["table:write", "content:write"],
    keys: "none",
  },
  "DELETE /api/content/files/{id}": {
    handler: api("content/delete"),
    entitlement: "validPlan",
    grants: ["table:write", "content:write"],
    keys: "none",
  },
  // The team's side: the list has no links; each download link and upload is audited.
  "GET /api/staff/customers/{userId}/files": {
    handler: api("content/staff-list"),
    entitlement: "staff",
    grants: ["table:read"],
  },
  "POST /api/staff/customers/{userId}/files/{fileId}/download": {
    handler: api("content/staff-download"),
    entitlement: "staff",
    grants: ["table:write", "content:read"],
  },
  "POST /api/staff/customers/{userId}/uploads": {
    handler: api("content/staff-create-upload"),
    entitlement: "staff",
    grants: ["table:write", "content:upload"],
  },
  "POST /api/staff/customers/{userId}/files/{fileId}/confirm": {
    handler: api("content/staff-confirm"),
    entitlement: "staff",
    grants: ["table:write", "content:write"],
  },

  // The provider's console (docs/console.md): staff only, across customers.
  "GET /api/staff/requests": {
    handler: api("staff/requests"),
    entitlement: "staff",
    grants: ["table:read"],
  },
  "GET /api/staff/customers": {
    handler: api("staff/customers"),
    entitlement: "staff",
    grants: ["table:read"],
  },
  "GET /api/staff/customers/{userId}": {
    handler: api("staff/customer"),
    entitlement: "staff",
    grants: READ_SITES,
  },
  "PATCH /api/staff/customers/{userId}/sites/{siteId}": {
    handler: api("staff/update-site"),
    entitlement: "staff",
    // Going live queues a screenshot and a Lighthouse run of the live site; a status change
    // is a domain event the customer is mailed about. The answer has no screenshot URL to
    // presign (contracts/staff.ts, staffSiteLifecycleSchema).
    grants: ["table:write", "jobs:send", "events:send"],
  },
  // A customer's API keys: seen by their metadata, revoked with an audit entry.
  "GET /api/staff/customers/{userId}/api-keys": {
    handler: api("staff/customer-keys"),
    entitlement: "staff",
    grants: ["table:read"],
  },
  // The mail the portal sent the account and what became of each (docs/console.md, "Mail sent").
  "GET /api/staff/customers/{userId}/mail": {
    handler: api("staff/customer-mail"),
    entitlement: "staff",
    grants: ["table:read"],
  },
  // An ownerless account's rescue: one of its people made owner, the flag cleared (docs/team.md).
  "POST /api/staff/customers/{userId}/owner": {
    handler: api("staff/appoint-owner"),
    entitlement: "staff",
    grants: ["table:write", "identity:admin"],
  },
  "DELETE /api/staff/customers/{userId}/api-keys/{apiKeyId}": {
    handler: api("staff/revoke-customer-key"),
    entitlement: "staff",
    grants: ["table:write", "tombstones:write"],
  },
  "GET /api/staff/tickets": {
    handler: api("staff/inbox"),
    entitlement: "staff",
    grants: ["table:read"],
  },
  "GET /api/staff/customers/{userId}/tickets/{ticketId}": {
    handler: api("staff/ticket"),
    entitlement: "staff",
    grants: ["table:read"],
  },
  "POST /api/staff/customers/{userId}/tickets/{ticketId}/messages": {
    handler: api("staff/reply"),
    entitlement: "staff",
    grants: ["table:write", "events:send"],
  },
  "PATCH /api/staff/customers/{userId}/tickets/{ticketId}": {
    handler: api("staff/update-ticket"),
    entitlement: "staff",
    grants: ["table:write", "events:send"],
  },
  "GET /api/staff/upsells": {
    handler: api("staff/upsells"),
    entitlement: "staff",
    grants: ["table:read"],
  },
  "PATCH /api/staff/customers/{userId}/upsells/{upsellId}": {
    handler: api("staff/update-upsell"),
    entitlement: "staff",
    grants: ["table:write"],
  },
  "GET /api/staff/audit-log": {
    handler: api("staff/audit-log"),
    entitlement: "staff",
    grants: ["table:read"],
  },
  // The monthly care report (docs/reports.md): the page's reads, the PDF's presigned download
  // and its rendering on the jobs worker; the staff's view and personal note.
  "GET /api/sites/{id}/reports": {
    handler: api("reports/list"),
    entitlement: "validPlan",
    grants: ["table:read"],
  },
  "GET /api/sites/{id}/reports/{month}": {
    handler: api("reports/view"),
    entitlement: "validPlan",
    grants: ["table:read"],
  },
  "GET /api/sites/{id}/reports/{month}/pdf": {
    handler: api("reports/pdf"),
    entitlement: "validPlan",
    grants: ["table:read", "screenshots:read"],
  },
  "POST /api/sites/{id}/reports/{month}/pdf": {
    handler: api("reports/render-pdf"),
    entitlement: "validPlan",
    // table:write: the pending PDF's marker and the customer's hourly allowance.
    grants: ["table:write", "jobs:send"],
  },
  "GET /api/staff/customers/{userId}/reports": {
    handler: api("reports/staff-list"),
    entitlement: "staff",
    grants: ["table:read"],
  },
  "PUT /api/staff/customers/{userId}/sites/{siteId}/reports/{month}/note": {
    handler: api("reports/staff-note"),
    entitlement: "staff",
    grants: ["table:write"],
  },

  // Review and approval of the draft (docs/sites.md, "Review and approval"). An approval is
  // signed in only: it lets the team take the site live and cannot be taken back
  // (docs/developer-api.md, "What a key can reach"); a list of changes may come from a key.
  "GET /api/sites/{id}/review": {
    handler: api("review/get"),
    entitlement: "validPlan",
    grants: READ_SITES,
  },
  "POST /api/sites/{id}/review/rounds/{round}/approve": {
    handler: api("review/approve"),
    entitlement: "onboarded",
    grants: ["table:write", "screenshots:read", "events:send"],
    keys: "none",
  },
  "POST /api/sites/{id}/review/rounds/{round}/changes": {
    handler: api("review/request-changes"),
    entitlement: "onboarded",
    grants: ["table:write", "screenshots:read", "events:send"],
  },
  "GET /api/staff/customers/{userId}/sites/{siteId}/review": {
    handler: api("review/staff-get"),
    entitlement: "staff",
    grants: READ_SITES,
  },
  // Posting a version queues its screenshot and tells the customer.
  "POST /api/staff/customers/{userId}/sites/{siteId}/review/rounds": {
    handler: api("review/staff-post-round"),
    entitlement: "staff",
    grants: ["table:write", "screenshots:read", "jobs:send", "events:send"],
  },
  // A site's deployments (docs/hosting.md "API"): the upload presigns under uploads/ only, the
  // confirm checks it and queues the worker, publishing writes only the routing entries (and
  // the go-live effects: screenshot, Lighthouse run, domain events).
  "GET /api/staff/customers/{userId}/sites/{siteId}/deployments": {
    handler: api("hosting/list"),
    entitlement: "staff",
    grants: ["table:read"],
  },
  "POST /api/staff/customers/{userId}/sites/{siteId}/deployments": {
    handler: api("hosting/create-upload"),
    entitlement: "staff",
    grants: ["table:write", "hosting:upload"],
  },
  "GET /api/staff/customers/{userId}/sites/{siteId}/deployments/{deploymentId}": {
    handler: api("hosting/get"),
    entitlement: "staff",
    grants: ["table:read"],
  },
  "POST /api/staff/customers/{userId}/sites/{siteId}/deployments/{deploymentId}/confirm": {
    handler: api("hosting/confirm"),
    entitlement: "staff",
    grants: ["table:write", "hosting:upload", "deployments:send"],
  },
  "POST /api/staff/customers/{userId}/sites/{siteId}/deployments/{deploymentId}/publish": {
    handler: api("hosting/publish"),
    entitlement: "staff",
    grants: ["table:write", "edge-routes:write", "jobs:send", "events:send"],
  },
  "GET /api/staff/review-requests": {
    handler: api("review/staff-requests"),
    entitlement: "staff",
    grants: ["table:read"],
  },

  // The customer's team (docs/team.md): reading it is any member's, changing it an owner's;
  // never with an API key (people are managed signed in, like keys). The Backend API grant is
  // for mirroring a change to the account's organization at the identity provider.
  "GET /api/team": team("get", ["table:read"]),
  "POST /api/team/invitations": team("invite", ["table:write", "mail:send"], "owner"),
  "POST /api/team/invitations/{id}/resend": team("resend", ["table:write", "mail:send"], "owner"),
  "DELETE /api/team/invitations/{id}": team("revoke", ["table:write"], "owner"),
  "PATCH /api/team/members/{userId}": team("change-role", TEAM_CHANGE, "owner"),
  "DELETE /api/team/members/{userId}": team("remove-member", TEAM_CHANGE, "owner"),
  "POST /api/team/transfer-ownership": team("transfer-ownership", TEAM_CHANGE, "owner"),
  "POST /api/team/leave": team("leave", TEAM_CHANGE),
  // The person's own, whichever account the session chose (scope "person"): a person removed
  // from the current account can still see and pick the others.
  "GET /api/team/accounts": { ...team("accounts", ["table:read"]), scope: "person" },
  // Making the organization, the first time an account is picked, writes it on the account.
  "POST /api/team/accounts/switch": { ...team("switch-account", TEAM_CHANGE), scope: "person" },
  // Public: the invitation page before sign-in; the link's secret is the authority.
  "GET /api/invitations/{token}": {
    handler: api("team/lookup-invitation"),
    entitlement: "public",
    grants: ["table:read"],
  },
  "POST /api/invitations/{token}/accept": {
    ...team("accept-invitation", TEAM_CHANGE),
    scope: "person",
  },

  // Public: customers' sites load the tracking script and send page views (no sign-in).
  "GET /api/collect.js": { handler: api("analytics/script"), entitlement: "public", grants: [] },
  "POST /api/collect": {
    handler: api("analytics/collect"),
    entitlement: "public",
    grants: ["table:page-views", "analytics:salt", "page-views:send"],
  },
  // Public: the unsubscribe link of every mail; its signed token is the authority.
  "GET /api/notifications/unsubscribe": {
    handler: api("notifications/unsubscribe-page"),
    entitlement: "public",
    grants: ["mail:unsubscribe-key"],
  },
  "POST /api/notifications/unsubscribe": {
    handler: api("notifications/unsubscribe"),
    entitlement: "public",
    grants: ["table:write", "mail:unsubscribe-key"],
  },
  // Public: the identity provider's webhook (docs/privacy.md); its signature is the authority.
  "POST /api/webhooks/clerk": {
    handler: api("webhooks/clerk"),
    entitlement: "public",
    grants: ["table:write", "identity:webhook-secret", "tombstones:write"],
  },
} as const satisfies Record<string, RouteRecord>;

export type RouteKey = keyof typeof routes;

/** Every route key a record answers: its own first, then its `alsoAt` ones. */
export function routeKeysOf(routeKey: string, record: RouteRecord): readonly string[] {
  return [routeKey, ...(record.alsoAt ?? [])];
}

/** An `alsoAt` route key to the key of the record that answers it. */
const recordKeyOfAlias = new Map(
  Object.entries(routes as Readonly<Record<RouteKey, RouteRecord>>).flatMap(([key, record]) =>
    (record.alsoAt ?? []).map((alias) => [alias, key as RouteKey] as const),
  ),
);

/** The record of a route key as API Gateway names it in the event (`event.routeKey`). */
export function routeRecord(routeKey: string): RouteRecord | undefined {
  if (Object.hasOwn(routes, routeKey)) return routes[routeKey as RouteKey];
  const key = recordKeyOfAlias.get(routeKey);
  return key === undefined ? undefined : routes[key];
}

/** Non-API functions, named the same way. */
export const jobsWorkerHandler = "packages/functions/src/workers/jobs.handler";
/** The browser function the jobs worker invokes (docs/security.md, "The audit browser"). */
export const browserHandler = "packages/functions/src/browser/handler.handler";
export const stripeWebhookHandler = "packages/functions/src/webhooks/stripe.handler";
export const notificationsWorkerHandler = "packages/functions/src/workers/notifications.handler";
export const uptimeWorkerHandler = "packages/functions/src/workers/uptime.handler";
export const webhooksWorkerHandler = "packages/functions/src/workers/webhooks.handler";
export const siteDeletionsWorkerHandler = "packages/functions/src/workers/site-deletions.handler";
/** The custom domains' certificates and tenants (docs/hosting.md "Custom domains over HTTPS"). */
export const customDomainsWorkerHandler = "packages/functions/src/workers/custom-domains.handler";
export const monthlyReportsWorkerHandler = "packages/functions/src/workers/monthly-reports.handler";

/**
 * The PrivacyJobs consumer (docs/privacy.md), read by stacks/Privacy.ts and the local stack:
 * one job per invocation, a customer's data export (their partition, Stripe's invoices and their
 * screenshots into one zip) or the erasure of their account.
 */
export const privacyJobsConsumer = {
  handler: "packages/functions/src/workers/privacy-jobs.handler",
  timeoutSeconds: 300,
  /** Receives before a message is dead-lettered (an export is then marked failed). */
  maxReceiveCount: 3,
  /** Jobs at once: an export holds a customer's data in memory; a few a day are asked for. */
  maxConcurrency: 2,
} as const;

/**
 * The Deployments consumer (docs/hosting.md "Queue and worker"), read by the queue table and
 * the stacks: one deployment per invocation, unpacking a zip of up to 100 MB into the hosting
 * bucket; two at once.
 */
export const deploymentsConsumer = {
  handler: "packages/functions/src/workers/deployments.handler",
  timeoutSeconds: 300,
  /** Receives before a message is dead-lettered (the deployment is then marked failed). */
  maxReceiveCount: 3,
  maxConcurrency: 2,
} as const;

/**
 * The page-views consumer and how its queue feeds it (docs/analytics.md "Write path"), read by
 * stacks/Analytics.ts and by the local stack, so both batch alike. Lambda invokes it when a
 * batch is full or the window has passed since the first view of the batch arrived: the window
 * is the report's lag, and what lets one write carry many views.
 */
export const pageViewsConsumer = {
  handler: "packages/functions/src/workers/page-views.handler",
  batchSize: 1000,
  batchWindowSeconds: 5,
  /** Batches at once: bounds the writes per second any one counter item can see. */
  maxConcurrency: 10,
  timeoutSeconds: 60,
} as const;

/**
 * SES's bounces and complaints: the consumer of the MailFeedback queue the configuration set's
 * SNS topic feeds (stacks/mail-feedback.ts), and of the local SES's feedback (docs/notifications.md).
 */
export const mailFeedbackConsumer = {
  handler: "packages/functions/src/workers/mail-feedback.handler",
  timeoutSeconds: 30,
  /** Receives before an event is dead-lettered: a write to the table that keeps failing. */
  maxReceiveCount: 5,
} as const;
