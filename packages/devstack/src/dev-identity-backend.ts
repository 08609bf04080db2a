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
 * - Organizations (docs/team.md): `POST` and `DELETE /v1/organizations[/{id}]`, and
 *   `POST /v1/organizations/{id}/memberships`, `PATCH` and `DELETE
 *   /v1/organizations/{id}/memberships/{userId}`, each answering Clerk's object and sending the
 *   signed `organizationMembership.created` / `.updated` / `.deleted` as Clerk does.
 *
 * All need `Authorization: Bearer <CLERK_SECRET_KEY>`, which only the stack's env holds.
 * Deliveries are signed the Standard Webhooks way under `svix-*` headers, sent after the
 * answer (as Svix does) and retried a few times.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { sign } from "@portal/core/developer/signature";
import { ulid } from "ulid";
import type { DevIdentityStore, DevOrganization, DevUser } from "./dev-identity-store";
import { errorJson, sendJson } from "./http-io";

export interface BackendApiOptions {
  secretKey: string;
  webhook: { url: string; secret: string };
}

/** Pauses between the tries of one delivery (Svix waits longer; tests do not). */
const RETRY_DELAYS_MS = [0, 500, 2_000, 5_000];

/**
 * Answers as Clerk's Backend API does: its client (@clerk/backend) parses a body as JSON only
 * when the content type is exactly "application/json".
 */
