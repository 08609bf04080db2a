/**
 * Which routes an API key reaches (docs/developer-api.md): read keys the GET routes, write
 * keys the rest; never billing, key management, staff or public routes.
 */
import { keyAllows, requireKeyAccess } from "@portal/core/access/key-access";
import { describe, expect, test } from "vitest";
import {
  keepsIdempotencyKeys,
  keyAccess,
  type RouteRecord,
  routeGrants,
  routeKeysOf,
  routeRecord,
  routes,
} from "./routes";

const entries = Object.entries(routes) as [string, RouteRecord][];

/** What cannot be undone, or would silence the owner: signed in only (docs/developer-api.md). */
const IRREVERSIBLE = [
  "DELETE /api/sites/{id}",
  "POST /api/sites/{id}/domain",
  "PATCH /api/auth/user/preferences",
  "POST /api/sites/{id}/review/rounds/{round}/approve",
];

describe("API key access per route class", () => {
  test("billing, key management, irreversible, the account's data, staff and public routes never answer a key", () => {
    for (const [routeKey, record] of entries) {
      const closed =
        IRREVERSIBLE.includes(routeKey) ||
        record.grants.includes("stripe") ||
        routeKey.includes("/api/developer/") ||
        // Exporting one's data and deleting the account: signed in only (docs/privacy.md).
        routeKey.includes("/api/account") ||
        // Files are handed over in the portal, signed in (docs/content.md).
        routeKey.includes("/api/content/") ||
        // The team is managed signed in, like keys (docs/team.md).
        routeKey.startsWith("GET /api/team") ||
        routeKey.includes(" /api/team/") ||
        routeKey.includes(" /api/invitations/") ||
        record.entitlement === "staff" ||
        record.entitlement === "public";
      expect([routeKey, keyAccess(routeKey, record) === "none"]).toEqual([routeKey, closed]);
    }
  });

  test("every other GET route is read, every other method write", () => {
    const open = entries.filter(([key, record]) => keyAccess(key, record) !== "none");
    expect(open.length).toBeGreaterThan(15);
    for (const [routeKey, record] of open) {
      expect(keyAccess(routeKey, record)).toBe(routeKey.startsWith("GET ") ? "read" : "write");
    }
  });

  test("a read key reaches read routes only; a write key both; neither a closed route", () => {
    expect(keyAllows("read", "read")).toBe(true);
    expect(keyAllows("read", "write")).toBe(false);
    expect(keyAllows("write", "read")).toBe(true);
    expect(keyAllows("write", "write")).toBe(true);
    expect(keyAllows("write", "none")).toBe(false);
    expect(() => requireKeyAccess("read", "write")).toThrow(/only read/);
    expect(() => requireKeyAccess("write", "none")).toThrow(/cannot be used here/);
  });

  test("routes a key can reach may record its use; the others are granted nothing more", () => {
    for (const [routeKey, record] of entries) {
      const extra = routeGrants(routeKey, record).filter(
        (g) => !record.grants.includes(g) && g !== "table:idempotency",
      );
      expect(extra).toEqual(keyAccess(routeKey, record) === "none" ? [] : ["table:key-use"]);
    }
  });

  test("signed-in writes without table:write may keep Idempotency-Keys; nothing else gets that", () => {
    const keeping = entries.filter(([key, record]) =>
      routeGrants(key, record).includes("table:idempotency"),
    );
    expect(keeping.map(([key]) => key)).toEqual([
      "POST /api/developer/webhooks/{id}/test",
      "POST /api/developer/webhooks/{id}/deliveries/{deliveryId}/redeliver",
    ]);
    for (const [routeKey, record] of entries) {
      const canWrite = routeGrants(routeKey, record).some(
        (g) => g === "table:write" || g === "table:idempotency",
      );
      if (keepsIdempotencyKeys(routeKey, record)) expect(canWrite, routeKey).toBe(true);
    }
  });
});

describe("a record's other route keys", () => {
  test("resolve to the record that names them; unknown keys to nothing", () => {
    expect(routeRecord("GET /api/questionnaire")).toBe(routes["GET /api/questionnaires/me"]);
    expect(routeRecord("GET /api/questionnaires/me")).toBe(routes["GET /api/questionnaires/me"]);
    expect(routeRecord("GET /api/questionnaire/x")).toBeUndefined();
  });

  test("are no route's own key and no other record's alias", () => {
    const aliases = entries.flatMap(([key, record]) => routeKeysOf(key, record).slice(1));
    expect(aliases).toContain("GET /api/questionnaire");
    expect(new Set(aliases).size).toBe(aliases.length);
    for (const alias of aliases) expect(Object.hasOwn(routes, alias)).toBe(false);
  });
});

/** What only an account's owner may do (core/access/roles.ts, docs/team.md). */
describe("the role each route needs", () => {
  const OWNER_ONLY = (routeKey: string, record: RouteRecord) =>
    record.grants.includes("stripe") ||
    routeKey.includes("/api/developer/") ||
    routeKey.startsWith("GET /api/account") ||
    routeKey.startsWith("POST /api/account") ||
    routeKey.startsWith("DELETE /api/account") ||
    routeKey === "DELETE /api/sites/{id}" ||
    // Changing the team (docs/team.md): invitations, roles, removing, handing over.
    routeKey.startsWith("POST /api/team/invitations") ||
    routeKey.startsWith("DELETE /api/team/") ||
    routeKey.startsWith("PATCH /api/team/") ||
    routeKey === "POST /api/team/transfer-ownership";

  test("billing, keys and webhooks, the account's export and deletion, deleting a site: owners only", () => {
    for (const [routeKey, record] of entries) {
      if (record.entitlement === "staff" || record.entitlement === "public") {
        expect([routeKey, record.role]).toEqual([routeKey, undefined]);
        continue;
      }
      if (OWNER_ONLY(routeKey, record))
        expect([routeKey, record.role]).toEqual([routeKey, "owner"]);
    }
  });

  test("an owner-only route never answers an API key (a key acts as a member)", () => {
    for (const [routeKey, record] of entries) {
      if (record.role === "owner") {
        expect([routeKey, keyAccess(routeKey, record)]).toEqual([routeKey, "none"]);
      }
    }
  });

  test("a route of the person has no role: it reads no account", () => {
    for (const [routeKey, record] of entries) {
      if (record.scope === "person") expect([routeKey, record.role]).toEqual([routeKey, undefined]);
    }
  });
});
