/**
 * Going live rests on the review as the team read it (docs/console.md): the site's change is
 * conditional on the round and its outcome, against dynalite with the local TransactWriteItems.
 * The read-to-write gap is opened on purpose: the approval check, mocked, lets the customer ask
 * for changes right after the team's read.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestDynamo, type TestDynamo } from "../db/testing";
import { ConflictError } from "../errors";

const between = vi.hoisted(() => ({ run: async () => {} }));
vi.mock("../review/rules", async (original) => {
  const actual = await original<typeof import("../review/rules")>();
  return {
    ...actual,
    goLiveRefusal: (...args: Parameters<typeof actual.goLiveRefusal>) => {
      const refusal = actual.goLiveRefusal(...args);
      // Synchronous here: the change lands before the transaction is sent.
      void between.run();
      return refusal;
    },
  };
});
vi.mock("../events/emit", () => ({ emit: async () => {} }));
vi.mock("../sites/screenshots", () => ({ requestOne: async () => ({}) }));
vi.mock("../audits/requests", () => ({ requestLighthouse: async () => ({}) }));

let dynamo: TestDynamo;
let StaffSites: typeof import("./sites");
let db: typeof import("../db/service").db;

beforeAll(async () => {
  dynamo = await startTestDynamo();
  Object.assign(process.env, dynamo.env);
  StaffSites = await import("./sites");
  ({ db } = await import("../db/service"));
});

afterAll(async () => {
  await dynamo?.stop();
});

const staff = { type: "staff" as const, userId: "user_staff_1", email: "team@example.com" };

describe("going live", () => {
  it("is refused when the customer asks for changes between the team's read and its write", async () => {
    const userId = "user_golive_1";
    const { data: site } = await db.entities.site
      .create({
        userId,
        name: "Bakery",
        status: "in_progress",
        reviewRound: 2,
        reviewOutcome: "approved",
      })
      .go();
    let changed: Promise<unknown> = Promise.resolve();
    between.run = async () => {
      changed = db.entities.site
        .patch({ userId, siteId: site.siteId })
        .set({ reviewOutcome: "changes_requested" })
        .go();
      await changed;
    };
    const answer = StaffSites.update(staff, userId, site.siteId, {
      status: "live",
      liveUrl: "https://www.corner-bakery.com/",
    });
    await expect(answer).rejects.toBeInstanceOf(ConflictError);
    await changed;
    const { data: after } = await db.entities.site.get({ userId, siteId: site.siteId }).go();
    expect(after).toMatchObject({ status: "in_progress", reviewOutcome: "changes_requested" });
    const { data: log } = await db.entities.staffAction.query.byAction({}).go({ pages: "all" });
    expect(log.filter((entry) => entry.targetId === site.siteId)).toEqual([]);
  });
});
