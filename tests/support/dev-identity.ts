/**
 * Signing people in for tests: through the development identity provider (the way the SPA
 * does), or by minting tokens directly to try what the API must refuse.
 */
import { randomUUID } from "node:crypto";
import { readSigningKeys } from "@portal/devstack/dev-identity-store";
import { decodeJwt, generateKeyPair, importPKCS8, type JWTPayload, SignJWT } from "jose";
import { addSite, type CustomerState, READY_CUSTOMER, setCustomerState } from "./customer-state";
import { stackDataDir, stackUrl } from "./stack";

export interface DevUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  imageUrl: string | null;
}

export interface SignedIn {
  user: DevUser;
  /** A Cookie header carrying `__client` and `__session`, as a browser would send them. */
  cookie: string;
  /** The session JWT, for an `Authorization: Bearer` header. */
  token: string;
}

export function uniqueEmail(label = "user") {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

/** The Cookie header a browser would send back after a response's Set-Cookie headers. */
export function cookieHeader(response: Response) {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

export async function signUp(
  input: Partial<{ email: string; password: string; firstName: string; lastName: string }> = {},
  baseUrl = stackUrl(),
): Promise<SignedIn> {
  const response = await fetch(`${baseUrl}/dev-identity/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email: uniqueEmail(),
      password: "correct horse battery",
      firstName: "Test",
      lastName: "Person",
      ...input,
    }),
  });
  if (response.status !== 201) {
    throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  }
  const { user } = (await response.json()) as { user: DevUser };
  const cookie = cookieHeader(response);
  const token = /__session=([^;]+)/.exec(cookie)?.[1];
  if (!token) throw new Error("sign-up set no __session cookie");
  return { user, cookie, token };
}

/**
 * Signs a person up, creates their user record with the first authenticated call (as the
 * SPA's sync does), and puts them in `state` (default: an active, onboarded customer).
 */
export async function signUpCustomer(
  input: Parameters<typeof signUp>[0] = {},
  baseUrl = stackUrl(),
  state: CustomerState = READY_CUSTOMER,
): Promise<SignedIn> {
  const signedIn = await signUp(input, baseUrl);
  const synced = await fetch(`${baseUrl}/api/auth/user`, { headers: bearer(signedIn.token) });
  if (synced.status !== 200) throw new Error(`user sync answered ${synced.status}`);
  await setCustomerState(signedIn.user.id, state);
  return signedIn;
}

/**
 * A customer in READY_CUSTOMER's state with one site (live, "Corner Bakery", unless `site`
 * says otherwise), written through core as the team's console would.
 */
export async function customerWithSite(
  site: Parameters<typeof addSite>[1] = {},
  baseUrl = stackUrl(),
): Promise<{ who: SignedIn; siteId: string }> {
  const who = await signUpCustomer({}, baseUrl);
  return { who, siteId: await addSite(who.user.id, site) };
}

/** `who`'s session token minted now (the provider's tokens live 60 s; suites run longer). */
export async function freshToken(who: SignedIn, baseUrl = stackUrl()): Promise<string> {
  const answer = await fetch(`${baseUrl}/dev-identity/tokens`, {
    method: "POST",
    headers: { cookie: who.cookie },
  });
  if (!answer.ok) throw new Error(`token refresh answered ${answer.status}`);
  return ((await answer.json()) as { jwt: string }).jwt;
}

/** `who` with a fresh session token (freshToken). */
export async function refreshed(who: SignedIn, baseUrl = stackUrl()): Promise<SignedIn> {
  return { ...who, token: await freshToken(who, baseUrl) };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/**
 * Re-signs a real token's claims with changes (`exp` in the past, another `azp`), using the
 * provider's own key unless another key is asked for: the API must refuse each such token for
 * the changed claim alone.
 */
export async function resign(
  token: string,
  changes: JWTPayload,
  key: "dev-provider" | "another-key" = "dev-provider",
): Promise<string> {
  const claims = { ...decodeJwt(token), ...changes };
  let privateKey: Awaited<ReturnType<typeof importPKCS8>>;
  let kid: string;
  if (key === "dev-provider") {
    const keys = await readSigningKeys(stackDataDir());
    privateKey = await importPKCS8(keys.privateKeyPem, "RS256");
    kid = keys.kid;
  } else {
    privateKey = (await generateKeyPair("RS256")).privateKey;
    kid = "ins_someone_else";
  }
  return new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid, typ: "JWT" }).sign(privateKey);
}

/** Makes an existing account staff, as `npm run staff -- add` does; sign in again after. */
export async function makeStaff(email: string, adminToken: string, baseUrl = stackUrl()) {
  const response = await fetch(`${baseUrl}/dev-identity/admin/staff`, {
    method: "POST",
    headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
    body: JSON.stringify({ email }),
  });
  if (response.status !== 200) throw new Error(`making staff answered ${response.status}`);
}

/** A new member of the provider's team, signed in with a staff token. */
export async function signUpStaff(
  input: Parameters<typeof signUp>[0] = {},
  baseUrl = stackUrl(),
  adminToken = process.env.DEV_IDENTITY_ADMIN_TOKEN ?? "",
): Promise<SignedIn> {
  const email = input.email ?? uniqueEmail("staff");
  await signUp({ ...input, email }, baseUrl);
  await makeStaff(email, adminToken, baseUrl);
  const response = await fetch(`${baseUrl}/dev-identity/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: input.password ?? "correct horse battery" }),
  });
  if (response.status !== 200) throw new Error(`staff sign-in answered ${response.status}`);
  const { user } = (await response.json()) as { user: DevUser };
  const cookie = cookieHeader(response);
  const token = /__session=([^;]+)/.exec(cookie)?.[1];
  if (!token) throw new Error("sign-in set no __session cookie");
  return { user, cookie, token };
}
