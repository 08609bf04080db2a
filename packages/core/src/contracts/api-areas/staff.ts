/** The provider's console. The routes' contracts (contracts/api.ts). */
import {
  confirmUploadRequestSchema,
  contentFileSchema,
  contentListQuerySchema,
  contentListSchema,
  createUploadRequestSchema,
  downloadSchema,
  presignedUploadSchema,
  staffFileParamsSchema,
} from "../content";
import { apiKeyListSchema, apiKeySchema } from "../developer";
import {
  reportNoteResultSchema,
  reportNoteSchema,
  staffCustomerReportsSchema,
  staffReportParamsSchema,
} from "../reports";
import {
  reviewRequestsPageSchema,
  reviewRoundCreateSchema,
  reviewRoundSchema,
  siteReviewSchema,
} from "../review";
import {
  auditLogPageSchema,
  auditLogQuerySchema,
  cursorQuerySchema,
  staffApiKeyParamsSchema,
  staffAppointOwnerSchema,
  staffCustomerParamsSchema,
  staffCustomerSchema,
  staffCustomerSearchSchema,
  staffCustomersPageSchema,
  staffInboxQuerySchema,
  staffInboxSchema,
  staffMailPageSchema,
  staffReplySchema,
  staffRequestsPageSchema,
  staffSiteLifecycleSchema,
  staffSiteParamsSchema,
  staffSiteUpdateSchema,
  staffTeamMemberSchema,
  staffTicketMessageSchema,
  staffTicketParamsSchema,
  staffTicketSchema,
  staffTicketThreadSchema,
  staffTicketUpdateSchema,
  staffUpsellParamsSchema,
  staffUpsellSchema,
  staffUpsellsPageSchema,
  staffUpsellUpdateSchema,
} from "../staff";
import type { RouteContract } from "./index";

export const contracts = {
  "GET /api/staff/customers/{userId}/sites/{siteId}/review": {
    params: staffSiteParamsSchema,
    response: siteReviewSchema,
  },
  "POST /api/staff/customers/{userId}/sites/{siteId}/review/rounds": {
    status: 201,
    params: staffSiteParamsSchema,
    body: reviewRoundCreateSchema,
    response: reviewRoundSchema,
  },
  "GET /api/staff/review-requests": {
    query: cursorQuerySchema,
    response: reviewRequestsPageSchema,
  },
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
  "GET /api/staff/customers/{userId}/mail": {
    params: staffCustomerParamsSchema,
    query: cursorQuerySchema,
    response: staffMailPageSchema,
  },
  "DELETE /api/staff/customers/{userId}/api-keys/{apiKeyId}": {
    params: staffApiKeyParamsSchema,
    response: apiKeySchema,
  },
  "POST /api/staff/customers/{userId}/owner": {
    params: staffCustomerParamsSchema,
    body: staffAppointOwnerSchema,
    response: staffTeamMemberSchema,
  },
  "PATCH /api/staff/customers/{userId}/sites/{siteId}": {
    params: staffSiteParamsSchema,
    body: staffSiteUpdateSchema,
    response: staffSiteLifecycleSchema,
  },
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
    status: 201,
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
    status: 201,
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
