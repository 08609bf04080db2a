/**
 * A point-in-time restore brings erased accounts and revoked API keys back; `npm run
 * restore-reapply` applies them again from the tombstones kept outside the table
 * (docs/operations.md, "Re-applying erasures and revocations after a restore"). Against the
 * local stack: the table is copied (the restore point), a key is revoked and an account erased
 * through their routes, the copy is written back (the restore), and the script re-applies both.
 */
import { type DynamoDBDocumentClient, paginateScan } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { reapply } from "../../scripts/restore-reapply";
import { apiAt } from "../support/api";
import { bearer, type SignedIn, signUpCustomer } from "../support/dev-identity";
import { newCustomer, url, useStackEnvDb } from "../support/payments";

const db = await useStackEnvDb();
const { documentClient, tableName } = await import("@portal/core/db/client");
const call = apiAt(url);

async function createKey(customer: SignedIn, name: string) {
  const answer = await call(customer, "POST /api/developer/keys", {
    body: { name, permission: "read" },
  });
  expect(answer.status).toBe(201);
  return answer.body as { key: string; apiKey: { id: string } };
}

const withKey = async (key: string) =>
  (await fetch(`${url}/api/sites`, { headers: bearer(key) })).status;

async function scanTable() {
  const items: Record<string, unknown>[] = [];
  const client = documentClient() as DynamoDBDocumentClient;
  for await (const page of paginateScan({ client }, { TableName: tableName() })) {
    items.push(...((page.Items ?? []) as Record<string, unknown>[]));
  }
  return items;
}

async function writeBack(items: Record<string, unknown>[]) {
  const { PutCommand } = await import("@aws-sdk/lib-dynamodb");
  for (const Item of items) {
    await documentClient().send(new PutCommand({ TableName: tableName(), Item }));
  }
}

async function until(check: () => Promise<boolean>, what: string, ms = 30_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const userOf = async (userId: string) =>
  (await db.entities.user.get({ userId }).go({ consistent: true })).data;

describe("npm run restore-reapply", () => {
  it("revokes again the keys and erases again the accounts a restore brought back", async () => {
    const keeper = await signUpCustomer();
    const revoked = await createKey(keeper, "revoked after the restore point");
    const kept = await createKey(keeper, "still in use");
    const leaving = await newCustomer("Lee");
    await leaving.me();

    // The restore point.
    const snapshot = await scanTable();
    const restorePoint = new Date();

    const revoke = await call(keeper, "DELETE /api/developer/keys/{id}", {
      params: { id: revoked.apiKey.id },
    });
    expect(revoke.status).toBeLessThan(300);
    expect((await leaving.call("DELETE", "/api/account", { confirmation: "DELETE" })).status).toBe(
      202,
    );
    await until(async () => (await userOf(leaving.user.id)) === null, "the erasure");
    expect(await withKey(revoked.key)).toBe(401);

    // The restore: the table as it was at the restore point.
    await writeBack(snapshot);
    expect(await userOf(leaving.user.id)).not.toBeNull();
    expect(await withKey(revoked.key)).toBe(200);

    const dryRun = await reapply({ since: restorePoint, dryRun: true });
    expect(await withKey(revoked.key)).toBe(200);
    expect(dryRun.map((r) => r.outcome)).toContain("would revoke");

    const done = await reapply({ since: restorePoint });
    const outcomes = Object.fromEntries(
      done.map((r) => [
        r.tombstone.kind === "api-key"
          ? r.tombstone.apiKeyId
          : `${r.tombstone.kind}:${r.tombstone.userId}`,
        r.outcome,
      ]),
    );
    expect(outcomes[revoked.apiKey.id]).toBe("revoked");
    expect(outcomes[`erasure:${leaving.user.id}`]).toBe("erased");
    expect(await userOf(leaving.user.id)).toBeNull();
    expect(await withKey(revoked.key)).toBe(401);
    expect(await withKey(kept.key)).toBe(200);

    // Nothing recorded before the restore point is applied.
    expect(done.every((r) => Date.parse(r.tombstone.at) >= restorePoint.getTime())).toBe(true);
    // Applying again changes nothing.
    const again = await reapply({ since: restorePoint });
    expect(again.find((r) => r.tombstone.kind === "erasure")?.outcome).toBe("already gone");
  }, 90_000);
});
