/**
 * The report PDF job's record against a real DynamoDB API (dynalite): a site erased while the
 * browser prints gets no report item back and keeps no PDF. The browser and the bucket are
 * replaced by recorders (the whole path runs in tests/integration/reports.test.ts).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startTestDynamo, type TestDynamo } from "../db/testing";

const bucket = vi.hoisted(() => ({ deleted: [] as string[], during: async () => {} }));
vi.mock("../adapters/blobs", () => ({
  presignedPutUrl: async () => "https://bucket.example/put",
  headObject: async () => ({ bytes: 2_000, contentType: "application/pdf" }),
  deleteObject: async (key: string) => {
    bucket.deleted.push(key);
  },
}));
vi.mock("../browser/client", () => ({
  BrowserRunError: class extends Error {},
  runInBrowser: async () => {
    await bucket.during();
    return { bytes: 2_000 };
  },
}));

let dynamo: TestDynamo;
let Job: typeof import("./pdf-job");
let db: typeof import("../db/service").db;

beforeAll(async () => {
  dynamo = await startTestDynamo();
  Object.assign(process.env, dynamo.env);
  Job = await import("./pdf-job");
  ({ db } = await import("../db/service"));
});
afterAll(async () => {
  await dynamo?.stop();
});
beforeEach(() => {
  bucket.deleted.length = 0;
  bucket.during = async () => {};
});

async function site(userId: string) {
  const { data } = await db.entities.site.create({ userId, name: "Bakery", status: "live" }).go();
  return data.siteId;
}
const now = new Date("2026-11-20T10:00:00Z");

describe("the report PDF job", () => {
  it("records the PDF of a site that is still there", async () => {
    const userId = "user_pdfjob_1";
    const siteId = await site(userId);
    const outcome = await Job.renderReportPdf(
      { userId, siteId, month: "2026-10" },
      { deadlineMs: 1_000, now },
    );
    expect(outcome).toMatchObject({ status: "stored" });
    const { data } = await db.entities.monthlyReport.get({ userId, siteId, month: "2026-10" }).go();
    expect(data?.pdfKey).toBe(`users/${userId}/sites/${siteId}/reports/2026-10.pdf`);
    expect(bucket.deleted).toEqual([]);
  });

  it("leaves nothing behind of a site erased while the browser printed", async () => {
    const userId = "user_pdfjob_2";
    const siteId = await site(userId);
    bucket.during = async () => {
      await db.entities.site.delete({ userId, siteId }).go();
    };
    const outcome = await Job.renderReportPdf(
      { userId, siteId, month: "2026-10" },
      { deadlineMs: 1_000, now },
    );
    expect(outcome).toEqual({ status: "site-gone" });
    const { data } = await db.entities.monthlyReport.get({ userId, siteId, month: "2026-10" }).go();
    expect(data).toBeNull();
    expect(bucket.deleted).toEqual([`users/${userId}/sites/${siteId}/reports/2026-10.pdf`]);
  });
});
