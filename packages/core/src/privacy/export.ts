/**
 * "Export my data" (docs/privacy.md): a customer asks on /settings, a job on the DataExports
 * queue builds one zip of everything the portal holds about them (`data.json` and their
 * screenshots), stores it in the private bucket under `exports/`, and mails a link that
 * expires. One export at a time per customer: the request is a condition on the customer's
 * one export item.
 */
import { SendMessageCommand } from "@aws-sdk/client-sqs";
import { strToU8, zipSync } from "fflate";
import { Queue } from "sst/node/queue";
import * as z from "zod";
import * as Blobs from "../adapters/blobs";
import { sqs } from "../adapters/queue";
import { listInvoices } from "../billing/account";
import type { DataExport } from "../contracts/privacy";
import { type DataExportItem, db, isConditionFailure, newId } from "../db/service";
import { toApiKey } from "../developer/api-keys";
import { toDelivery, toWebhook } from "../developer/webhooks";
import { RateLimitError } from "../errors";
import { emit } from "../events/emit";
import { customerThread } from "../tickets/index";
import { EXPORT_KEEP_DAYS, EXPORTS_PREFIX } from "./enums";

export { EXPORT_KEEP_DAYS, EXPORTS_PREFIX };

declare module "sst/node/queue" {
  export interface QueueResources {
    DataExports: { queueUrl: string };
  }
}

/** The mail's link: short, because a presigned link made with a function's role dies with it. */
export const MAIL_LINK_SECONDS = 60 * 60;
/**
 * A request still queued or running after this long outlived its job (retries and dead-letter
 * included): it counts as failed, and the customer may ask again.
 */
export const STALE_EXPORT_MS = 30 * 60_000;

export const exportMessageSchema = z.object({
  userId: z.string().min(1),
  exportId: z.string().min(1),
});
export type ExportMessage = z.infer<typeof exportMessageSchema>;

const fileName = (item: Pick<DataExportItem, "requestedAt">) =>
  `portal-data-${item.requestedAt.slice(0, 10)}.zip`;

function isStale(item: DataExportItem, now: Date) {
  const pending = item.status === "queued" || item.status === "running";
  return pending && now.getTime() - Date.parse(item.requestedAt) > STALE_EXPORT_MS;
}

async function toDataExport(item: DataExportItem, now: Date): Promise<DataExport> {
  const available =
    item.status === "ready" &&
    item.objectKey &&
    item.availableUntil &&
    Date.parse(item.availableUntil) > now.getTime();
  return {
    id: item.exportId,
    status: isStale(item, now) ? "failed" : item.status,
    requestedAt: item.requestedAt,
    finishedAt: item.finishedAt ?? null,
    sizeBytes: item.sizeBytes ?? null,
    availableUntil: available ? (item.availableUntil ?? null) : null,
    downloadUrl:
      available && item.objectKey
        ? await Blobs.presignedGetUrl(item.objectKey, undefined, fileName(item))
        : null,
  };
}

async function currentItem(userId: string) {
  const { data } = await db.entities.dataExport.get({ userId }).go({ consistent: true });
  return data;
}

/** The customer's latest export, with a fresh download link while the file is kept. */
export async function status(userId: string, now = new Date()): Promise<DataExport | null> {
  const item = await currentItem(userId);
  return item ? toDataExport(item, now) : null;
}

export const EXPORT_BUSY_MESSAGE =
  "Your data export is already being prepared. We will e-mail you when it is ready.";

/**
 * Asks for a new export: refused (429) while one is queued or running. A new request replaces
 * the previous file, which the bucket's lifecycle rule then removes.
 */
export async function request(userId: string, now = new Date()): Promise<DataExport> {
  const fields = {
    exportId: newId(),
    status: "queued" as const,
    requestedAt: now.toISOString(),
  };
  let item: DataExportItem;
  try {
    const { data } = await db.entities.dataExport.create({ userId, ...fields }).go();
    item = data as DataExportItem;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const staleBefore = new Date(now.getTime() - STALE_EXPORT_MS).toISOString();
    try {
      const { data } = await db.entities.dataExport
        .patch({ userId })
        .set(fields)
        .remove(["finishedAt", "objectKey", "sizeBytes", "availableUntil", "error"])
        .where(
          (attr, op) =>
            `${op.eq(attr.status, "ready")} OR ${op.eq(attr.status, "failed")} OR ${op.lt(attr.requestedAt, staleBefore)}`,
        )
        .go({ response: "all_new" });
      item = data as DataExportItem;
    } catch (patchError) {
      if (isConditionFailure(patchError)) throw new RateLimitError(EXPORT_BUSY_MESSAGE);
      throw patchError;
    }
  }
  const message: ExportMessage = { userId, exportId: item.exportId };
  try {
    await sqs().send(
      new SendMessageCommand({
        QueueUrl: Queue.DataExports.queueUrl,
        MessageBody: JSON.stringify(message),
      }),
    );
  } catch (error) {
    // Not queued: say so at once rather than leave the customer waiting out the stale time.
    await markFailed(userId, item.exportId, "could not be queued");
    throw error;
  }
  return toDataExport(item, now);
}

