/**
 * The API as the SPA calls it: for every route of the route table a session can call
 * (packages/functions/src/routes.ts), the zod contracts of its path parameters, query, body and
 * answer, keyed by the same "METHOD /path" as the route records. The handlers validate requests
 * with these same schemas; packages/functions/src/api-contracts.test.ts holds the two to each
 * other, route by route, and the SPA's `call()` (packages/web/src/api/call.ts) builds each
 * request from them and parses every answer with `response`.
 *
 * Imported by the web bundle: zod and contracts only.
 */
import {
  analyticsDataQuerySchema,
  analyticsDataSchema,
  analyticsSettingsSchema,
  connectGaRequestSchema,
} from "./analytics";
import {
  lighthouseAnalyzeRequestSchema,
  lighthouseJobListSchema,
  seoAnalyzeRequestSchema,
  seoJobListSchema,
  seoJobSchema,
  storedLighthouseJobSchema,
} from "./audit-jobs";
import {
  billingSubscriptionResponseSchema,
  completePaymentResponseSchema,
  createPaymentIntentRequestSchema,
  createPaymentIntentResponseSchema,
  createSubscriptionRequestSchema,
  createSubscriptionResponseSchema,
  invoicesResponseSchema,
  paymentMethodsResponseSchema,
  redirectUrlResponseSchema,
  setDefaultPaymentMethodRequestSchema,
  setDefaultPaymentMethodResponseSchema,
  subscriptionChangeResponseSchema,
  verifySubscriptionResponseSchema,
} from "./billing";
import {
  confirmUploadRequestSchema,
  contentFileSchema,
  contentListQuerySchema,
  contentListSchema,
  createUploadRequestSchema,
  downloadSchema,
  fileIdParamsSchema,
  presignedUploadSchema,
  staffFileParamsSchema,
} from "./content";
import { activityListQuerySchema, activityListSchema, dashboardStatsSchema } from "./dashboard";
import {
  apiKeyCreatedSchema,
  apiKeyCreateSchema,
  apiKeyListSchema,
  apiKeySchema,
  webhookCreatedSchema,
  webhookCreateSchema,
  webhookDeliveryListSchema,
  webhookListSchema,
  webhookQueuedSchema,
  webhookSchema,
  webhookUpdateSchema,
} from "./developer";
import { siteUptimeSchema } from "./monitoring";
import {
  accountDeleteSchema,
  accountDeletionSchema,
  dataExportSchema,
  dataExportStatusSchema,
} from "./privacy";
import {
  questionnaireInputSchema,
  questionnaireStatusSchema,
  submitQuestionnaireResponseSchema,
} from "./questionnaires";
import {
  reportMonthsSchema,
  reportNoteResultSchema,
  reportNoteSchema,
  reportParamsSchema,
  reportPdfQueuedSchema,
  reportPdfSchema,
  reportViewSchema,
  staffCustomerReportsSchema,
  staffReportParamsSchema,
} from "./reports";
import {
  reviewChangesRequestSchema,
  reviewRequestsPageSchema,
  reviewRoundCreateSchema,
  reviewRoundParamsSchema,
  reviewRoundSchema,
  siteReviewSchema,
} from "./review";
import {
  addDomainResponseSchema,
  addDomainSchema,
  refreshScreenshotResponseSchema,
  refreshScreenshotsResponseSchema,
  siteIdParamsSchema,
  siteListSchema,
  siteSchema,
  siteUpdateSchema,
  verifyDomainResponseSchema,
} from "./sites";
import {
  auditLogPageSchema,
  auditLogQuerySchema,
  cursorQuerySchema,
  staffApiKeyParamsSchema,
  staffCustomerParamsSchema,
  staffCustomerSchema,
  staffCustomerSearchSchema,
  staffCustomersPageSchema,
  staffInboxQuerySchema,
  staffInboxSchema,
  staffReplySchema,
  staffRequestsPageSchema,
  staffSiteLifecycleSchema,
  staffSiteParamsSchema,
  staffSiteUpdateSchema,
  staffTicketMessageSchema,
  staffTicketParamsSchema,
  staffTicketSchema,
  staffTicketThreadSchema,
  staffTicketUpdateSchema,
  staffUpsellParamsSchema,
  staffUpsellSchema,
  staffUpsellsPageSchema,
  staffUpsellUpdateSchema,
} from "./staff";
import {
  createTicketRequestSchema,
  ticketListSchema,
  ticketReplyRequestSchema,
  ticketSchema,
  ticketThreadSchema,
} from "./tickets";
import { currentUserSchema, emailPreferencesUpdateSchema } from "./users";
import * as z from "./zod";

