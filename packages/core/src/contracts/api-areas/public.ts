/**
 * Public routes: what customers' sites load and send, a mail's unsubscribe link, the identity
 * provider's webhook. No session calls them, so the SPA never loads this area; the handlers
 * and the API reference read it (contracts/api.ts).
 */
import { pageViewResultSchema, pageViewSchema } from "../analytics";
import { identityEventReceiptSchema } from "../privacy";
import { unsubscribeQuerySchema } from "../users";
import { HTML_PAGE, textAnswer } from "./answers";
import type { RouteContract } from "./index";

export const contracts = {
  "GET /api/collect.js": { response: textAnswer("text/javascript; charset=utf-8") },
  // The handler checks the body's size before it parses it (docs/analytics.md).
  "POST /api/collect": {
    body: pageViewSchema,
    rawBody: true,
    response: pageViewResultSchema,
    status: 202,
  },
  "GET /api/notifications/unsubscribe": { query: unsubscribeQuerySchema, response: HTML_PAGE },
  // Mail clients' one-click unsubscribe (RFC 8058) posts a form body, which nothing reads.
  "POST /api/notifications/unsubscribe": {
    query: unsubscribeQuerySchema,
    rawBody: true,
    response: HTML_PAGE,
  },
  // Svix-signed: the handler checks the signature over the raw body.
  "POST /api/webhooks/clerk": { rawBody: true, response: identityEventReceiptSchema },
} as const satisfies Record<string, RouteContract>;
