/**
 * Calls to the local development identity provider (/dev-identity/*, same origin). Its
 * cookies (__client, __session) work like Clerk's, so the API sees the same session either way.
 */
import type {
  DevIdentityUser,
  ProfileUpdate,
  SignInInput,
  SignUpInput,
} from "@portal/core/contracts/dev-identity";

/** An answer from the provider other than success, with its message for the form. */
export class DevIdentityError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

async function call(method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`/dev-identity${path}`, {
    method,
    credentials: "include",
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function failure(res: Response): Promise<DevIdentityError> {
  const text = await res.text();
  try {
    const parsed = JSON.parse(text) as {
      error?: { message?: string; fields?: Record<string, string> } | string;
    };
    if (typeof parsed.error === "string") return new DevIdentityError(res.status, parsed.error);
    if (parsed.error?.message) {
      return new DevIdentityError(res.status, parsed.error.message, parsed.error.fields);
    }
  } catch {
    // Not JSON: fall through to the raw text.
  }
  return new DevIdentityError(res.status, text || res.statusText);
}

async function userFrom(res: Response): Promise<DevIdentityUser> {
  if (!res.ok) throw await failure(res);
  const body = (await res.json()) as { user: DevIdentityUser };
  return body.user;
}

export const devIdentity = {
  /** The signed-in user, or null when there is no session. */
  async me(): Promise<DevIdentityUser | null> {
    const res = await call("GET", "/me");
    if (res.status === 401) return null;
    return userFrom(res);
  },
  async signIn(input: SignInInput): Promise<DevIdentityUser> {
    return userFrom(await call("POST", "/sign-in", input));
  },
  async signUp(input: SignUpInput): Promise<DevIdentityUser> {
    return userFrom(await call("POST", "/sign-up", input));
  },
  async updateProfile(input: ProfileUpdate): Promise<DevIdentityUser> {
    // An empty imageUrl removes the picture.
    return userFrom(await call("PATCH", "/me", input));
  },
  /** A fresh session JWT, or null when the session has ended. */
  async token(): Promise<string | null> {
    const res = await call("POST", "/tokens");
    if (res.status === 401) return null;
    if (!res.ok) throw await failure(res);
    const body = (await res.json()) as { jwt: string };
    return body.jwt;
  },
  /** Makes an organization the session's active one (null: none), as Clerk's setActive does. */
  async setActiveOrganization(organizationId: string | null): Promise<void> {
    const res = await call("POST", "/active-organization", { organizationId });
    if (!res.ok) throw await failure(res);
  },
  async signOut(): Promise<void> {
    const res = await call("POST", "/sign-out");
    if (!res.ok && res.status !== 401) throw await failure(res);
  },
};

/** Seconds-since-epoch expiry of a JWT, read without verifying it (the API verifies). */
export function jwtExpiry(jwt: string): number | null {
  const payload = jwt.split(".")[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, "+").replace(/_/g, "/"));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === "number" ? exp : null;
  } catch {
    return null;
  }
}
