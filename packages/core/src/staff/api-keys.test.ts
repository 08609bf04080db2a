/**
 * A staff revocation of an API key and its audit entry are one transaction, conditional on the
 * key being active (docs/console.md), against dynalite with the local TransactWriteItems; the
 * revocation that won records one tombstone (docs/operations.md).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestDynamo, type TestDynamo } from "../db/testing";

// The tombstone goes to S3, which this test has none of: record what would be written.
const tombstones = vi.hoisted(() => [] as unknown[]);
vi.mock("../adapters/tombstones", () => ({
  recordTombstone: async (tombstone: unknown) => {
    tombstones.push(tombstone);
  },
}));

let dynamo: TestDynamo;
let StaffKeys: typeof import("./api-keys");
let ApiKeys: typeof import("../developer/api-keys");
let db: typeof import("../db/service").db;

beforeAll(async () => {
  dynamo = await startTestDynamo();
  Object.assign(process.env, dynamo.env);
  StaffKeys = await import("./api-keys");
  ApiKeys = await import("../developer/api-keys");
  ({ db } = await import("../db/service"));
});

afterAll(async () => {
  await dynamo?.stop();
});

const staff = { type: "staff" as const, userId: "user_staff_1", email: "team@example.com" };

async function auditOf(apiKeyId: string) {
  const { data } = await db.entities.staffAction.query.byAction({}).go({ pages: "all" });
  return data.filter((entry) => entry.targetId === apiKeyId);
}

describe("a staff revocation of an API key", () => {
  it("is logged once however many revokes arrive at once, and frees the key's place", async () => {
    const userId = "user_keys_1";
    const made = await Promise.all(
      Array.from({ length: 25 }, (_, n) =>
        ApiKeys.create(userId, { name: `Key ${n}`, permission: "read" }),
      ),
    );
    const id = made[0]?.apiKey.id as string;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => StaffKeys.revoke(staff, userId, id)),
    );
    for (const answer of answers) expect(answer.status).toBe("revoked");
    expect(await auditOf(id)).toHaveLength(1);
    // One tombstone for a restore to re-apply, written by the revocation that won.
    expect(tombstones).toEqual([{ kind: "api-key", userId, apiKeyId: id }]);
    // At the cap of 25 before; the revoked key's place is free again.
    await expect(
      ApiKeys.create(userId, { name: "Another", permission: "read" }),
    ).resolves.toBeDefined();
  });
});
