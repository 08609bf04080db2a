/**
 * The staff's customer search finds a customer by any word of their names, email address or
 * business names, or the start of one, through the search index's key condition: never a scan,
 * and never more than a page read however many customers do not match. Against dynalite.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestDynamo, type TestDynamo } from "../db/testing";

let dynamo: TestDynamo;
let Search: typeof import("./customer-search");
let Customers: typeof import("./customers");
let db: typeof import("../db/service").db;
let documentClient: typeof import("../db/client").documentClient;

beforeAll(async () => {
  dynamo = await startTestDynamo();
  // sst/node reads its bindings when first imported, so the environment comes first.
  Object.assign(process.env, dynamo.env);
  Search = await import("./customer-search");
  Customers = await import("./customers");
  ({ db } = await import("../db/service"));
  ({ documentClient } = await import("../db/client"));

  // 200 customers who match none of the searches below, then the three that do.
  await db.entities.user
    .put(
      Array.from({ length: 200 }, (_, i) => ({
        userId: `user_other_${i}`,
        email: `other-${i}@example.org`,
        firstName: "Other",
        lastName: `Person${i}`,
      })),
    )
    .go();
  for (let i = 0; i < 200; i++) await Search.reindexCustomer(`user_other_${i}`);
  await customer("user_anne", {
    email: "a.smith@mail.example",
    firstName: "Anne Marie",
    lastName: "Smith-Jones",
  });
  await customer("user_jane", { email: "jane.doe@acme-bakery.com", firstName: "Jane" });
  await customer("user_zoe", { email: "zoe@example.com", firstName: "Zoë" }, "Sunrise Corner Café");
}, 120_000);

afterAll(async () => {
  await dynamo?.stop();
});

async function customer(
  userId: string,
  profile: { email: string; firstName?: string; lastName?: string },
  businessName?: string,
) {
  await db.entities.user.create({ userId, ...profile }).go();
  if (businessName) {
    await db.entities.questionnaire
      .create({ userId, businessName, industry: "restaurant", websiteType: "business" })
      .go();
  }
  await Search.reindexCustomer(userId);
}

/** The ids a search finds, and every DynamoDB call it made. */
async function found(q: string) {
  const calls: { name: string; input: Record<string, unknown>; read: number }[] = [];
  const client = documentClient();
  const send = client.send.bind(client);
  const spy = vi.spyOn(client, "send").mockImplementation((async (command: {
    constructor: { name: string };
    input: Record<string, unknown>;
  }) => {
    const output = (await send(command as never)) as { ScannedCount?: number };
    calls.push({
      name: command.constructor.name,
      input: command.input,
      read: output.ScannedCount ?? 0,
    });
    return output;
  }) as never);
  try {
    const page = await Customers.search(q, undefined);
    return { ids: page.items.map((c) => c.id), calls };
  } finally {
    spy.mockRestore();
  }
}

describe("search words", () => {
  it("are lower case, without accents, split at anything not a letter or digit", () => {
    expect(Search.searchWords("Zoë", "Smith-Jones", "jane.doe@acme-bakery.com", "A", null)).toEqual(
      ["zoe", "smith", "jones", "jane", "doe", "acme", "bakery", "com"],
    );
  });
});

describe("the customer search", () => {
  it("finds a customer by a word in the middle of a name, an address or a business name", async () => {
    expect((await found("Marie")).ids).toEqual(["user_anne"]);
    expect((await found("jones")).ids).toEqual(["user_anne"]);
    expect((await found("doe")).ids).toEqual(["user_jane"]);
    expect((await found("bakery")).ids).toEqual(["user_jane"]);
    expect((await found("corner")).ids).toEqual(["user_zoe"]);
    expect((await found("cafe")).ids).toEqual(["user_zoe"]);
  });

  it("finds by the start of a word, and by several words each starting one", async () => {
    expect((await found("bak")).ids).toEqual(["user_jane"]);
    expect((await found("Jane Bak")).ids).toEqual(["user_jane"]);
    expect((await found("jane corner")).ids).toEqual([]);
    expect((await found("zoë sunr")).ids).toEqual(["user_zoe"]);
  });

  it("reads through a key condition, never a scan, whatever else the table holds", async () => {
    const { calls } = await found("jones");
    expect(calls.map((c) => c.name)).not.toContain("ScanCommand");
    const query = calls.find((c) => c.name === "QueryCommand");
    expect(query?.input.IndexName).toBe("gsi2");
    expect(String(query?.input.KeyConditionExpression)).toContain("begins_with");
    // One index item read, not the 200 other customers.
    expect(query?.read).toBe(1);
  });

  it("still lists everyone with no term, and finds a pasted address by its start", async () => {
    expect((await found("")).ids.length).toBeGreaterThan(0);
    expect((await found("jane.doe@acme")).ids).toEqual(["user_jane"]);
  });

  it("forgets a customer's old name and finds the new one once reindexed", async () => {
    await db.entities.user.patch({ userId: "user_anne" }).set({ lastName: "Brown" }).go();
    await Search.reindexCustomer("user_anne");
    expect((await found("jones")).ids).toEqual([]);
    expect((await found("brown")).ids).toEqual(["user_anne"]);
  });

  it("ends with the current words when a change lands while another reindex runs", async () => {
    await customer("user_race", { email: "race@example.com", firstName: "Before" });
    await Promise.all([
      Search.reindexCustomer("user_race"),
      (async () => {
        await db.entities.user.patch({ userId: "user_race" }).set({ firstName: "After" }).go();
        await Search.reindexCustomer("user_race");
      })(),
      Search.reindexCustomer("user_race"),
    ]);
    expect((await found("before")).ids).toEqual([]);
    expect((await found("after")).ids).toEqual(["user_race"]);
  });
});
