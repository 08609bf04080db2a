/**
 * Webhook delivery as Stripe does it: a POST of the event's JSON to the endpoint, signed with
 * `Stripe-Signature: t=<unix time>,v1=<HMAC-SHA256 of "<t>.<body>" under the endpoint secret>`,
 * retried with backoff while the endpoint answers an error or cannot be reached.
 */
import Stripe from "stripe";
import type { StoredEvent } from "./objects";

export interface DeliveryAttempt {
  eventId: string;
  type: string;
  at: string;
  status: number | null;
  body: string;
  error?: string;
}

interface Pending {
  event: StoredEvent;
  attempt: number;
  dueAt: number;
}

export interface WebhookSenderOptions {
  /** The endpoint, e.g. the local stack's /webhooks/stripe. */
  url: string;
  secret: string;
  /** Waits between tries; one try more than entries. Stripe retries for up to 3 days. */
  retryDelaysMs?: number[];
  timeoutMs?: number;
  log?: (line: Record<string, unknown>) => void;
}

const DEFAULT_RETRIES = [500, 1000, 2000, 5000, 10_000, 30_000, 60_000];

/** The customer an event's object belongs to, for holding a customer's events back in tests. */
export function customerOf(event: StoredEvent): string | null {
  const object = event.data?.object;
  if (!object) return null;
  if (object.object === "customer") return object.id;
  const customer = "customer" in object ? object.customer : null;
  if (typeof customer === "string") return customer;
  if (customer && typeof customer === "object") return customer.id ?? null;
  return null;
}

export class WebhookSender {
  private queue: Pending[] = [];
  private held = new Map<string, StoredEvent[]>();
  private attempts: DeliveryAttempt[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private stopped = false;
  private idleWaiters: (() => void)[] = [];
  private readonly retries: number[];

  constructor(private readonly options: WebhookSenderOptions) {
    this.retries = options.retryDelaysMs ?? DEFAULT_RETRIES;
  }

  /** Queues an event for delivery, unless its customer's events are being held. */
  send(event: StoredEvent) {
    const customer = customerOf(event);
    const held = customer ? this.held.get(customer) : undefined;
    if (held) {
      held.push(event);
      return;
    }
    this.queue.push({ event, attempt: 0, dueAt: Date.now() });
    this.schedule(0);
  }

  /** Sends the same event (same id) once more, as Stripe's "Resend" does. */
  resend(event: StoredEvent) {
    this.queue.push({ event, attempt: 0, dueAt: Date.now() });
    this.schedule(0);
  }

  hold(customer: string) {
    if (!this.held.has(customer)) this.held.set(customer, []);
  }

  /** Stops holding; the held events go out in the order asked for (answered), or are dropped. */
  release(customer: string, order: "original" | "reverse" | "drop"): StoredEvent[] {
    const events = this.held.get(customer) ?? [];
    this.held.delete(customer);
    if (order === "drop") return events;
    const ordered = order === "reverse" ? [...events].reverse() : events;
    for (const event of ordered) this.queue.push({ event, attempt: 0, dueAt: Date.now() });
    this.schedule(0);
    return ordered;
  }

  heldEvents(customer: string): StoredEvent[] {
    return this.held.get(customer) ?? [];
  }

  deliveries(eventId?: string): DeliveryAttempt[] {
    return eventId ? this.attempts.filter((a) => a.eventId === eventId) : [...this.attempts];
  }

  pending() {
    return this.queue.length + (this.running ? 1 : 0);
  }

  /** Resolves once nothing is waiting to be delivered (retries included), or after the timeout. */
  idle(timeoutMs = 30_000): Promise<boolean> {
    if (this.pending() === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.idleWaiters = this.idleWaiters.filter((w) => w !== done);
        resolve(false);
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.idleWaiters.push(done);
    });
  }

  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    for (const waiter of this.idleWaiters.splice(0)) waiter();
  }

  private schedule(delayMs: number) {
    if (this.stopped || this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.pump(), delayMs);
    this.timer.unref?.();
  }

  /** Delivers due events one at a time, oldest first, so a burst arrives in creation order. */
  private async pump() {
    this.timer = undefined;
    if (this.running || this.stopped) return;
    this.running = true;
    try {
      for (;;) {
        const now = Date.now();
        const index = this.queue.findIndex((p) => p.dueAt <= now);
        if (index < 0) break;
        const [item] = this.queue.splice(index, 1);
        if (item) await this.deliver(item);
        if (this.stopped) return;
      }
    } finally {
      this.running = false;
    }
    if (this.queue.length > 0) {
      const next = Math.min(...this.queue.map((p) => p.dueAt));
      this.schedule(Math.max(0, next - Date.now()));
    } else {
      for (const waiter of this.idleWaiters.splice(0)) waiter();
    }
  }

  private async deliver(item: Pending) {
    const payload = JSON.stringify(item.event, null, 2);
    const attempt: DeliveryAttempt = {
      eventId: item.event.id,
      type: item.event.type,
      at: new Date().toISOString(),
      status: null,
      body: "",
    };
    try {
      const response = await fetch(this.options.url, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          // The SDK's own signer: the header Stripe sends, verified by constructEvent.
          "stripe-signature": Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: this.options.secret,
          }),
        },
        body: payload,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
      });
      attempt.status = response.status;
      attempt.body = (await response.text()).slice(0, 2000);
    } catch (error) {
      attempt.error = error instanceof Error ? error.message : String(error);
    }
    this.attempts.push(attempt);
    if (this.attempts.length > 5000) this.attempts.splice(0, this.attempts.length - 5000);
    const ok = attempt.status !== null && attempt.status >= 200 && attempt.status < 300;
    this.options.log?.({
      msg: "stripe emulator webhook",
      eventId: attempt.eventId,
      type: attempt.type,
      status: attempt.status,
      attempt: item.attempt + 1,
      ...(attempt.error ? { error: attempt.error } : {}),
    });
    if (ok) return;
    // Stripe retries anything but a 2xx; so does the emulator, fewer times and sooner.
    const delay = this.retries[item.attempt];
    if (delay === undefined) return;
    this.queue.push({ event: item.event, attempt: item.attempt + 1, dueAt: Date.now() + delay });
  }
}