export interface RouteContract {
  params?: z.ZodMiniType;
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
  /** The success answer's JSON; null for a route that answers 204 with no body. */
  response: z.ZodMiniType | null;
}

/** A path's one {id}, as the handlers whose id is any string name it. */
const idParams = z.object({ id: z.string() });

export const apiContracts = {
  "GET /api/auth/user": { response: currentUserSchema },
  "PATCH /api/auth/user/preferences": {
    body: emailPreferencesUpdateSchema,
    response: currentUserSchema,
  },

  "GET /api/sites": { response: siteListSchema },
  "GET /api/sites/{id}/uptime": { params: siteIdParamsSchema, response: siteUptimeSchema },
  "PATCH /api/sites/{id}": {
    params: siteIdParamsSchema,
    body: siteUpdateSchema,
    response: siteSchema,
  },
  "DELETE /api/sites/{id}": { params: siteIdParamsSchema, response: null },
  "POST /api/sites/{id}/domain": {
    params: siteIdParamsSchema,
    body: addDomainSchema,
    response: addDomainResponseSchema,
  },
  "POST /api/sites/{id}/verify-domain": {
    params: siteIdParamsSchema,
    response: verifyDomainResponseSchema,
  },
  "POST /api/sites/refresh-screenshots": { response: refreshScreenshotsResponseSchema },
  "POST /api/sites/{id}/screenshot": {
    params: siteIdParamsSchema,
    response: refreshScreenshotResponseSchema,
  },

  "GET /api/tickets": { response: ticketListSchema },
  "POST /api/tickets": { body: createTicketRequestSchema, response: ticketSchema },
  "GET /api/tickets/{id}": { params: idParams, response: ticketThreadSchema },
  "POST /api/tickets/{id}/messages": {
    params: idParams,
    body: ticketReplyRequestSchema,
    response: ticketThreadSchema,
  },

  "POST /api/questionnaires": {
    body: questionnaireInputSchema,
    response: submitQuestionnaireResponseSchema,
  },
  "GET /api/questionnaires/me": { response: questionnaireStatusSchema },

  "GET /api/dashboard/stats": { response: dashboardStatsSchema },
  "GET /api/activities": { query: activityListQuerySchema, response: activityListSchema },

  "POST /api/create-subscription": {
    body: z.optional(createSubscriptionRequestSchema),
    response: createSubscriptionResponseSchema,
  },
  "POST /api/verify-subscription": { response: verifySubscriptionResponseSchema },
  "POST /api/complete-payment": { response: completePaymentResponseSchema },
  "POST /api/create-payment-intent": {
    body: createPaymentIntentRequestSchema,
    response: createPaymentIntentResponseSchema,
  },
  "GET /api/billing/subscription": { response: billingSubscriptionResponseSchema },
  "GET /api/billing/payment-methods": { response: paymentMethodsResponseSchema },
  "GET /api/billing/invoices": { response: invoicesResponseSchema },
  "POST /api/billing/cancel-subscription": { response: subscriptionChangeResponseSchema },
  "POST /api/billing/reactivate-subscription": { response: subscriptionChangeResponseSchema },
  "POST /api/billing/create-portal-session": { response: redirectUrlResponseSchema },
  "POST /api/billing/add-payment-method": { response: redirectUrlResponseSchema },
  "POST /api/billing/set-default-payment-method": {
    body: setDefaultPaymentMethodRequestSchema,
    response: setDefaultPaymentMethodResponseSchema,
  },

  "POST /api/seo/analyze": { body: seoAnalyzeRequestSchema, response: seoJobSchema },
  "GET /api/seo/results": { response: seoJobListSchema },
  "GET /api/seo/results/{id}": { params: idParams, response: seoJobSchema },
  "POST /api/lighthouse/analyze": {
    body: lighthouseAnalyzeRequestSchema,
    response: storedLighthouseJobSchema,
  },
  "GET /api/lighthouse/results": { response: lighthouseJobListSchema },
  "GET /api/lighthouse/results/{id}": { params: idParams, response: storedLighthouseJobSchema },

  "GET /api/analytics/settings": { response: analyticsSettingsSchema },
  "POST /api/analytics/connect-ga": {
    body: connectGaRequestSchema,
    response: analyticsSettingsSchema,
  },
  "POST /api/analytics/disconnect-ga": { response: analyticsSettingsSchema },
  "GET /api/analytics/data": { query: analyticsDataQuerySchema, response: analyticsDataSchema },

  "GET /api/developer/keys": { response: apiKeyListSchema },
  "POST /api/developer/keys": { body: apiKeyCreateSchema, response: apiKeyCreatedSchema },
  "DELETE /api/developer/keys/{id}": { params: idParams, response: apiKeySchema },
  "GET /api/developer/webhooks": { response: webhookListSchema },
  "POST /api/developer/webhooks": { body: webhookCreateSchema, response: webhookCreatedSchema },
  "PATCH /api/developer/webhooks/{id}": {
    params: idParams,
    body: webhookUpdateSchema,
    response: webhookSchema,
  },
  "DELETE /api/developer/webhooks/{id}": { params: idParams, response: null },
  "POST /api/developer/webhooks/{id}/test": { params: idParams, response: webhookQueuedSchema },
  "GET /api/developer/webhooks/{id}/deliveries": {
    params: idParams,
    response: webhookDeliveryListSchema,
  },
  "POST /api/developer/webhooks/{id}/deliveries/{deliveryId}/redeliver": {
    params: z.object({ id: z.string(), deliveryId: z.string() }),
    response: webhookQueuedSchema,
  },

  "GET /api/sites/{id}/review": { params: idParams, response: siteReviewSchema },
  "POST /api/sites/{id}/review/rounds/{round}/approve": {
    params: reviewRoundParamsSchema,
    response: reviewRoundSchema,
  },
  "POST /api/sites/{id}/review/rounds/{round}/changes": {
    params: reviewRoundParamsSchema,
    body: reviewChangesRequestSchema,
    response: reviewRoundSchema,
  },
  "GET /api/staff/customers/{userId}/sites/{siteId}/review": {
    params: staffSiteParamsSchema,
    response: siteReviewSchema,
  },
  "POST /api/staff/customers/{userId}/sites/{siteId}/review/rounds": {
    params: staffSiteParamsSchema,
    body: reviewRoundCreateSchema,
    response: reviewRoundSchema,
  },
  "GET /api/staff/review-requests": {
    query: cursorQuerySchema,
    response: reviewRequestsPageSchema,
  },

  "GET /api/account/export": { response: dataExportStatusSchema },
  "POST /api/account/export": { response: dataExportSchema },
  "DELETE /api/account": { body: accountDeleteSchema, response: accountDeletionSchema },

  "GET /api/staff/requests": { query: cursorQuerySchema, response: staffRequestsPageSchema },
  "GET /api/staff/customers": {
    query: staffCustomerSearchSchema,
    response: staffCustomersPageSchema,
  },
  "GET /api/staff/customers/{userId}": {
    params: staffCustomerParamsSchema,
    response: staffCustomerSchema,
  },
  "GET /api/staff/customers/{userId}/api-keys": {
    params: staffCustomerParamsSchema,
    response: apiKeyListSchema,
  },
  "DELETE /api/staff/customers/{userId}/api-keys/{apiKeyId}": {
    params: staffApiKeyParamsSchema,
    response: apiKeySchema,
  },
  "PATCH /api/staff/customers/{userId}/sites/{siteId}": {
    params: staffSiteParamsSchema,
    body: staffSiteUpdateSchema,
    response: staffSiteLifecycleSchema,
  },
  "GET /api/content/files": { query: contentListQuerySchema, response: contentListSchema },
  "GET /api/content/files/{id}": { params: fileIdParamsSchema, response: contentFileSchema },
  "POST /api/content/uploads": { body: createUploadRequestSchema, response: presignedUploadSchema },
  "POST /api/content/files/{id}/confirm": {
    params: fileIdParamsSchema,
    body: confirmUploadRequestSchema,
    response: contentFileSchema,
  },
  "DELETE /api/content/files/{id}": { params: fileIdParamsSchema, response: null },
  "GET /api/staff/customers/{userId}/files": {
    params: staffCustomerParamsSchema,
    query: contentListQuerySchema,
    response: contentListSchema,
  },
  "POST /api/staff/customers/{userId}/files/{fileId}/download": {
    params: staffFileParamsSchema,
    response: downloadSchema,
  },
  "POST /api/staff/customers/{userId}/uploads": {
    params: staffCustomerParamsSchema,
    body: createUploadRequestSchema,
    response: presignedUploadSchema,
  },
  "POST /api/staff/customers/{userId}/files/{fileId}/confirm": {
    params: staffFileParamsSchema,
    body: confirmUploadRequestSchema,
    response: contentFileSchema,
  },
  "GET /api/staff/tickets": { query: staffInboxQuerySchema, response: staffInboxSchema },
  "GET /api/staff/customers/{userId}/tickets/{ticketId}": {
    params: staffTicketParamsSchema,
    response: staffTicketThreadSchema,
  },
  "POST /api/staff/customers/{userId}/tickets/{ticketId}/messages": {
    params: staffTicketParamsSchema,
    body: staffReplySchema,
    response: staffTicketMessageSchema,
  },
  "PATCH /api/staff/customers/{userId}/tickets/{ticketId}": {
    params: staffTicketParamsSchema,
    body: staffTicketUpdateSchema,
    response: staffTicketSchema,
  },
  "GET /api/staff/upsells": { query: cursorQuerySchema, response: staffUpsellsPageSchema },
  "PATCH /api/staff/customers/{userId}/upsells/{upsellId}": {
    params: staffUpsellParamsSchema,
    body: staffUpsellUpdateSchema,
    response: staffUpsellSchema,
  },
  "GET /api/staff/audit-log": { query: auditLogQuerySchema, response: auditLogPageSchema },

  // The monthly care report (docs/reports.md).
  "GET /api/sites/{id}/reports": { params: siteIdParamsSchema, response: reportMonthsSchema },
  "GET /api/sites/{id}/reports/{month}": { params: reportParamsSchema, response: reportViewSchema },
  "GET /api/sites/{id}/reports/{month}/pdf": {
    params: reportParamsSchema,
    response: reportPdfSchema,
  },
  "POST /api/sites/{id}/reports/{month}/pdf": {
    params: reportParamsSchema,
    response: reportPdfQueuedSchema,
  },
  "GET /api/staff/customers/{userId}/reports": {
    params: staffCustomerParamsSchema,
    response: staffCustomerReportsSchema,
  },
  "PUT /api/staff/customers/{userId}/sites/{siteId}/reports/{month}/note": {
    params: staffReportParamsSchema,
    body: reportNoteSchema,
    response: reportNoteResultSchema,
  },
} as const satisfies Record<string, RouteContract>;

export type ApiRoute = keyof typeof apiContracts;
