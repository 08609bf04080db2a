/**
 * Session-token verification with real RS256 keys (jose) through @clerk/backend's verifyToken,
 * configured as a deployed stage would be: authorized parties and an audience.
 */
import { exportSPKI, generateKeyPair, type JWTPayload, SignJWT } from "jose";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { UnauthorizedError } from "../errors";

const SPA = "https://portal.example.com";
const AUDIENCE = "portal-api";
const ISSUER = "https://clerk.portal.example.com";

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;
let ourKey: KeyPair;
let otherKey: KeyPair;
let identity: typeof import("./identity");

beforeAll(async () => {
  ourKey = await generateKeyPair("RS256", { modulusLength: 2048, extractable: true });
  otherKey = await generateKeyPair("RS256", { modulusLength: 2048, extractable: true });
  // sst/node reads its bindings when first imported: set them before importing the adapter.
  Object.assign(process.env, {
    SST_APP: "portal",
    SST_STAGE: "test",
    SST_Secret_value_CLERK_JWT_KEY: await exportSPKI(ourKey.publicKey),
    SST_Parameter_value_CLERK_AUTHORIZED_PARTIES: `http://localhost:5173, ${SPA}`,
    SST_Parameter_value_CLERK_AUDIENCE: AUDIENCE,
    SST_Parameter_value_CLERK_ISSUER: ISSUER,
  });
  identity = await import("./identity");
});

const now = () => Math.floor(Date.now() / 1000);

/** A Clerk-shaped session token; `overrides` replace or (with undefined) drop claims. */
function sessionToken(
  overrides: Record<string, unknown> = {},
  key: KeyPair = ourKey,
): Promise<string> {
  const claims: Record<string, unknown> = {
    sub: "user_2NNEqL2nrIRdJ194ndJqAHwEfxC",
    sid: "sess_2Ro7e2IxrffdqBboq8KfB6eGbIy",
    iss: ISSUER,
    azp: SPA,
    aud: AUDIENCE,
    iat: now() - 5,
    nbf: now() - 10,
    exp: now() + 60,
    email: "ada@example.com",
    first_name: "Ada",
    last_name: "Lovelace",
    image_url: "https://img.clerk.com/ada.png",
    ...overrides,
  };
  for (const [name, value] of Object.entries(claims)) {
    if (value === undefined) delete claims[name];
  }
  return new SignJWT(claims as JWTPayload)
    .setProtectedHeader({ alg: "RS256", typ: "JWT", kid: "ins_test" })
    .sign(key.privateKey);
}

async function refusal(token: string): Promise<unknown> {
  return identity.verifySessionToken(token).then(
    () => "accepted",
    (error: unknown) => error,
  );
}

