/**
 * The development identity provider: Clerk's part in the local stack. It signs users up and in,
 * keeps their session in Clerk-named cookies (`__client`, `__session`) and issues RS256 session
 * tokens with Clerk-shaped claims, which the API verifies with the same @clerk/backend
 * `verifyToken` call it uses for Clerk's tokens, given this provider's public key.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  profileUpdateSchema,
  signInInputSchema,
  signUpInputSchema,
} from "@portal/core/contracts/dev-identity";
import { importPKCS8, SignJWT } from "jose";
import * as z from "zod";
import { type BackendApiOptions, createBackendApi } from "./dev-identity-backend";
import {
  type DevIdentityStore,
  type DevOrganization,
  type DevUser,
  EmailTakenError,
  openDevIdentityStore,
} from "./dev-identity-store";
import { errorJson, sendJson } from "./http-io";

/** Clerk's session tokens live 60 s; the SPA asks /tokens for a fresh one before they expire. */
export const TOKEN_LIFETIME_SECONDS = 60;
const CLIENT_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

const unauthorized = () => new HttpError(401, "unauthorized", "Unauthorized");

function parse<T>(schema: z.core.$ZodType<T>, body: Buffer): T {
  let json: unknown;
  try {
    json = body.length ? JSON.parse(body.toString("utf8")) : {};
  } catch {
    throw new HttpError(400, "invalid_json", "Request body is not valid JSON");
  }
  const parsed = z.safeParse(schema, json);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join(".") || "body"] ??= issue.message;
  throw new HttpError(400, "validation_failed", "The request is not valid", fields);
}

function readCookie(req: IncomingMessage, name: string) {
  for (const part of (req.headers.cookie ?? "").split(/;\s*/)) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq) === name) return decodeURIComponent(part.slice(eq + 1));
  }
  return undefined;
}

export interface DevIdentity {
  /** SPKI PEM: what the API gets as CLERK_JWT_KEY. */
  publicKeyPem: string;
  /** The `iss` of every token it signs: what the API gets as CLERK_ISSUER. */
  issuer: string;
  handle(req: IncomingMessage, res: ServerResponse, path: string, body: Buffer): Promise<void>;
  /** Waits until every webhook the Backend API stand-in owes has been delivered or given up. */
  webhooksIdle(): Promise<void>;
}

const staffInputSchema = z.object({ email: z.email() });
const activeOrganizationSchema = z.object({ organizationId: z.nullable(z.string().min(1)) });

/** The session's active organization and the person's role in it, when it has one. */
function activeOf(session: { organization?: DevOrganization; role?: string }) {
  return session.organization && session.role
    ? { organization: session.organization, role: session.role }
    : undefined;
}

/**
 * @param origins the stack's own origins; the first is used when a request names none. Tokens
 *   carry the requesting origin as `azp`, and the API accepts exactly these origins.
 */
