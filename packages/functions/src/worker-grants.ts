/**
 * THE grants of every function that is not an API route: the queue consumers, the schedules and
 * the Stripe webhook. The stacks grant each function its row (stacks/grants.ts), and
 * tests/infra/worker-grants.test.ts proves each row against the function's bundle the way
 * tests/infra/bundles.test.ts proves the routes' records: every adapter in the bundle has its
 * grant, every grant an adapter, and a function that writes the table holds table:write.
 */
import { QUEUE_CONSUMERS } from "./queue-consumers";
import {
  customDomainsWorkerHandler,
  type Grant,
  monthlyReportsWorkerHandler,
  siteDeletionsWorkerHandler,
  stripeWebhookHandler,
  uptimeWorkerHandler,
} from "./routes";

export interface WorkerGrants {
  handler: string;
  grants: readonly Grant[];
}

export const WORKER_GRANTS = {
  /**
   * Domain events to mails and webhook deliveries (stacks/Events.ts): claims event ids and reads
   * the user, sends the mail, signs the unsubscribe link, queues the customer's deliveries.
   */
  Notifications: {
    handler: QUEUE_CONSUMERS.Events.handler,
    grants: ["table:write", "mail:send", "mail:unsubscribe-key", "webhooks:send"],
  },
  /**
   * Uptime and certificate checks (stacks/Events.ts): reads live sites, writes their monitor
   * items and daily counts, emits site.down, site.recovered and site.certificate_expiring.
   */
  UptimeChecks: { handler: uptimeWorkerHandler, grants: ["table:write", "events:send"] },
  /**
   * Deletion of sites past their grace period (stacks/Events.ts): erases sites and their
   * screenshots (with the listing a prefix delete needs), asks Stripe once more, mails.
   */
  SiteDeletions: {
    handler: siteDeletionsWorkerHandler,
    grants: ["table:write", "screenshots:write", "stripe", "events:send"],
  },
  /**
   * The webhook sender (stacks/Events.ts): reads the endpoint and logs each attempt, queues the
   * next try, tells the customer when it turns an endpoint off.
   */
  WebhookSender: {
    handler: QUEUE_CONSUMERS.WebhookDeliveries.handler,
    grants: ["table:write", "webhooks:send", "events:send"],
  },
  /**
   * The jobs worker (stacks/Jobs.ts): reads its jobs and writes their results, stores
   * screenshots, tells the customer's webhooks a run completed, puts jobs back.
   */
  JobsWorker: {
    handler: QUEUE_CONSUMERS.Jobs.handler,
    grants: ["table:write", "screenshots:write", "events:send", "jobs:send"],
  },
  /** The monthly reports' schedule (stacks/Jobs.ts): queues each customer's report, mails. */
  MonthlyReports: {
    handler: monthlyReportsWorkerHandler,
    grants: ["table:write", "jobs:send", "events:send"],
  },
  /** The page-views consumer (stacks/Analytics.ts): adds views to the counters, nothing else. */
  PageViewsConsumer: { handler: QUEUE_CONSUMERS.PageViews.handler, grants: ["table:count-views"] },
  /**
   * Data exports and account erasures (stacks/Privacy.ts, docs/privacy.md): reads and erases the
   * customer's partition, zips their screenshots into an export, asks Stripe for invoices,
   * deletes the identity at Clerk, mails the link.
   */
  PrivacyJobs: {
    handler: QUEUE_CONSUMERS.PrivacyJobs.handler,
    grants: [
      "table:write",
      "screenshots:write",
      "exports:write",
      "stripe",
      "identity:admin",
      "events:send",
      "tombstones:write",
    ],
  },
  /** The Stripe webhook (stacks/Webhooks.ts): records billing events, mails failed payments. */
  StripeWebhook: {
    handler: stripeWebhookHandler,
    // A subscription's end or return queues its sites' hosts' update (docs/hosting.md).
    grants: ["table:write", "stripe", "events:send", "deployments:send"],
  },
  /** SES's bounces and complaints (stacks/mail-feedback.ts): writes why mail to a user is off. */
  MailFeedbackConsumer: { handler: QUEUE_CONSUMERS.MailFeedback.handler, grants: ["table:write"] },
  /**
   * Hosted sites' deployments (stacks/Hosting.ts, docs/hosting.md): unpacks an upload into its
   * deployment's folder, records it, and writes the routing entries.
   */
  DeploymentsWorker: {
    handler: QUEUE_CONSUMERS.Deployments.handler,
    grants: ["table:write", "hosting:write", "edge-routes:write"],
  },
  /**
   * Custom domains' certificates and tenants (stacks/Hosting.ts, docs/hosting.md "Custom domains
   * over HTTPS"): writes the tenants' state, makes and removes tenants, writes the domains'
   * routing entries.
   */
  CertificateChecks: {
    handler: customDomainsWorkerHandler,
    grants: ["table:write", "hosting:tenants", "edge-routes:write"],
  },
} as const satisfies Record<string, WorkerGrants>;
