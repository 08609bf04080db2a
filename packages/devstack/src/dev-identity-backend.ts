/**
 * The development identity provider's Backend API and webhooks: the part of Clerk the portal
 * calls with a secret key (deleting an identity, docs/privacy.md), and the signed events Clerk
 * sends back through Svix. The API's webhook route checks these with the same
 * `verifyWebhook` it uses for Clerk's, so the production path runs locally.
 *
 * - `DELETE /v1/users/{id}`: deletes the user, answers Clerk's DeletedObject, then sends a
 *   signed `user.deleted`.
 * - `POST /v1/users/{id}/ban`: bans the user, then sends a signed `user.updated` with
 *   `banned: true`.
 *
 * Both need `Authorization: Bearer <CLERK_SECRET_KEY>`, which only the stack's env holds.
 * Deliveries are signed the Standard Webhooks way under `svix-*` headers, sent after the
 * answer (as Svix does) and retried a few times.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { sign } from "@portal/core/developer/signature";
import { ulid } from "ulid";
import type { DevIdentityStore, DevUser } from "./dev-identity-store";
import { errorJson, sendJson } from "./http-io";

export interface BackendApiOptions {
  secretKey: string;
  webhook: { url: string; secret: string };
}

/** Pauses between the tries of one delivery (Svix waits longer; tests do not). */
const RETRY_DELAYS_MS = [0, 500, 2_000, 5_000];

export function createBackendApi(store: DevIdentityStore, options: BackendApiOptions) {
  let inFlight = 0;
  const idleWaiters: (() => void)[] = [];

  async function deliver(type: string, data: Record<string, unknown>) {
    const id = `msg_${ulid()}`;
    const body = JSON.stringify({
      data,
      event_attributes: { http_request: { client_ip: "127.0.0.1", user_agent: "dev-identity" } },
      instance_id: "ins_dev",
      object: "event",
      timestamp: Date.now(),
      type,
    });
    for (const delay of RETRY_DELAYS_MS) {
      await new Promise((resolve) => setTimeout(resolve, delay));
      const timestamp = Math.floor(Date.now() / 1000);
      try {
        const answer = await fetch(options.webhook.url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "svix-id": id,
            "svix-timestamp": String(timestamp),
            "svix-signature": sign(options.webhook.secret, id, timestamp, body),
          },
          body,
        });
        if (answer.ok) return;
        console.error(`dev-identity: ${type} webhook answered ${answer.status}`);
      } catch (error) {
        console.error(`dev-identity: ${type} webhook failed`, error);
      }
    }
  }

  /** Sends after the current answer, like Svix; `idle()` waits for every delivery to end. */
  function send(type: string, data: Record<string, unknown>) {
    inFlight += 1;
    setImmediate(() => {
      void deliver(type, data).finally(() => {
        inFlight -= 1;
        if (inFlight === 0) for (const resolve of idleWaiters.splice(0)) resolve();
      });
    });
  }

  /** Clerk's User object, in the fields the portal or a reader of the event might look at. */
  const userJson = (user: DevUser, banned: boolean) => ({
    object: "user",
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    image_url: user.imageUrl ?? "",
    email_addresses: [{ email_address: user.email }],
    public_metadata: user.role ? { role: user.role } : {},
    banned,
    locked: false,
  });

  const notFound = (res: ServerResponse) =>
    sendJson(res, 404, {
      errors: [{ code: "resource_not_found", message: "not found", long_message: "Not found" }],
    });

  return {
    /** Handles the request when it is a Backend API path; answers false otherwise. */
    async handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
      const match = /^\/v1\/users\/([^/]+)(\/ban)?$/.exec(path);
      if (!match) return false;
      if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
        sendJson(res, 401, errorJson("unauthorized", "The secret key is required"));
        return true;
      }
      const userId = decodeURIComponent(match[1] ?? "");
      if (req.method === "DELETE" && !match[2]) {
        if (!(await store.deleteUser(userId))) {
          notFound(res);
          return true;
        }
        sendJson(res, 200, { object: "user", id: userId, deleted: true });
        send("user.deleted", { object: "user", id: userId, deleted: true });
        return true;
      }
      if (req.method === "POST" && match[2]) {
        const user = await store.banUser(userId);
        if (!user) {
          notFound(res);
          return true;
        }
        sendJson(res, 200, userJson(user, true));
        send("user.updated", userJson(user, true));
        return true;
      }
      sendJson(res, 405, errorJson("method_not_allowed", `${req.method} is not allowed here`));
      return true;
    },
    idle(): Promise<void> {
      if (inFlight === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
  };
}
