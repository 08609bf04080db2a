/**
 * Emitting a domain event (contracts/events.ts) from the place it happens. Which events mail
 * whom, and what a failed send does: docs/notifications.md.
 *
 * The write that made the event happen has already succeeded, so a passing queue outage (the
 * SDK has already retried it) must not turn it into an error the caller retries (a staff reply
 * sent twice): such a send is logged and dropped. A send that can never succeed (the function
 * lacks the events:send grant, or the queue refuses it: access denied, no such queue) is a
 * deployment mistake, and is thrown so that the request fails and the 5xx alarms see it,
 * rather than losing every mail in silence.
 */
import { ulid } from "ulid";
import { MissingBindingError } from "../adapters/bindings";
import * as Events from "../adapters/events";
import type { DomainEvent, NewDomainEvent } from "../contracts/events";

export async function emit(event: NewDomainEvent): Promise<void> {
  const full = {
    ...event,
    eventId: event.eventId ?? ulid(),
    occurredAt: event.occurredAt ?? new Date().toISOString(),
  } as DomainEvent;
  try {
    await Events.sendEvent(full);
  } catch (error) {
    if (!isTransientSendError(error)) throw error;
    process.stdout.write(
      `${JSON.stringify({
        level: "error",
        msg: "domain event not sent",
        eventId: full.eventId,
        type: full.type,
        userId: full.userId,
        error: error instanceof Error ? error.message : String(error),
      })}\n`,
    );
  }
}

/**
 * Whether a failed send might have succeeded later: throttling, a server error or no answer at
 * all (the network). A missing binding and any other refusal (4xx: access denied, no such
 * queue, a malformed message) would fail the same way every time.
 */
export function isTransientSendError(error: unknown): boolean {
  if (error instanceof MissingBindingError) return false;
  const sdk = error as {
    name?: unknown;
    $retryable?: unknown;
    $metadata?: { httpStatusCode?: unknown };
  };
  if (sdk?.$retryable) return true;
  if (typeof sdk?.name === "string" && /throttl/i.test(sdk.name)) return true;
  const status = sdk?.$metadata?.httpStatusCode;
  return typeof status !== "number" || status >= 500;
}
