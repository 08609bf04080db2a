/**
 * The ElectroDB Service over the one table: every entity, their collections, and the item
 * types other modules use. Access patterns and keys: packages/core/README.md.
 */
import { type CollectionItem, createWriteTransaction, Service } from "electrodb";
import { documentClient, tableName } from "./client";
import { Activity } from "./entities/activity";
import { AnalyticsCount } from "./entities/analytics-count";
import { AnalyticsDay } from "./entities/analytics-day";
import { ApiKey } from "./entities/api-key";
import { LighthouseResult, SeoResult } from "./entities/audit";
import { ContentFile } from "./entities/content-file";
import { CustomerSearchWord } from "./entities/customer-search";
import { DataExport } from "./entities/data-export";
import { Deployment } from "./entities/deployment";
import { DomainClaim } from "./entities/domain-claim";
import { EmailClaim } from "./entities/email-claim";
import { HostingTenant } from "./entities/hosting-tenant";
import { IdempotencyKey } from "./entities/idempotency-key";
import { Invitation } from "./entities/invitation";
import { InvitationAddress } from "./entities/invitation-address";
import { MailedEvent } from "./entities/mailed-event";
import { Membership } from "./entities/membership";
import { MonthlyReport, ReportRun, UptimeIncident } from "./entities/monthly-report";
import { Questionnaire } from "./entities/questionnaire";
import { ReviewRound } from "./entities/review-round";
import { ScreenshotJob } from "./entities/screenshot-job";
import { Site } from "./entities/site";
import { SiteDeletion } from "./entities/site-deletion";
import { StaffAction } from "./entities/staff-action";
import { StripeEvent } from "./entities/stripe-event";
import { Ticket, TicketMessage } from "./entities/ticket";
import { Upsell } from "./entities/upsell";
import { SiteMonitor, UptimeDay } from "./entities/uptime";
import { User } from "./entities/user";
import { Webhook, WebhookDelivery } from "./entities/webhook";
import { WebhookAttempt } from "./entities/webhook-attempt";

/** Every entity of the one table, by the name `db.entities.<name>` gives it. */
const ENTITIES = {
  user: User,
  emailClaim: EmailClaim,
  site: Site,
  ticket: Ticket,
  ticketMessage: TicketMessage,
  activity: Activity,
  upsell: Upsell,
  apiKey: ApiKey,
  webhook: Webhook,
  webhookDelivery: WebhookDelivery,
  questionnaire: Questionnaire,
  seoResult: SeoResult,
  lighthouseResult: LighthouseResult,
  screenshotJob: ScreenshotJob,
  stripeEvent: StripeEvent,
  mailedEvent: MailedEvent,
  domainClaim: DomainClaim,
  analyticsDay: AnalyticsDay,
  analyticsCount: AnalyticsCount,
  staffAction: StaffAction,
  siteMonitor: SiteMonitor,
  uptimeDay: UptimeDay,
  siteDeletion: SiteDeletion,
  dataExport: DataExport,
  reviewRound: ReviewRound,
  contentFile: ContentFile,
  webhookAttempt: WebhookAttempt,
  customerSearchWord: CustomerSearchWord,
  monthlyReport: MonthlyReport,
  uptimeIncident: UptimeIncident,
  reportRun: ReportRun,
  deployment: Deployment,
  hostingTenant: HostingTenant,
  membership: Membership,
  invitation: Invitation,
  invitationAddress: InvitationAddress,
  idempotencyKey: IdempotencyKey,
} as const;

type EntityName = keyof typeof ENTITIES;
type Entities = { [Name in EntityName]: ReturnType<(typeof ENTITIES)[Name]> };

function makeService(entities: Entities) {
  return new Service(entities, { client: documentClient(), table: tableName() });
}

/** The ElectroDB Service over every entity: the type `db` answers with. */
export type Db = ReturnType<typeof makeService>;

const made: Partial<Entities> = {};

/** One entity of this container, made on first use with the table's client and name. */
function entity<Name extends EntityName>(name: Name): Entities[Name] {
  made[name] ??= ENTITIES[name]({
    client: documentClient(),
    table: tableName(),
  }) as Entities[Name];
  return made[name] as Entities[Name];
}

/** The entities this container has made so far, in the order it made them (tests, the cold bench). */
export function madeEntities(): EntityName[] {
  return Object.keys(made) as EntityName[];
}

let service: Db | undefined;

/** The Service, for the collections: every entity is made (a collection spans them all). */
function fullService(): Db {
  service ??= makeService(
    Object.fromEntries(
      Object.keys(ENTITIES).map((name) => [name, entity(name as EntityName)]),
    ) as Entities,
  );
  return service;
}

