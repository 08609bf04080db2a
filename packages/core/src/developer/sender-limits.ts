/**
 * The webhook sender's limits (docs/developer-api.md, "Fair sharing and limits"), in a module
 * with no imports so the stacks (stacks/Events.ts) and the local stack can read them without
 * loading the table or the configuration.
 */

/**
 * The whole attempt (lookup, connect, TLS, request, answer) must end within this, however the
 * receiver paces its bytes: an idle timeout alone lets a receiver that trickles a byte a second
 * hold the sender until its Lambda is killed, before the attempt is logged.
 */
export const POST_DEADLINE_MS = 10_000;
/**
 * The sender function's timeout: three times the deadline, so an attempt that ran its whole
 * deadline still has time to be logged, counted and settled.
 */
export const SENDER_TIMEOUT_SECONDS = 30;
/** Senders at once across all customers (the event source's maximum concurrency). */
export const SENDER_CONCURRENCY = 10;
/** Senders one customer may hold at once: the rest stay free for everyone else. */
export const MAX_IN_FLIGHT_PER_CUSTOMER = 2;
/** A slot's lease: the sender's whole timeout, so only a dead sender's slot is taken over. */
export const SLOT_LEASE_MS = SENDER_TIMEOUT_SECONDS * 1000;
/** Test events and redeliveries one customer may ask for per clock hour (UTC). */
export const MANUAL_SENDS_PER_HOUR = 30;
