/**
 * Deploy-time facts of the session-token checks and the webhook sender (docs/security.md,
 * docs/developer-api.md), read from the stage settings and the stack's constants without
 * synthesising (the stack-*.test.ts files synthesise).
 */

import { readFileSync } from "node:fs";
import {
  MAX_IN_FLIGHT_PER_CUSTOMER,
  POST_DEADLINE_MS,
  SENDER_TIMEOUT_SECONDS,
  SLOT_LEASE_MS,
} from "@portal/core/developer/sender-limits";
import { describe, expect, test } from "vitest";
import { clerkAudienceProblem, readStageSettings } from "../../stacks/Config";
import { WEBHOOKS_CONCURRENCY, WEBHOOKS_TIMEOUT_SECONDS } from "../../stacks/Events";
import { validSettings } from "./synth";

const liveKey = `pk_live_${Buffer.from("clerk.portal.example.com$").toString("base64")}`;
const prodSettings = {
  ...validSettings,
  VITE_CLERK_PUBLISHABLE_KEY: liveKey,
  VITE_STRIPE_PUBLISHABLE_KEY: "pk_live_portal",
};

/**
 * The session-token claims docs/operations.md ("First deploy", step 3) tells the operator to
 * give Clerk's session token, as JSON.
 */
function documentedClaims(): Record<string, string> {
  const text = readFileSync(new URL("../../docs/operations.md", import.meta.url), "utf8");
  const step = text.slice(text.indexOf("Customize session token"));
  const json = /`(\{[^`]*\})`/.exec(step)?.[1];
  if (!json) throw new Error("docs/operations.md names no session-token claims");
  return JSON.parse(json.replace(/\s*\n\s*/g, " "));
}

describe("session tokens", () => {
  test("the documented claims carry `aud` and every claim the identity adapter reads", () => {
    const claims = documentedClaims();
    // Production refuses a token without `aud` (clerkAudienceProblem; adapters/identity.ts).
    expect(claims.aud).toBe("<CLERK_AUDIENCE>");
    // The claims adapters/identity.ts reads beyond Clerk's defaults.
    for (const name of ["email", "first_name", "last_name", "image_url", "role"]) {
      expect(claims, name).toHaveProperty(name);
    }
  });

  test("every stage checks `iss` against the Frontend API URL its publishable key encodes", () => {
    expect(readStageSettings("staging", validSettings).parameters.CLERK_ISSUER).toBe(
      "https://clerk.portal.example.com",
    );
    expect(
      readStageSettings("prod", { ...prodSettings, CLERK_AUDIENCE: "portal-api" }).parameters,
    ).toMatchObject({
      CLERK_ISSUER: "https://clerk.portal.example.com",
      CLERK_AUDIENCE: "portal-api",
    });
  });

  test("a prod stage without CLERK_AUDIENCE is refused; other stages may leave it unset", () => {
    expect(() => readStageSettings("prod", prodSettings)).toThrow(
      /CLERK_AUDIENCE is required in the prod stage/,
    );
    expect(() => readStageSettings("prod", { ...prodSettings, CLERK_AUDIENCE: "  " })).toThrow(
      /CLERK_AUDIENCE/,
    );
    expect(clerkAudienceProblem("prod", "portal-api")).toBeUndefined();
    expect(clerkAudienceProblem("staging", "")).toBeUndefined();
    expect(readStageSettings("staging", validSettings).parameters.CLERK_AUDIENCE).toBe("");
  });
});

describe("the webhook sender", () => {
  test("its POST deadline is well under its timeout: a third of it, the rest to log and settle", () => {
    expect(WEBHOOKS_TIMEOUT_SECONDS).toBe(SENDER_TIMEOUT_SECONDS);
    expect(POST_DEADLINE_MS * 3).toBeLessThanOrEqual(WEBHOOKS_TIMEOUT_SECONDS * 1000);
  });

  test("a slot's lease outlasts any sender, and one customer cannot hold most senders", () => {
    expect(SLOT_LEASE_MS).toBeGreaterThanOrEqual(WEBHOOKS_TIMEOUT_SECONDS * 1000);
    expect(MAX_IN_FLIGHT_PER_CUSTOMER * 4).toBeLessThanOrEqual(WEBHOOKS_CONCURRENCY);
  });
});
