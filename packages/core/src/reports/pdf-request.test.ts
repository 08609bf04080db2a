/**
 * The PDF request's limits against a real DynamoDB API (dynalite, in memory): one pending PDF
 * per site and month, the customer's hourly allowance, and the pending marker cleared when the
 * PDF is stored. The queue is replaced by a recorder.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startTestDynamo, type TestDynamo } from "../db/testing";
import { RateLimitError } from "../errors";

const queued = vi.hoisted(() => [] as unknown[]);
vi.mock("../adapters/queue", () => ({
  sendJob: async (message: unknown) => {
    queued.push(message);
    return "m";
  },
}));

let dynamo: TestDynamo;
let Pdf: typeof import("./pdf-request");
let db: typeof import("../db/service").db;

beforeAll(async () => {
  dynamo = await startTestDynamo();
  Object.assign(process.env, dynamo.env);
  Pdf = await import("./pdf-request");
  ({ db } = await import("../db/service"));
});
afterAll(async () => {
  await dynamo?.stop();
});
beforeEach(() => {
  queued.length = 0;
});

let users = 0;
async function enterpriseSite() {
  const userId = `user_pdf_${++users}`;
  const viewer = { userId, user: { subscriptionPlan: "enterprise" as const } };
  const { data } = await db.entities.site.create({ userId, name: "Bakery", status: "live" }).go();
  return { viewer, userId, siteId: data.siteId };
}
const now = new Date("2026-11-20T10:10:00Z");

describe("the report PDF request", () => {
  it("queues one PDF per site and month however many requests arrive at once", async () => {
    const { viewer, siteId } = await enterpriseSite();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => Pdf.requestPdf(viewer, siteId, "2026-10", now)),
    );
    expect(answers).toEqual(Array(10).fill({ queued: true }));
    expect(queued).toHaveLength(1);
    // Another month of the same site is its own PDF.
    await Pdf.requestPdf(viewer, siteId, "2026-09", now);
    expect(queued).toHaveLength(2);
  });

  it("queues again once the PDF is stored, or once a lost job's marker lapses", async () => {
    const { viewer, userId, siteId } = await enterpriseSite();
    await Pdf.requestPdf(viewer, siteId, "2026-10", now);
    await Pdf.requestPdf(viewer, siteId, "2026-10", now);
    expect(queued).toHaveLength(1);
    await Pdf.clearPending({ userId, siteId, month: "2026-10" });
    await Pdf.requestPdf(viewer, siteId, "2026-10", now);
    expect(queued).toHaveLength(2);
    const later = new Date(now.getTime() + Pdf.PDF_PENDING_MS + 1);
    await Pdf.requestPdf(viewer, siteId, "2026-10", later);
    expect(queued).toHaveLength(3);
  });

  it("limits a customer's PDFs per hour, with a message that says when", async () => {
    const { viewer, userId, siteId } = await enterpriseSite();
    const months = Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, "0")}`);
    for (const month of months.slice(0, Pdf.PDF_REQUESTS_PER_HOUR)) {
      await Pdf.requestPdf(viewer, siteId, month, now);
    }
    const refused = await Pdf.requestPdf(viewer, siteId, "2025-11", now).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RateLimitError);
    expect((refused as Error).message).toBe(
      `You can ask for at most ${Pdf.PDF_REQUESTS_PER_HOUR} report PDFs an hour. Try again in 50 minutes.`,
    );
    expect(queued).toHaveLength(Pdf.PDF_REQUESTS_PER_HOUR);
    // The refused month is not left pending: it queues once the hour has turned.
    await Pdf.requestPdf(viewer, siteId, "2025-11", new Date("2026-11-20T11:00:00Z"));
    expect(queued).toHaveLength(Pdf.PDF_REQUESTS_PER_HOUR + 1);
    expect(queued.at(-1)).toEqual({ kind: "report-pdf", userId, siteId, month: "2025-11" });
  });
});
