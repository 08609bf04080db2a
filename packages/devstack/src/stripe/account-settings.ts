/**
 * What an account's owner sets up once in Stripe's Dashboard, and what `npm run preflight`
 * reads back (docs/operations.md "First deploy"): the billing portal's configuration and the
 * webhook endpoints. Only their records: the emulator's portal page offers what it always
 * offers, and its webhook sender posts to the endpoint the local stack gives it.
 */
import type { FormObject } from "./form";
import {
  EMULATED_API_VERSION,
  invalidRequest,
  listOf,
  metadataFrom,
  nested,
  newObjectId,
  type Rendered,
  randomToken,
  type StoredPortalConfiguration,
  type StoredWebhookEndpoint,
  text,
} from "./objects";
import type { EmulatorStore } from "./store";

function enabled(params: FormObject, feature: string): boolean {
  return text(nested(nested(params.features)?.[feature])?.enabled) === "true";
}

/**
 * Saving the portal's settings in the Dashboard creates the account's default configuration;
 * later ones made through the API are not the default.
 */
export function createPortalConfiguration(
  store: EmulatorStore,
  params: FormObject,
): StoredPortalConfiguration {
  const profile = nested(params.business_profile);
  const first = store.all("billing_portal.configuration").length === 0;
  const configuration = store.put<StoredPortalConfiguration>({
    id: newObjectId("bpc", 24),
    object: "billing_portal.configuration",
    active: true,
    application: null,
    business_profile: {
      headline: text(profile?.headline) ?? null,
      privacy_policy_url: text(profile?.privacy_policy_url) ?? null,
      terms_of_service_url: text(profile?.terms_of_service_url) ?? null,
    },
    created: store.seconds(),
    default_return_url: text(params.default_return_url) ?? null,
    // What the emulator's portal page can do, each on as asked for.
    features: {
      customer_update: { allowed_updates: [], enabled: false },
      invoice_history: { enabled: enabled(params, "invoice_history") },
      payment_method_update: {
        enabled: enabled(params, "payment_method_update"),
        payment_method_configuration: null,
      },
      subscription_cancel: {
        cancellation_reason: { enabled: false, feedback_options: null, options: [] },
        enabled: enabled(params, "subscription_cancel"),
        mode: "at_period_end",
        proration_behavior: "none",
      },
      subscription_pause: {
        duration: { interval_options: [], type: "indefinite" },
        enabled: false,
      },
      subscription_update: {
        billing_cycle_anchor: null,
        default_allowed_updates: [],
        enabled: false,
        proration_behavior: "none",
        schedule_at_period_end: { conditions: [] },
        trial_update_behavior: "end_trial",
      },
    },
    is_default: first,
    livemode: false,
    login_page: { enabled: false, url: null },
    metadata: metadataFrom(params.metadata),
    name: text(params.name) ?? null,
    updated: store.seconds(),
  });
  return store.created("billing_portal.configuration.created", configuration);
}

/** The configuration a portal session without `configuration` uses, as Stripe picks it. */
export function defaultPortalConfiguration(store: EmulatorStore) {
  return store.all("billing_portal.configuration", (c) => c.is_default && c.active)[0];
}

function eventsFrom(value: FormObject[string] | undefined): string[] {
  const events = (listOf(value) ?? []).filter((e): e is string => typeof e === "string");
  if (events.length === 0) {
    throw invalidRequest("Missing required param: enabled_events.", "enabled_events");
  }
  return events;
}

function urlFrom(value: FormObject[string] | undefined): string {
  const url = text(value);
  if (!url) throw invalidRequest("Missing required param: url.", "url");
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
    throw invalidRequest("Invalid URL: must be a valid http or https URL.", "url");
  }
  return url;
}

export function createWebhookEndpoint(
  store: EmulatorStore,
  params: FormObject,
): Rendered["webhook_endpoint"] {
  const endpoint = store.put<StoredWebhookEndpoint>({
    id: newObjectId("we", 24),
    object: "webhook_endpoint",
    // Stripe's default is the account's API version; the emulator's is the one it speaks.
    api_version: text(params.api_version) ?? EMULATED_API_VERSION,
    application: null,
    created: store.seconds(),
    description: text(params.description) ?? null,
    enabled_events: eventsFrom(params.enabled_events),
    livemode: false,
    metadata: metadataFrom(params.metadata),
    status: "enabled",
    url: urlFrom(params.url),
    __secret: `whsec_${randomToken(32)}`,
  });
  store.changed();
  return { ...store.render(endpoint), secret: endpoint.__secret };
}

export function updateWebhookEndpoint(store: EmulatorStore, id: string, params: FormObject) {
  const endpoint = store.get("webhook_endpoint", id);
  if (params.url !== undefined) endpoint.url = urlFrom(params.url);
  if (params.enabled_events !== undefined) {
    endpoint.enabled_events = eventsFrom(params.enabled_events);
  }
  if (params.description !== undefined) endpoint.description = text(params.description) || null;
  if (params.disabled !== undefined) {
    endpoint.status = text(params.disabled) === "true" ? "disabled" : "enabled";
  }
  store.changed();
  return endpoint;
}

export function deleteWebhookEndpoint(store: EmulatorStore, id: string) {
  const endpoint = store.get("webhook_endpoint", id);
  endpoint.deleted = true;
  store.changed();
  return { id: endpoint.id, object: "webhook_endpoint", deleted: true };
}