describe("verifySessionToken", () => {
  it("accepts a valid token: the user id is `sub`, the claims are mapped", async () => {
    const result = await identity.verifySessionToken(await sessionToken());
    expect(result).toEqual({
      userId: "user_2NNEqL2nrIRdJ194ndJqAHwEfxC",
      sessionId: "sess_2Ro7e2IxrffdqBboq8KfB6eGbIy",
      claims: {
        email: "ada@example.com",
        firstName: "Ada",
        lastName: "Lovelace",
        imageUrl: "https://img.clerk.com/ada.png",
      },
    });
  });

  it("leaves out claims the token does not carry", async () => {
    const result = await identity.verifySessionToken(
      await sessionToken({ first_name: undefined, last_name: "", image_url: null }),
    );
    expect(result.claims).toEqual({ email: "ada@example.com" });
  });

  it("accepts a token from each authorized party", async () => {
    const result = await identity.verifySessionToken(
      await sessionToken({ azp: "http://localhost:5173" }),
    );
    expect(result.userId).toBe("user_2NNEqL2nrIRdJ194ndJqAHwEfxC");
  });

  it("refuses a missing or malformed token", async () => {
    expect(await refusal("")).toBeInstanceOf(UnauthorizedError);
    expect(await refusal("not-a-jwt")).toBeInstanceOf(UnauthorizedError);
  });

  it("refuses an expired token, allowing Clerk's 5 s of clock skew", async () => {
    expect(await refusal(await sessionToken({ exp: now() - 60, iat: now() - 120 }))).toBeInstanceOf(
      UnauthorizedError,
    );
    await expect(
      identity.verifySessionToken(await sessionToken({ exp: now() - 2 })),
    ).resolves.toMatchObject({ userId: "user_2NNEqL2nrIRdJ194ndJqAHwEfxC" });
  });

  it("refuses a token without an expiry, or not valid yet", async () => {
    expect(await refusal(await sessionToken({ exp: undefined }))).toBeInstanceOf(UnauthorizedError);
    expect(await refusal(await sessionToken({ nbf: now() + 60 }))).toBeInstanceOf(
      UnauthorizedError,
    );
  });

  it("refuses a token signed by another key", async () => {
    expect(await refusal(await sessionToken({}, otherKey))).toBeInstanceOf(UnauthorizedError);
  });

  it("refuses a token whose payload was altered after signing", async () => {
    const [header, , signature] = (await sessionToken()).split(".");
    const forged = Buffer.from(
      JSON.stringify({ sub: "user_someoneElse", azp: SPA, aud: AUDIENCE, exp: now() + 60 }),
    ).toString("base64url");
    expect(await refusal(`${header}.${forged}.${signature}`)).toBeInstanceOf(UnauthorizedError);
  });

  it("refuses a token for another authorized party, or for none", async () => {
    expect(await refusal(await sessionToken({ azp: "https://evil.example" }))).toBeInstanceOf(
      UnauthorizedError,
    );
    expect(await refusal(await sessionToken({ azp: undefined }))).toBeInstanceOf(UnauthorizedError);
  });

  it("refuses a token for another audience, or without one, when an audience is configured", async () => {
    expect(await refusal(await sessionToken({ aud: "another-api" }))).toBeInstanceOf(
      UnauthorizedError,
    );
    expect(await refusal(await sessionToken({ aud: undefined }))).toBeInstanceOf(UnauthorizedError);
    await expect(
      identity.verifySessionToken(await sessionToken({ aud: ["another-api", AUDIENCE] })),
    ).resolves.toMatchObject({ userId: "user_2NNEqL2nrIRdJ194ndJqAHwEfxC" });
  });

  it("refuses a token from another issuer, or without one", async () => {
    for (const iss of ["https://clerk.other-instance.example.com", `${ISSUER}/`, undefined]) {
      expect([iss, await refusal(await sessionToken({ iss }))]).toEqual([
        iss,
        expect.any(UnauthorizedError),
      ]);
    }
  });

  it("refuses a token that names no session (a JWT template's, signed by the same key)", async () => {
    expect(await refusal(await sessionToken({ sid: undefined }))).toBeInstanceOf(UnauthorizedError);
    expect(await refusal(await sessionToken({ sid: "" }))).toBeInstanceOf(UnauthorizedError);
  });

  it("reads the session's active organization and its account, in either claims version", async () => {
    const v1 = await identity.verifySessionToken(
      await sessionToken({ org_id: "org_1", org_role: "org:member", account_id: "user_owner" }),
    );
    expect(v1).toMatchObject({ organizationId: "org_1", accountId: "user_owner" });
    const v2 = await identity.verifySessionToken(
      await sessionToken({ v: 2, o: { id: "org_2", rol: "admin" }, account_id: "user_other" }),
    );
    expect(v2).toMatchObject({ organizationId: "org_2", accountId: "user_other" });
    // No active organization: the person's own account (no account id at all).
    const personal = await identity.verifySessionToken(await sessionToken({ account_id: null }));
    expect(personal.accountId).toBeUndefined();
    expect(personal.organizationId).toBeUndefined();
  });

  it("refuses an active organization without the account claim (a misconfigured template)", async () => {
    expect(await refusal(await sessionToken({ org_id: "org_1" }))).toBeInstanceOf(
      UnauthorizedError,
    );
    expect(
      await refusal(await sessionToken({ v: 2, o: { id: "org_2" }, account_id: "" })),
    ).toBeInstanceOf(UnauthorizedError);
  });

  it("refuses a token without a subject", async () => {
    expect(await refusal(await sessionToken({ sub: undefined }))).toBeInstanceOf(UnauthorizedError);
  });
});

