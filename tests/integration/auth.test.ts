/**
 * Identity through the whole path: dev identity provider → token → API Gateway adapter →
 * handler wrapper → @clerk/backend verifyToken → Users.syncFromClaims → dynalite.
 */
import { currentUserSchema } from "@portal/core/contracts/users";
import { describe, expect, it } from "vitest";
import { bearer, resign, signUp, uniqueEmail } from "../support/dev-identity";
import { stackUrl } from "../support/stack";

const url = stackUrl();

async function getUser(headers: Record<string, string> = {}) {
  const response = await fetch(`${url}/api/auth/user`, { headers });
  return { response, body: (await response.json()) as Record<string, unknown> };
}

async function expectRefused(headers: Record<string, string>) {
  const { response, body } = await getUser(headers);
  expect(response.status).toBe(401);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  // The web client sends the user to /sign-in only for a 401 whose text says "Unauthorized".
  expect(body).toMatchObject({
    error: { code: "unauthorized", message: expect.stringContaining("Unauthorized") },
  });
}

describe("GET /api/auth/user refuses callers without a valid token", () => {
  it("no token", async () => {
    await expectRefused({});
  });

  it("a token that is not a JWT", async () => {
    await expectRefused(bearer("not-a-jwt"));
  });

  it("an expired token signed by the dev provider's own key", async () => {
    const { token } = await signUp();
    const now = Math.floor(Date.now() / 1000);
    const expired = await resign(token, { iat: now - 600, nbf: now - 600, exp: now - 300 });
    await expectRefused(bearer(expired));
  });

  it("a token signed by another key", async () => {
    const { token } = await signUp();
    await expectRefused(bearer(await resign(token, {}, "another-key")));
  });

  it("a token issued for another party (azp)", async () => {
    const { token } = await signUp();
    await expectRefused(bearer(await resign(token, { azp: "https://evil.example" })));
  });

  it("the same token after its signature was tampered with", async () => {
    const { token } = await signUp();
    const [header, payload] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: "user_someone_else" })).toString(
      "base64url",
    );
    await expectRefused(bearer(`${header}.${forged}.${token.split(".")[2]}`));
  });
});

describe("GET /api/auth/user with a valid dev token", () => {
  it("creates the user from the token's claims and answers the current user's fields", async () => {
    const email = uniqueEmail("ada");
    const { user, token } = await signUp({ email, firstName: "Ada", lastName: "Lovelace" });

    const { response, body } = await getUser(bearer(token));
    expect(response.status).toBe(200);
    const current = currentUserSchema.parse(body);
    expect(current).toMatchObject({
      id: user.id,
      email,
      firstName: "Ada",
      lastName: "Lovelace",
      subscriptionActive: false,
      subscriptionPlan: null,
      hasCompletedQuestionnaire: false,
    });
    expect(Date.parse(current.createdAt)).not.toBeNaN();

    // A second call reads the same record rather than making another.
    const again = await getUser(bearer(token));
    expect(again.body).toEqual(body);
  });

  it("accepts the token from Clerk's __session cookie as the SPA sends it", async () => {
    const { user, cookie } = await signUp();
    const { response, body } = await getUser({ cookie });
    expect(response.status).toBe(200);
    expect(body.id).toBe(user.id);
  });

  it("gives each customer only their own record, whatever the request says", async () => {
    const first = await signUp({ firstName: "First", lastName: "Customer" });
    const second = await signUp({ firstName: "Second", lastName: "Customer" });
    const firstBefore = (await getUser(bearer(first.token))).body;

    // Another user's id in the query or a header changes nothing: the id is the token's `sub`.
    const { body } = await getUser({
      ...bearer(second.token),
      "x-user-id": first.user.id,
    });
    const viaQuery = await fetch(`${url}/api/auth/user?userId=${first.user.id}`, {
      headers: bearer(second.token),
    });
    expect(body).toMatchObject({ id: second.user.id, firstName: "Second" });
    expect(await viaQuery.json()).toMatchObject({ id: second.user.id });

    const firstAfter = (await getUser(bearer(first.token))).body;
    expect(firstAfter).toEqual(firstBefore);
  });

  it("refreshes names when the identity provider's profile changes", async () => {
    const { cookie } = await signUp({ firstName: "Old", lastName: "Name" });
    expect((await getUser({ cookie })).body).toMatchObject({ firstName: "Old" });

    const patch = await fetch(`${url}/dev-identity/me`, {
      method: "PATCH",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ firstName: "New", lastName: "Name" }),
    });
    expect(patch.status).toBe(200);
    // The PATCH answer carries a fresh __session with the new claims.
    const fresh = /__session=([^;]+)/.exec(patch.headers.getSetCookie().join(";"))?.[1] ?? "";
    expect((await getUser(bearer(fresh))).body).toMatchObject({ firstName: "New" });
  });
});
