/**
 * Without CLERK_AUDIENCE bound (the local stack, and any stage that leaves it unset) the
 * audience is not checked; everything else still is. A separate file because sst/node reads
 * its bindings once per process.
 */
import { exportSPKI, generateKeyPair, SignJWT } from "jose";
import { beforeAll, expect, it } from "vitest";
import { UnauthorizedError } from "../errors";

const SPA = "http://127.0.0.1:5173";
const ISSUER = `${SPA}/dev-identity`;
let identity: typeof import("./identity");
let privateKey: Awaited<ReturnType<typeof generateKeyPair>>["privateKey"];

beforeAll(async () => {
  const pair = await generateKeyPair("RS256", { modulusLength: 2048, extractable: true });
  privateKey = pair.privateKey;
  process.env.SST_APP = "portal";
  process.env.SST_STAGE = "local";
  process.env.SST_Secret_value_CLERK_JWT_KEY = await exportSPKI(pair.publicKey);
  process.env.SST_Parameter_value_CLERK_AUTHORIZED_PARTIES = SPA;
  delete process.env.SST_Parameter_value_CLERK_AUDIENCE;
  process.env.SST_Parameter_value_CLERK_ISSUER = ISSUER;
  identity = await import("./identity");
});

function token(claims: Record<string, unknown>) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    sub: "user_local1",
    sid: "sess_local1",
    iss: ISSUER,
    azp: SPA,
    iat: now,
    nbf: now,
    exp: now + 60,
    ...claims,
  })
    .setProtectedHeader({ alg: "RS256", typ: "JWT", kid: "dev" })
    .sign(privateKey);
}

it("accepts tokens with any audience or none", async () => {
  await expect(identity.verifySessionToken(await token({}))).resolves.toMatchObject({
    userId: "user_local1",
  });
  await expect(
    identity.verifySessionToken(await token({ aud: "whatever" })),
  ).resolves.toMatchObject({ userId: "user_local1" });
});

it("still checks the authorized party", async () => {
  await expect(
    identity.verifySessionToken(await token({ azp: "https://elsewhere.example" })),
  ).rejects.toBeInstanceOf(UnauthorizedError);
});
