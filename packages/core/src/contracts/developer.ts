/**
 * The developer API (docs/developer-api.md): API keys and outgoing webhooks, as the Developer
 * section of /settings and the API reference page read them.
 */
import type { DomainEvent } from "./events";
import { text } from "./text";
import * as z from "./zod";

/**
 * What a key may do. `read` reaches the GET routes; `write` also the routes that change
 * things. Billing and key management never answer a key (packages/functions/src/routes.ts).
 * Stored as the spec's list: read → ["read"], write → ["read", "write"].
 */
export const apiKeyPermissionSchema = z.enum(["read", "write"]);
export type ApiKeyPermission = z.infer<typeof apiKeyPermissionSchema>;

/** Expiry choices, as GitHub offers them; null = never. */
export const API_KEY_EXPIRY_DAYS = [7, 30, 90, 365] as const;

export const apiKeyCreateSchema = z.strictObject({
  name: text("Name", { error: "Give the key a name" }).check(
    z.minLength(1, { error: "Give the key a name" }),
    z.maxLength(100, { error: "At most 100 characters" }),
  ),
  permission: z._default(apiKeyPermissionSchema, "read"),
  expiresInDays: z._default(
    z.nullable(
      z.number().check(
        z.int(),
        z.refine((days) => (API_KEY_EXPIRY_DAYS as readonly number[]).includes(days), {
          error: `Choose ${API_KEY_EXPIRY_DAYS.join(", ")} days or no expiry`,
        }),
      ),
    ),
    null,
  ),
});
export type ApiKeyCreate = z.input<typeof apiKeyCreateSchema>;

export const apiKeyStatusSchema = z.enum(["active", "revoked", "expired"]);

/** A key as listed: never the key itself, nor its hash. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, enough to recognise it ("sk_01HV3M8Q"). */
  keyPrefix: z.string(),
  permission: apiKeyPermissionSchema,
  status: apiKeyStatusSchema,
  lastUsed: z.nullable(z.string()),
  expiresAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** POST /api/developer/keys: the full key, this once. */
export const apiKeyCreatedSchema = z.object({ key: z.string(), apiKey: apiKeySchema });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const apiKeyListSchema = z.array(apiKeySchema);

/**
 * The domain events an endpoint can subscribe to: a subset of the domain events' types
 * (contracts/events.ts), which the compiler holds it to, so a renamed event cannot leave a
 * subscription nobody ever sends. `webhook.test` is what "Send test event" sends, whatever the
 * endpoint chose.
 */
export const WEBHOOK_EVENT_TYPES = [
  "site.live",
  "site.status_changed",
  "ticket.staff_replied",
  "ticket.status_changed",
  "audit.completed",
  "domain.verified",
  "payment.failed",
  "site.review_requested",
  "site.approved",
  "site.changes_requested",
] as const satisfies readonly DomainEvent["type"][];
export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;

/** Whether receivers may subscribe to an event of this type. */
export function isWebhookEventType(type: DomainEvent["type"]): type is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type);
}
export const WEBHOOK_TEST_EVENT = "webhook.test";

/**
 * The URL as the text rule takes it, and with no tab inside either: the URL parser silently
 * drops tabs and line breaks, so what was typed and what would be called could differ. What is
 * stored is the parsed `href`, the very address the sender calls.
 */
const endpointUrl = z.pipe(
  text("URL", { error: "Enter the endpoint's URL" }).check(
    z.maxLength(2000, { error: "At most 2000 characters" }),
    z.refine((value) => !value.includes("\t"), { error: "URL cannot contain tabs" }),
    z.refine((value) => URL.canParse(value) && new URL(value).protocol === "https:", {
      error: "Enter an https:// URL",
    }),
  ),
  z.transform((value) => new URL(value).href),
);

const eventList = z.pipe(
  z.array(webhookEventTypeSchema).check(z.minLength(1, { error: "Choose at least one event" })),
  z.transform((events) => [...new Set(events)]),
);

export const webhookCreateSchema = z.strictObject({
  url: endpointUrl,
  events: eventList,
  description: z.optional(
    text("Description").check(z.maxLength(200, { error: "At most 200 characters" })),
  ),
});
export type WebhookCreate = z.input<typeof webhookCreateSchema>;

export const webhookUpdateSchema = z
  .partial(z.strictObject({ url: endpointUrl, events: eventList, isActive: z.boolean() }))
  .check(z.refine((v) => Object.keys(v).length > 0, { error: "Send url, events or isActive" }));
export type WebhookUpdate = z.input<typeof webhookUpdateSchema>;

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.nullable(z.string()),
  events: z.array(z.string()),
  isActive: z.boolean(),
  /** Failed attempts in a row; reset by any success. */
  failureCount: z.number().check(z.int()),
  lastTriggered: z.nullable(z.string()),
  /** Why and when the portal turned the endpoint off (a run of failures), if it did. */
  disabledReason: z.nullable(z.string()),
  disabledAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** POST /api/developer/webhooks: the signing secret, this once. */
export const webhookCreatedSchema = z.object({ secret: z.string(), webhook: webhookSchema });
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;
export const webhookListSchema = z.array(webhookSchema);

export const webhookDeliverySchema = z.object({
  id: z.string(),
  webhookId: z.string(),
  /** The `webhook-id` header: the same for every attempt and redelivery of one message. */
  messageId: z.string(),
  eventType: z.string(),
  /** 1 for the first try of a message, then 2, 3… for the automatic retries. */
  attempt: z.number().check(z.int()),
  trigger: z.enum(["event", "test", "redeliver"]),
  payload: z.unknown(),
  ok: z.boolean(),
  responseStatus: z.nullable(z.number().check(z.int())),
  /** The start of the receiver's answer (at most 1 KB). */
  responseBody: z.nullable(z.string()),
  durationMs: z.nullable(z.number()),
  deliveredAt: z.nullable(z.string()),
  failureReason: z.nullable(z.string()),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = z.array(webhookDeliverySchema);

/** 202 answers of "send test event" and "redeliver": the message is on the queue. */
export const webhookQueuedSchema = z.object({ messageId: z.string(), queued: z.literal(true) });