describe("verifySessionToken's memory of verified tokens", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("answers a token it verified from memory, and refuses it again once it has expired", async () => {
    const token = await sessionToken({ exp: now() + 30 });
    const first = await identity.verifySessionToken(token);
    // Remembered: the same answer while the token is valid.
    vi.useFakeTimers({ now: Date.now() + 20_000, toFake: ["Date"] });
    expect(await identity.verifySessionToken(token)).toEqual(first);
    // Past `exp` and Clerk's 5 s of skew: not answered from memory, and refused.
    vi.setSystemTime(Date.now() + 20_000);
    expect(await refusal(token)).toBeInstanceOf(UnauthorizedError);
  });

  it("remembers only the token that passed: one with another signature is checked and refused", async () => {
    const token = await sessionToken();
    await identity.verifySessionToken(token);
    const [header, payload] = token.split(".");
    const forged = `${header}.${payload}.${(await sessionToken({}, otherKey)).split(".")[2]}`;
    expect(await refusal(forged)).toBeInstanceOf(UnauthorizedError);
  });
});

describe("tokenFromRequest", () => {
  it("takes the bearer token over the session cookie", () => {
    expect(
      identity.tokenFromRequest({
        authorization: "Bearer header.jwt.value",
        cookies: ["__session=cookie.jwt.value"],
      }),
    ).toBe("header.jwt.value");
    expect(identity.tokenFromRequest({ authorization: "bearer  lower.case.ok" })).toBe(
      "lower.case.ok",
    );
  });

  it("reads Clerk's __session cookie from a cookies array", () => {
    expect(
      identity.tokenFromRequest({
        cookies: ["__client_uat=1700000000", "__session=a.b.c", "theme=dark"],
      }),
    ).toBe("a.b.c");
    // One raw Cookie header in a single entry reads the same.
    expect(identity.tokenFromRequest({ cookies: ["theme=dark; __session=d.e.f; x=y"] })).toBe(
      "d.e.f",
    );
  });

  it("falls back to the cookie when the Authorization header is not a bearer token", () => {
    expect(
      identity.tokenFromRequest({
        authorization: "Basic dXNlcjpwYXNz",
        cookies: ["__session=g.h.i"],
      }),
    ).toBe("g.h.i");
    expect(
      identity.tokenFromRequest({ authorization: "Bearer ", cookies: ["__session=j.k.l"] }),
    ).toBe("j.k.l");
  });

  it("finds nothing without a bearer token or a __session cookie", () => {
    expect(identity.tokenFromRequest({})).toBeUndefined();
    expect(
      identity.tokenFromRequest({
        cookies: ["__session_other=x.y.z", "__sessionx=1", "__session="],
      }),
    ).toBeUndefined();
  });
});

describe("identitySettings", () => {
  it("splits and trims the authorized parties and treats an empty audience as unset", () => {
    expect(
      identity.identitySettings({
        jwtKey: "PEM",
        authorizedParties: " http://localhost:5173 ,https://a.example,, ",
        audience: "  ",
        issuer: ` ${ISSUER} `,
      }),
    ).toEqual({
      jwtKey: "PEM",
      authorizedParties: ["http://localhost:5173", "https://a.example"],
      issuer: ISSUER,
    });
  });

  it("fails closed, as a server error, without a key, authorized parties or an issuer", () => {
    expect(() =>
      identity.identitySettings({ jwtKey: "PEM", authorizedParties: " , ", issuer: ISSUER }),
    ).toThrow(/CLERK_AUTHORIZED_PARTIES/);
    expect(() =>
      identity.identitySettings({ jwtKey: "", authorizedParties: SPA, issuer: ISSUER }),
    ).toThrow(/CLERK_JWT_KEY/);
    expect(() =>
      identity.identitySettings({ jwtKey: "PEM", authorizedParties: SPA, issuer: " " }),
    ).toThrow(/CLERK_ISSUER/);
    try {
      identity.identitySettings({ authorizedParties: SPA });
    } catch (error) {
      expect(error).not.toBeInstanceOf(UnauthorizedError);
    }
  });
});