function clerkJson(res: ServerResponse, status: number, body: unknown) {
  sendJson(res, status, body, { "content-type": "application/json" });
}

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

  const organizationJson = (organization: DevOrganization) => ({
    object: "organization",
    id: organization.id,
    name: organization.name,
    slug: organization.id.toLowerCase(),
    image_url: "",
    has_image: false,
    public_metadata: organization.publicMetadata,
    private_metadata: {},
    members_count: organization.memberships.length,
    created_at: Date.parse(organization.createdAt),
    updated_at: Date.parse(organization.createdAt),
  });

  /** Clerk's OrganizationMembership, as the Backend API and the webhooks send it. */
  const membershipJson = (
    organization: DevOrganization,
    membership: DevOrganization["memberships"][number],
  ) => {
    const user = store.userById(membership.userId);
    return {
      object: "organization_membership",
      id: `orgmem_${organization.id}_${membership.userId}`,
      role: membership.role,
      permissions: [],
      public_metadata: {},
      private_metadata: {},
      created_at: Date.parse(membership.createdAt),
      updated_at: Date.now(),
      organization: organizationJson(organization),
      public_user_data: {
        user_id: membership.userId,
        identifier: user?.email ?? "",
        first_name: user?.firstName ?? null,
        last_name: user?.lastName ?? null,
        image_url: user?.imageUrl ?? "",
        has_image: !!user?.imageUrl,
      },
    };
  };

  /** The organization routes; false when the path is none of them. */
  async function organizations(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    body: Record<string, unknown>,
  ): Promise<boolean> {
    if (path === "/v1/organizations" && req.method === "POST") {
      if (typeof body.name !== "string" || !body.name) {
        clerkJson(res, 422, {
          errors: [{ code: "form_param_missing", message: "name is missing", long_message: "" }],
        });
        return true;
      }
      const organization = await store.createOrganization({
        name: body.name,
        publicMetadata: (body.public_metadata as Record<string, unknown> | undefined) ?? {},
        ...(typeof body.created_by === "string" ? { createdBy: body.created_by } : {}),
      });
      clerkJson(res, 200, organizationJson(organization));
      send("organization.created", organizationJson(organization));
      return true;
    }
    const whole = /^\/v1\/organizations\/([^/]+)$/.exec(path);
    if (whole && req.method === "DELETE") {
      const deleted = await store.deleteOrganization(decodeURIComponent(whole[1] ?? ""));
      if (!deleted) notFound(res);
      else {
        const json = { object: "organization", id: deleted.id, deleted: true };
        clerkJson(res, 200, json);
        send("organization.deleted", json);
      }
      return true;
    }
    const match = /^\/v1\/organizations\/([^/]+)\/memberships(?:\/([^/]+))?$/.exec(path);
    if (!match) return false;
    const organizationId = decodeURIComponent(match[1] ?? "");
    const userId = match[2] ? decodeURIComponent(match[2]) : undefined;
    if (req.method === "POST" && !userId) {
      const added = await store.addMembership(
        organizationId,
        String(body.user_id ?? ""),
        String(body.role ?? "org:member"),
      );
      if (!added) notFound(res);
      else if (added.exists) {
        clerkJson(res, 422, {
          errors: [
            {
              code: "already_a_member_in_organization",
              message: "already a member",
              long_message: "This user is already a member of the organization.",
            },
          ],
        });
      } else {
        const json = membershipJson(added.organization, added.membership);
        clerkJson(res, 200, json);
        send("organizationMembership.created", json);
      }
      return true;
    }
    if (req.method === "PATCH" && userId) {
      const updated = await store.updateMembership(
        organizationId,
        userId,
        String(body.role ?? "org:member"),
      );
      if (!updated) notFound(res);
      else {
        const json = membershipJson(updated.organization, updated.membership);
        clerkJson(res, 200, json);
        send("organizationMembership.updated", json);
      }
      return true;
    }
    if (req.method === "DELETE" && userId) {
      const deleted = await store.deleteMembership(organizationId, userId);
      if (!deleted) notFound(res);
      else {
        const json = membershipJson(deleted.organization, deleted.membership);
        clerkJson(res, 200, json);
        send("organizationMembership.deleted", json);
      }
      return true;
    }
    clerkJson(res, 405, errorJson("method_not_allowed", `${req.method} is not allowed here`));
    return true;
  }

  const notFound = (res: ServerResponse) =>
    clerkJson(res, 404, {
      errors: [{ code: "resource_not_found", message: "not found", long_message: "Not found" }],
    });

  return {
    /** Handles the request when it is a Backend API path; answers false otherwise. */
    async handle(
      req: IncomingMessage,
      res: ServerResponse,
      path: string,
      body: Buffer,
    ): Promise<boolean> {
      const match = /^\/v1\/users\/([^/]+)(\/ban)?$/.exec(path);
      const organizationPath = path.startsWith("/v1/organizations");
      if (!match && !organizationPath) return false;
      if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
        clerkJson(res, 401, errorJson("unauthorized", "The secret key is required"));
        return true;
      }
      if (organizationPath) {
        let json: Record<string, unknown>;
        try {
          json = body.length ? (JSON.parse(body.toString("utf8")) as Record<string, unknown>) : {};
        } catch {
          clerkJson(res, 400, errorJson("invalid_json", "Request body is not valid JSON"));
          return true;
        }
        if (!(await organizations(req, res, path, json))) {
          clerkJson(res, 404, errorJson("not_found", `No route for ${req.method} ${path}`));
        }
        return true;
      }
      if (!match) return false;
      const userId = decodeURIComponent(match[1] ?? "");
      if (req.method === "DELETE" && !match[2]) {
        if (!(await store.deleteUser(userId))) {
          notFound(res);
          return true;
        }
        clerkJson(res, 200, { object: "user", id: userId, deleted: true });
        send("user.deleted", { object: "user", id: userId, deleted: true });
        return true;
      }
      if (req.method === "POST" && match[2]) {
        const user = await store.banUser(userId);
        if (!user) {
          notFound(res);
          return true;
        }
        clerkJson(res, 200, userJson(user, true));
        send("user.updated", userJson(user, true));
        return true;
      }
      clerkJson(res, 405, errorJson("method_not_allowed", `${req.method} is not allowed here`));
      return true;
    },
    idle(): Promise<void> {
      if (inFlight === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
  };
}
