import { createHmac } from "node:crypto";
import { describe, expect, test } from "vitest";
import { newSigningSecret, sign, signedHeaders, verify } from "./signature";

// The Standard Webhooks specification's own test vector (its reference libraries use it).
const SPEC = {
  secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
  id: "msg_p5jXN8AQM9LWM0D4loKWxJek",
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
};

describe("Standard Webhooks signatures", () => {
  test("match the specification's test vector", () => {
    expect(sign(SPEC.secret, SPEC.id, SPEC.timestamp, SPEC.body)).toBe(SPEC.signature);
  });

  test("are an HMAC of id.timestamp.body under the secret's decoded bytes", () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const mac = createHmac("sha256", Buffer.from(secret.slice(6), "base64"))
      .update("msg_1.1700000000.{}")
      .digest("base64");
    expect(sign(secret, "msg_1", 1_700_000_000, "{}")).toBe(`v1,${mac}`);
  });

  test("verify accepts a fresh, matching signature among several and nothing else", () => {
    const now = 1_700_000_000_000;
    const headers = signedHeaders(SPEC.secret, "msg_2", now / 1000, "{}");
    expect(verify(SPEC.secret, headers, "{}", now)).toBe(true);
    const rotated = { ...headers, "webhook-signature": `v1,AAAA ${headers["webhook-signature"]}` };
    expect(verify(SPEC.secret, rotated, "{}", now)).toBe(true);
    expect(verify(SPEC.secret, headers, "{ }", now)).toBe(false);
    expect(verify(newSigningSecret(), headers, "{}", now)).toBe(false);
    expect(verify(SPEC.secret, { ...headers, "webhook-id": "msg_3" }, "{}", now)).toBe(false);
    // Replays: a timestamp more than five minutes off is refused, however well signed.
    expect(verify(SPEC.secret, headers, "{}", now + 6 * 60_000)).toBe(false);
    expect(verify(SPEC.secret, { ...headers, "webhook-signature": "v2,x" }, "{}", now)).toBe(false);
  });
});
