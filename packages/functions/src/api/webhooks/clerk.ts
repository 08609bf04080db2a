/**
 * POST /api/webhooks/clerk: the identity provider's events (docs/privacy.md), signed by Svix
 * the Standard Webhooks way and checked with @clerk/backend's `verifyWebhook` over the raw
 * body. Public: the signature under CLERK_WEBHOOK_SECRET is the authority. A deleted or banned
 * identity loses its API keys and webhook endpoints, and a deleted organization membership takes
 * the person out of the account (docs/team.md), once per event id.
 */

import { verifyWebhook } from "@clerk/backend/webhooks";
import { readBinding } from "@portal/core/adapters/bindings";
import { contracts } from "@portal/core/contracts/api-areas/public";
import { DomainError } from "@portal/core/errors";
import { handleIdentityEvent, type IdentityEvent } from "@portal/core/privacy/offboard";
import { Config } from "sst/node/config";
import { publicApi } from "../public-handler";

declare module "sst/node/config" {
  export interface SecretResources {
    CLERK_WEBHOOK_SECRET: { value: string };
  }
}

class InvalidSignature extends DomainError {
  readonly status = 400;
  readonly code = "invalid_signature";
}

class InProgress extends DomainError {
  readonly status = 409;
  readonly code = "in_progress";
}

export const handler = publicApi("POST /api/webhooks/clerk", contracts, async ({ event }) => {
  // A stage without the secret must fail loudly (500, MissingBindingError), not answer every
  // sender 400.
  const secret = readBinding("identityWebhookSecret", () => Config.CLERK_WEBHOOK_SECRET);
  const body = event.body
    ? Buffer.from(event.body, event.isBase64Encoded ? "base64" : "utf8").toString("utf8")
    : "";
  const headers = new Headers();
  for (const [name, value] of Object.entries(event.headers ?? {})) {
    if (value !== undefined) headers.set(name, value);
  }
  const request = new Request("https://webhooks.invalid/clerk", { method: "POST", headers, body });
  let verified: Awaited<ReturnType<typeof verifyWebhook>>;
  try {
    verified = await verifyWebhook(request, { signingSecret: secret });
  } catch {
    throw new InvalidSignature("Invalid or missing webhook signature");
  }
  // Svix's message id: the same on every retry of one event.
  const eventId = headers.get("svix-id") ?? "";
  const outcome = await handleIdentityEvent(eventId, {
    type: verified.type,
    data: verified.data as IdentityEvent["data"],
  });
  if (outcome === "busy") {
    // Not a 2xx: should the delivery holding the event fail, Svix must try again.
    throw new InProgress("This event is being processed");
  }
  return { received: true as const, outcome };
});