async function markFailed(userId: string, exportId: string, reason: string) {
  await db.entities.dataExport
    .patch({ userId })
    .set({ status: "failed", error: reason, finishedAt: new Date().toISOString() })
    .where((attr, op) => op.eq(attr.exportId, exportId))
    .go()
    .catch(() => undefined);
}

/** Items copied as they are: every attribute is the customer's own data (ElectroDB leaves its keys out). */
const generic = <T extends Record<string, unknown>>(items: T[]) =>
  items.map((item) => ({ ...item }));

/**
 * Everything the portal holds about one customer, read from their own partition only (so no
 * other customer's item can be in it), secrets left out: API keys by their metadata (no hash),
 * webhook endpoints without their signing secret, tickets as the customer sees them. Invoices are the payment provider's: their
 * references and links.
 */
export async function collect(userId: string) {
  const { data } = await db.collections.customer({ userId }).go({ pages: "all" });
  const user = data.user[0];
  const invoices = user?.stripeCustomerId ? (await listInvoices(userId)).invoices : [];
  return {
    format: "site-portal-export/1",
    userId,
    profile: user ? { ...user } : null,
    sites: generic(data.site),
    questionnaires: generic(data.questionnaire),
    // As the customer reads them: staff's internal notes and messages stay out.
    tickets: data.ticket.map((ticket) => {
      const thread = customerThread(
        ticket,
        data.ticketMessage.filter((m) => m.ticketId === ticket.ticketId),
      );
      return { ...thread.ticket, messages: thread.messages };
    }),
    activities: generic(data.activity),
    upgrades: generic(data.upsell),
    analyticsDays: generic(data.analyticsDay),
    uptime: { monitors: generic(data.siteMonitor), days: generic(data.uptimeDay) },
    audits: { seo: generic(data.seoResult), lighthouse: generic(data.lighthouseResult) },
    screenshotRequests: generic(data.screenshotJob),
    apiKeys: data.apiKey.map((key) => toApiKey(key)),
    webhooks: data.webhook.map((endpoint) => ({
      ...toWebhook(endpoint),
      deliveries: data.webhookDelivery
        .filter((d) => d.webhookId === endpoint.webhookId)
        .map(toDelivery),
    })),
    invoices,
  };
}

/** The zip: data.json, and each site's current screenshot under screenshots/. */
export async function buildArchive(userId: string, exportedAt: Date): Promise<Uint8Array> {
  const document = { exportedAt: exportedAt.toISOString(), ...(await collect(userId)) };
  const files: Record<string, Uint8Array> = {
    "data.json": strToU8(JSON.stringify(document, null, 2)),
  };
  for (const site of document.sites) {
    const key = site.screenshotKey;
    // Only keys under the customer's own prefix: a record can never pull in another's file.
    if (typeof key !== "string" || !key.startsWith(`users/${userId}/`)) continue;
    const bytes = await Blobs.getObjectBytes(key);
    if (bytes) files[`screenshots/${site.siteId}/${key.split("/").pop()}`] = bytes;
  }
  // Screenshots are compressed already: stored, not deflated again.
  return zipSync(files, { level: 0 });
}

/** The job: builds and stores the file, marks the export ready, mails the link. */
export async function run(message: ExportMessage, now = new Date()): Promise<"done" | "stale"> {
  const { userId, exportId } = message;
  const item = await currentItem(userId);
  // Replaced by a newer request, already built, or the account is gone: nothing to do.
  if (!item || item.exportId !== exportId || item.status === "ready") return "stale";
  const guard = (attr: { exportId: unknown }, op: { eq: (a: never, v: string) => string }) =>
    op.eq(attr.exportId as never, exportId);
  try {
    await db.entities.dataExport.patch({ userId }).set({ status: "running" }).where(guard).go();
  } catch (error) {
    if (isConditionFailure(error)) return "stale";
    throw error;
  }
  const archive = await buildArchive(userId, now);
  const objectKey = `${EXPORTS_PREFIX}${userId}/${exportId}.zip`;
  await Blobs.putObject(objectKey, archive, "application/zip");
  const availableUntil = new Date(now.getTime() + EXPORT_KEEP_DAYS * 86_400_000).toISOString();
  try {
    await db.entities.dataExport
      .patch({ userId })
      .set({
        status: "ready",
        objectKey,
        sizeBytes: archive.byteLength,
        availableUntil,
        finishedAt: new Date().toISOString(),
      })
      .where(guard)
      .go();
  } catch (error) {
    // The account was deleted meanwhile, or a newer request took over: drop this file.
    if (!isConditionFailure(error)) throw error;
    await Blobs.deleteObject(objectKey);
    return "stale";
  }
  await emit({
    type: "account.export_ready",
    eventId: `export:${userId}:${exportId}`,
    userId,
    downloadUrl: await Blobs.presignedGetUrl(objectKey, MAIL_LINK_SECONDS, fileName(item)),
    availableUntil,
  });
  return "done";
}

/** After the last try of a message (the worker's dead-letter path): tell the page it failed. */
export async function fail(message: ExportMessage, reason: string): Promise<void> {
  await markFailed(message.userId, message.exportId, reason);
}