export async function createDevIdentity(options: {
  dir: string;
  origins: string[];
  /** Authorizes POST /dev-identity/admin/staff; without one, nobody can be made staff. */
  adminToken?: string;
  /** The Backend API stand-in (dev-identity-backend.ts); without it, /v1/* is not served. */
  backendApi?: BackendApiOptions;
}): Promise<DevIdentity> {
  const store: DevIdentityStore = await openDevIdentityStore(options.dir);
  const backend = options.backendApi ? createBackendApi(store, options.backendApi) : undefined;
  const privateKey = await importPKCS8(store.keys.privateKeyPem, "RS256");
  const [primaryOrigin = ""] = options.origins;
  /** One issuer, whichever origin asked: the API checks `iss` against it (CLERK_ISSUER). */
  const issuer = `${primaryOrigin}/dev-identity`;

  /** The SPA origin the request came from, if it is one of ours. */
  function originOf(req: IncomingMessage) {
    const candidates = [req.headers.origin, req.headers.host && `http://${req.headers.host}`];
    return candidates.find((o): o is string => !!o && options.origins.includes(o)) ?? primaryOrigin;
  }

  /**
   * Signs a session token. With an active organization it carries Clerk's claims for it
   * (session token version 2: `v: 2`, `o: { id, rol, slg }`, the role without its "org:"
   * prefix) and the `account_id` our session-token template adds from the organization's public
   * metadata (packages/core/README.md, docs/team.md).
   */
  async function issueToken(
    req: IncomingMessage,
    sid: string,
    user: DevUser,
    active?: { organization: DevOrganization; role: string },
  ) {
    const origin = originOf(req);
    const accountId = active?.organization.publicMetadata.account_id;
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      sid,
      azp: origin,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      // Absent rather than empty when the user has no picture, so nothing stores "".
      ...(user.imageUrl ? { image_url: user.imageUrl } : {}),
      // The claim the Clerk session template adds from publicMetadata.role (README).
      ...(user.role ? { role: user.role } : {}),
      ...(active
        ? {
            v: 2,
            o: {
              id: active.organization.id,
              rol: active.role.replace(/^org:/, ""),
              slg: active.organization.id.toLowerCase(),
            },
            ...(typeof accountId === "string" ? { account_id: accountId } : {}),
          }
        : {}),
    })
      .setProtectedHeader({ alg: "RS256", kid: store.keys.kid, typ: "JWT" })
      .setSubject(user.id)
      .setIssuer(issuer)
      .setIssuedAt(now)
      .setNotBefore(now)
      .setExpirationTime(now + TOKEN_LIFETIME_SECONDS)
      .sign(privateKey);
  }

  const sessionCookie = (jwt: string) => `__session=${jwt}; Path=/; SameSite=Lax`;
  const clientCookie = (client: string) =>
    `__client=${client}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${CLIENT_COOKIE_MAX_AGE}`;
  const clearedCookies = [
    "__session=; Path=/; SameSite=Lax; Max-Age=0",
    "__client=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0",
  ];

  function currentSession(req: IncomingMessage) {
    const session = store.session(readCookie(req, "__client"));
    if (!session) throw unauthorized();
    return session;
  }

  async function signedIn(
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    user: DevUser,
  ) {
    const client = await store.startSession(user.id);
    const session = store.session(client);
    if (!session) throw new Error("session vanished right after it was created");
    const jwt = await issueToken(req, session.sid, user);
    sendJson(res, status, { user }, { "set-cookie": [clientCookie(client), sessionCookie(jwt)] });
  }

  type Route = (req: IncomingMessage, res: ServerResponse, body: Buffer) => Promise<void>;
  const routes: Record<string, Route> = {
    "POST /sign-up": async (req, res, body) => {
      const input = parse(signUpInputSchema, body);
      try {
        await signedIn(req, res, 201, await store.createUser(input));
      } catch (error) {
        if (!(error instanceof EmailTakenError)) throw error;
        throw new HttpError(409, "conflict", "An account with this email already exists", {
          email: "An account with this email already exists",
        });
      }
    },
    "POST /sign-in": async (req, res, body) => {
      const input = parse(signInInputSchema, body);
      const user = await store.checkPassword(input.email, input.password);
      if (!user) throw new HttpError(401, "unauthorized", "Email or password is incorrect");
      await signedIn(req, res, 200, user);
    },
    "POST /tokens": async (req, res) => {
      const { sid, user, ...active } = currentSession(req);
      const jwt = await issueToken(req, sid, user, activeOf(active));
      sendJson(res, 200, { jwt }, { "set-cookie": sessionCookie(jwt) });
    },
    // Clerk's `setActive({ organization })`: the session's chosen account (docs/team.md). Only
    // an organization the person belongs to; null for none (their own account). Answers the
    // session's fresh token, which names it.
    "POST /active-organization": async (req, res, body) => {
      const { organizationId } = parse(activeOrganizationSchema, body);
      const client = readCookie(req, "__client");
      currentSession(req);
      if (!(await store.setActiveOrganization(client, organizationId))) {
        throw new HttpError(403, "not_a_member", "You are not a member of this organization");
      }
      const { sid, user, ...active } = currentSession(req);
      const jwt = await issueToken(req, sid, user, activeOf(active));
      sendJson(
        res,
        200,
        { jwt, organizationId: active.organization?.id ?? null },
        { "set-cookie": sessionCookie(jwt) },
      );
    },
    "GET /me": async (req, res) => {
      sendJson(res, 200, { user: currentSession(req).user });
    },
    "PATCH /me": async (req, res, body) => {
      const { sid, user, ...active } = currentSession(req);
      const patch = parse(profileUpdateSchema, body);
      const updated = await store.updateUser(user.id, {
        firstName: patch.firstName,
        lastName: patch.lastName,
        // The profile form sends "" to remove the picture.
        ...(patch.imageUrl !== undefined ? { imageUrl: patch.imageUrl || null } : {}),
      });
      if (!updated) throw unauthorized();
      // A fresh token at once, so the next API call already carries the new names.
      const jwt = await issueToken(req, sid, updated, activeOf(active));
      sendJson(res, 200, { user: updated }, { "set-cookie": sessionCookie(jwt) });
    },
    // Not reachable from a browser: it takes the admin token only the stack's own process and
    // its data folder know (scripts/staff.ts reads it there).
    "POST /admin/staff": async (req, res, body) => {
      if (!options.adminToken || req.headers.authorization !== `Bearer ${options.adminToken}`) {
        throw new HttpError(403, "forbidden", "The admin token is required");
      }
      const { email } = parse(staffInputSchema, body);
      const user = await store.makeStaff(email);
      if (!user) throw new HttpError(404, "not_found", `No account for ${email}`);
      sendJson(res, 200, { user });
    },
    "POST /sign-out": async (req, res) => {
      await store.endSession(readCookie(req, "__client"));
      sendJson(res, 204, undefined, { "set-cookie": clearedCookies });
    },
  };

  return {
    publicKeyPem: store.keys.publicKeyPem,
    issuer,
    webhooksIdle: () => backend?.idle() ?? Promise.resolve(),
    async handle(req, res, path, body) {
      if (backend && (await backend.handle(req, res, path, body))) return;
      const route = routes[`${req.method} ${path}`];
      try {
        if (!route) throw new HttpError(404, "not_found", `No route for ${req.method} ${path}`);
        await route(req, res, body);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        sendJson(res, error.status, errorJson(error.code, error.message, error.fields));
      }
    },
  };
}
