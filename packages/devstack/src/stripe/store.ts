/**
 * The emulator's state: every object by id, with Stripe's reads (retrieve, list newest
 * first, `expand`) and the events each change announces. The resources (customers.ts,
 * subscriptions.ts, …) change objects through it; the HTTP layer renders what it holds.
 */
import type Stripe from "stripe";
import { checkoutIncludable } from "./checkout";
import { invoiceIncludable } from "./invoices";
import {
  EMULATED_API_VERSION,
  invalidRequest,
  KIND_NAMES,
  type Kind,
  type Kinds,
  missing,
  newObjectId,
  type Rendered,
  type StoredEvent,
  type StoredObject,
} from "./objects";
import { planFromPrice } from "./prices";

export interface Snapshot {
  version: 1;
  objects: Record<string, StoredObject>;
  nextSeq: number;
}

export interface EmulatorOptions {
  /** Where a browser reaches the hosted pages, e.g. http://127.0.0.1:3000/__stripe. */
  publicUrl: string;
  accountName?: string;
  /** Called with each new event, in order. */
  onEvent?: (event: StoredEvent) => void;
  /** Called after each change, with the whole state (persistence). */
  onChange?: (snapshot: Snapshot) => void;
  snapshot?: Snapshot;
  /** Milliseconds since the epoch; tests may move time. */
  now?: () => number;
}

/** The API's type of a stored object. */
export type RenderedOf<T extends StoredObject> = T extends { object: infer K extends Kind }
  ? Rendered[K]
  : never;

/** A rendered object or part of one, walked by `expand` paths. */
type Json = { [key: string]: unknown };

export class EmulatorStore {
  private objects: Record<string, StoredObject>;
  private nextSeq: number;
  readonly now: () => number;

  constructor(readonly options: EmulatorOptions) {
    this.objects = options.snapshot?.objects ?? {};
    this.nextSeq = options.snapshot?.nextSeq ?? 1;
    this.now = options.now ?? Date.now;
  }

  get publicUrl() {
    return this.options.publicUrl;
  }

  get accountName() {
    return this.options.accountName ?? "Portal";
  }

  snapshot(): Snapshot {
    return { version: 1, objects: this.objects, nextSeq: this.nextSeq };
  }

  seconds() {
    return Math.floor(this.now() / 1000);
  }

  /** Tells the owner the state changed (it persists the snapshot). */
  changed() {
    this.options.onChange?.(this.snapshot());
  }

  // ---------------------------------------------------------------- objects

  put<T extends StoredObject>(object: T): T {
    object.__seq ??= this.nextSeq++;
    this.objects[object.id] = object;
    return object;
  }

  find<K extends Kind>(id: string | null | undefined, kind: K): Kinds[K] | undefined;
  find(id: string | null | undefined): StoredObject | undefined;
  find(id: string | null | undefined, kind?: Kind): StoredObject | undefined {
    if (!id) return undefined;
    const object = this.objects[id];
    if (!object || (kind && object.object !== kind)) return undefined;
    return object;
  }

  get<K extends Kind>(kind: K, id: string | null | undefined, param = "id"): Kinds[K] {
    const object = this.find(id, kind);
    if (!object || object.deleted) throw missing(KIND_NAMES[kind] ?? kind, String(id), param);
    return object;
  }

  /** Newest first, as Stripe lists. */
  all<K extends Kind>(kind: K, filter: (o: Kinds[K]) => boolean = () => true): Kinds[K][] {
    return Object.values(this.objects)
      .filter((o): o is Kinds[K] => o.object === kind && !o.deleted && filter(o as Kinds[K]))
      .sort((a, b) => (b.__seq ?? 0) - (a.__seq ?? 0));
  }

  // ---------------------------------------------------------------- rendering

  /**
   * The object as the API answers it: internal fields dropped, nested objects Stripe always
   * embeds filled in, then each `expand` path replaced by the object it names.
   */
  render<T extends StoredObject>(object: T, expand: string[] = []): RenderedOf<T> {
    const out = this.view(object);
    for (const path of expand) this.expandPath(out, path.split("."), path);
    // The stored object with its references filled in is the API's shape for its kind.
    return out as unknown as RenderedOf<T>;
  }

  private view(object: StoredObject): Json {
    const out: Json = structuredClone(
      Object.fromEntries(Object.entries(object).filter(([key]) => !key.startsWith("__"))),
    );
    if (object.object === "subscription") {
      out.items = {
        ...object.items,
        data: object.items.data.map((item) => {
          const price = this.find(item.price, "price");
          return price
            ? { ...structuredClone(item), price: this.view(price), plan: planFromPrice(price) }
            : structuredClone(item);
        }),
      };
    }
    return out;
  }

  private expandPath(target: unknown, parts: string[], full: string) {
    const [head, ...rest] = parts;
    if (!head || target === null || typeof target !== "object") return;
    if (Array.isArray(target)) {
      for (const item of target) this.expandPath(item, parts, full);
      return;
    }
    const node = target as Json;
    if (node.object === "list" && head === "data" && Array.isArray(node.data)) {
      for (const item of node.data) this.expandPath(item, rest, full);
      return;
    }
    const includable = this.includable(node, head);
    if (includable !== undefined) node[head] = includable;
    const value = node[head];
    if (typeof value === "string") {
      const referenced = this.find(value);
      if (!referenced) {
        throw invalidRequest(`This property cannot be expanded (${full}).`, "expand");
      }
      node[head] = this.view(referenced);
    } else if (value === undefined) {
      throw invalidRequest(`This property cannot be expanded (${full}).`, "expand");
    }
    if (rest.length > 0 && node[head] && typeof node[head] === "object") {
      this.expandPath(node[head], rest, full);
    }
  }

  /** Fields Stripe returns only when asked for with `expand` ("includable"). */
  private includable(target: Json, field: string): unknown {
    if (typeof target.id !== "string") return undefined;
    if (target.object === "invoice") return invoiceIncludable(this, target.id, field);
    if (target.object === "checkout.session") return checkoutIncludable(this, target.id, field);
    return undefined;
  }

  // ---------------------------------------------------------------- events

  emit(
    type: Stripe.Event.Type,
    object: Exclude<StoredObject, StoredEvent>,
    previous?: object,
  ): StoredEvent {
    const event: StoredEvent = {
      id: newObjectId("evt"),
      object: "event",
      api_version: EMULATED_API_VERSION,
      created: this.seconds(),
      data: {
        object: this.render(object),
        ...(previous && Object.keys(previous).length ? { previous_attributes: previous } : {}),
      },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    this.put(event);
    this.options.onEvent?.(event);
    return event;
  }

  /** A new object: announced with its `<kind>.created` event and persisted. */
  created<T extends Exclude<StoredObject, StoredEvent>>(type: Stripe.Event.Type, object: T): T {
    this.emit(type, object);
    this.changed();
    return object;
  }

  /** Changes fields and announces `eventType` with the previous values, if any changed. */
  update<T extends Exclude<StoredObject, StoredEvent>>(
    object: T,
    changes: Partial<T>,
    eventType?: Stripe.Event.Type,
  ): boolean {
    const previous: Partial<Record<keyof T, unknown>> = {};
    for (const key of Object.keys(changes) as (keyof T)[]) {
      const value = changes[key] as T[keyof T];
      if (JSON.stringify(object[key]) !== JSON.stringify(value)) {
        previous[key] = structuredClone(object[key] ?? null);
        object[key] = value;
      }
    }
    const changedAny = Object.keys(previous).length > 0;
    if (changedAny && eventType) this.emit(eventType, object, previous);
    return changedAny;
  }
}