const lazyEntities = new Proxy({} as Db["entities"], {
  get: (_target, name) =>
    typeof name === "string" && Object.hasOwn(ENTITIES, name)
      ? entity(name as EntityName)
      : undefined,
});

/**
 * A write transaction over only the entities its callback names: the callback is called once
 * with entities made as it reaches them, and ElectroDB's standalone transaction (the one the
 * Service's own `transaction.write` is built on) gets those and the items they made.
 */
const transaction: Pick<Db["transaction"], "write"> = {
  write: ((build: (entities: Partial<Entities>) => unknown[]) => {
    const named: Partial<Entities> = {};
    const items = build(
      new Proxy(named, {
        get: (_target, name) => {
          if (typeof name !== "string" || !Object.hasOwn(ENTITIES, name)) return undefined;
          return Object.assign(named, { [name]: entity(name as EntityName) })[name as EntityName];
        },
      }),
    );
    return createWriteTransaction(named as Entities, () => items as never);
  }) as unknown as Db["transaction"]["write"],
};

/**
 * The table, as ElectroDB's Service over every entity:
 * - `db.entities.<name>` for one entity; made when first used, not at import, so a route's
 *   cold start makes none and its first request only the entities it touches (lazyEntity in
 *   entities/common.ts, docs/performance.md "`cold`");
 * - `db.transaction.write(({ a, b }) => [...])`: a transaction over the entities it names;
 * - `db.collections.<name>` for a query across entities (makes the whole Service):
 *   - customer({ userId }): everything a customer owns (one partition)
 *   - dashboard({ userId }): user, sites, tickets, activities, questionnaires
 *   - thread({ userId, ticketId }): one ticket and its messages, oldest first (gsi1)
 *
 * The table's binding is read at first use too: a missing grant then fails loudly, naming it
 * (adapters/bindings.ts).
 */
export const db: Pick<Db, "entities" | "collections"> & { transaction: typeof transaction } = {
  entities: lazyEntities,
  get collections() {
    return fullService().collections;
  },
  transaction,
};

export type CustomerCollection = CollectionItem<Db, "customer">;
export type DashboardCollection = CollectionItem<Db, "dashboard">;
export type ThreadCollection = CollectionItem<Db, "thread">;

export type { ActivityItem } from "./entities/activity";
export type { AnalyticsCountItem, CountDimension } from "./entities/analytics-count";
export type { AnalyticsDayItem } from "./entities/analytics-day";
export { decodeAnalyticsKey, encodeAnalyticsKey } from "./entities/analytics-day";
export type { ApiKeyItem } from "./entities/api-key";
export type { JobStatus, LighthouseResultItem, SeoResultItem, Strategy } from "./entities/audit";
export { JOB_STATUSES, STRATEGIES } from "./entities/audit";
export type { ContentFileItem } from "./entities/content-file";
export type { DataExportItem } from "./entities/data-export";
export type { DeploymentItem } from "./entities/deployment";
export type { DomainClaimItem } from "./entities/domain-claim";
export type { EmailClaimItem } from "./entities/email-claim";
export { normalizeEmail } from "./entities/email-claim";
export type { HostingTenantItem } from "./entities/hosting-tenant";
export type { InvitationItem } from "./entities/invitation";
export type { MailedEventItem } from "./entities/mailed-event";
export type { MembershipItem } from "./entities/membership";
export type {
  MonthlyReportItem,
  ReportRunItem,
  UptimeIncidentItem,
} from "./entities/monthly-report";
export type { QuestionnaireItem } from "./entities/questionnaire";
export {
  ADDITIONAL_SERVICES,
  BUDGETS,
  CONTACT_PREFERENCES,
  DESIGN_STYLES,
  INDUSTRIES,
  TIMELINES,
  WEBSITE_TYPES,
} from "./entities/questionnaire";
export type { ReviewRoundItem } from "./entities/review-round";
export type { ScreenshotJobItem } from "./entities/screenshot-job";
export type { SiteItem, SiteStatus } from "./entities/site";
export { DOMAIN_STATUSES, SITE_CATEGORIES, SITE_STATUSES } from "./entities/site";
export type { StripeEventItem } from "./entities/stripe-event";
export type {
  TicketCategory,
  TicketItem,
  TicketMessageItem,
  TicketPriority,
  TicketStatus,
} from "./entities/ticket";
export { TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES } from "./entities/ticket";
export type { UpsellItem } from "./entities/upsell";
export { toPrice } from "./entities/upsell";
export type { SiteMonitorItem, UptimeDayItem } from "./entities/uptime";
export type { Plan, UserItem } from "./entities/user";
export { PLANS } from "./entities/user";
export type { WebhookDeliveryItem, WebhookItem } from "./entities/webhook";
export { isConditionFailure, isInvalidWrite } from "./errors";
export { idFloor, isId, newId } from "./ids";
