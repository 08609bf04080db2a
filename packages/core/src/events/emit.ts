/**
 * Emitting a domain event (contracts/events.ts) from the place it happens. The write that
 * made it happen has already succeeded: a queue outage must not turn it into an error the
 * caller retries (a staff reply sent twice), so a failed send is logged and dropped. Which
 * events mail whom: docs/notifications.md.
 */
import { ulid } from "ulid";
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
