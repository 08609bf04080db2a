/**
 * THE route table. stacks/Api.ts turns every entry into an API Gateway route with its own
 * Lambda, and the local stack serves the same entries through the same handlers, so a route
 * cannot exist in one and not the other.
 *
 * Value: the handler as SST names it, "<file path from the repo root, no extension>.<export>".
 */
export const routes = {
  "GET /api/auth/user": "packages/functions/src/api/auth/user.handler",
  "GET /api/sites": "packages/functions/src/api/sites/list.handler",
  "PATCH /api/sites/{id}": "packages/functions/src/api/sites/update.handler",
  "DELETE /api/sites/{id}": "packages/functions/src/api/sites/delete.handler",
  "POST /api/sites/{id}/domain": "packages/functions/src/api/sites/add-domain.handler",
  "POST /api/sites/{id}/verify-domain": "packages/functions/src/api/sites/verify-domain.handler",
  "POST /api/sites/refresh-screenshots":
    "packages/functions/src/api/sites/refresh-screenshots.handler",
  "POST /api/sites/{id}/screenshot": "packages/functions/src/api/sites/refresh-screenshot.handler",
  "GET /api/tickets": "packages/functions/src/api/tickets/list.handler",
  "POST /api/tickets": "packages/functions/src/api/tickets/create.handler",
  "GET /api/tickets/{id}": "packages/functions/src/api/tickets/get.handler",
  "POST /api/tickets/{id}/messages": "packages/functions/src/api/tickets/reply.handler",
  "POST /api/questionnaires": "packages/functions/src/api/questionnaires/submit.handler",
  "GET /api/questionnaires/me": "packages/functions/src/api/questionnaires/me.handler",
  "GET /api/questionnaire": "packages/functions/src/api/questionnaires/me.handler",
  "GET /api/dashboard/stats": "packages/functions/src/api/dashboard/stats.handler",
  "GET /api/activities": "packages/functions/src/api/activities/list.handler",
  "POST /api/create-subscription": "packages/functions/src/api/billing/create-subscription.handler",
  "POST /api/verify-subscription": "packages/functions/src/api/billing/verify-subscription.handler",
  "POST /api/complete-payment": "packages/functions/src/api/billing/complete-payment.handler",
  "POST /api/create-payment-intent":
    "packages/functions/src/api/billing/create-payment-intent.handler",
  "GET /api/billing/subscription": "packages/functions/src/api/billing/subscription.handler",
  "GET /api/billing/payment-methods": "packages/functions/src/api/billing/payment-methods.handler",
  "GET /api/billing/invoices": "packages/functions/src/api/billing/invoices.handler",
  "POST /api/billing/cancel-subscription":
    "packages/functions/src/api/billing/cancel-subscription.handler",
  "POST /api/billing/reactivate-subscription":
    "packages/functions/src/api/billing/reactivate-subscription.handler",
  "POST /api/billing/create-portal-session":
    "packages/functions/src/api/billing/create-portal-session.handler",
  "POST /api/billing/add-payment-method":
    "packages/functions/src/api/billing/add-payment-method.handler",
  "POST /api/billing/set-default-payment-method":
    "packages/functions/src/api/billing/set-default-payment-method.handler",
  "POST /api/seo/analyze": "packages/functions/src/api/seo/analyze.handler",
  "GET /api/seo/results": "packages/functions/src/api/seo/results.handler",
  "GET /api/seo/results/{id}": "packages/functions/src/api/seo/result.handler",
  "POST /api/lighthouse/analyze": "packages/functions/src/api/lighthouse/analyze.handler",
  "GET /api/lighthouse/results": "packages/functions/src/api/lighthouse/results.handler",
  "GET /api/lighthouse/results/{id}": "packages/functions/src/api/lighthouse/result.handler",
  "GET /api/analytics/settings": "packages/functions/src/api/analytics/settings.handler",
  "POST /api/analytics/connect-ga": "packages/functions/src/api/analytics/connect-ga.handler",
  "POST /api/analytics/disconnect-ga": "packages/functions/src/api/analytics/disconnect-ga.handler",
  "GET /api/analytics/data": "packages/functions/src/api/analytics/data.handler",
  // Public: customers' sites load the tracking script and send page views (no sign-in).
  "GET /api/collect.js": "packages/functions/src/api/analytics/script.handler",
  "POST /api/collect": "packages/functions/src/api/analytics/collect.handler",
} as const satisfies Record<string, string>;

export type RouteKey = keyof typeof routes;

/** Non-API functions, named the same way. */
export const jobsWorkerHandler = "packages/functions/src/workers/jobs.handler";
export const stripeWebhookHandler = "packages/functions/src/webhooks/stripe.handler";
