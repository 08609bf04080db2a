/**
 * "Export my data" (docs/privacy.md), the job: reads everything the portal holds about one
 * customer, zips `data.json` and their sites' screenshots, stores the zip in the private bucket
 * under `exports/`, marks the export ready and mails a link that expires. Run by the
 * PrivacyJobs consumer, never inside a request.
 */
import { strToU8, zipSync } from "fflate";
import * as Blobs from "../adapters/blobs";
import { listInvoices } from "../billing/account";
import { toAttachment } from "../content/records";
import { db, isConditionFailure } from "../db/service";
import { toApiKey } from "../developer/api-keys";
import { toDelivery, toWebhook } from "../developer/webhooks";
import { emit } from "../events/emit";
import { toTeamMember } from "../team/members";
import { currentMembers } from "../team/people";
import { customerThread, ticketPeople } from "../tickets/index";
import {
  currentItem,
  EXPORT_KEEP_DAYS,
  EXPORTS_PREFIX,
  fileName,
  MAIL_LINK_SECONDS,
  markFailed,
} from "./export";

/** Items copied as they are: every attribute is the customer's own data (no table keys). */
const generic = <T extends Record<string, unknown>>(items: T[]) =>
  items.map((item) => ({ ...item }));

/**
 * Everything the portal holds about one customer, read from their own partition only (so no
 * other customer's item can be in it), secrets left out: API keys by their metadata (no hash),
 * webhook endpoints without their signing secret, tickets as the customer sees them. Invoices
 * are the payment provider's: their references and links.
 */
export async function collect(userId: string) {
  const { data } = await db.collections.customer({ userId }).go({ pages: "all" });
  const user = data.user[0];
  const invoices = user?.stripeCustomerId ? (await listInvoices(userId)).invoices : [];
  const people = await ticketPeople(data.ticket, data.ticketMessage);
  const attachments = new Map(
    data.contentFile.filter((f) => f.state === "confirmed").map((f) => [f.fileId, toAttachment(f)]),
  );
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
        attachments,
        people,
      );
      return { ...thread.ticket, messages: thread.messages };
    }),
    activities: generic(data.activity),
    upgrades: generic(data.upsell),
    analyticsDays: generic(data.analyticsDay),
    uptime: { monitors: generic(data.siteMonitor), days: generic(data.uptimeDay) },
    audits: { seo: generic(data.seoResult), lighthouse: generic(data.lighthouseResult) },
    screenshotRequests: generic(data.screenshotJob),
    reviewRounds: generic(data.reviewRound),
    apiKeys: data.apiKey.map((key) => toApiKey(key)),
    webhooks: data.webhook.map((endpoint) => ({
      ...toWebhook(endpoint),
      deliveries: data.webhookDelivery
        .filter((d) => d.webhookId === endpoint.webhookId)
        .map(toDelivery),
    })),
    invoices,
    // The account's people (docs/team.md): who belongs, with what role, and its invitations
    // without their link's secret (only its hash is stored, and that stays out too).
    team: {
      members: (await currentMembers(userId)).map((item) => {
        const { isYou: _you, ...member } = toTeamMember(item, "");
        return member;
      }),
      formerOwners: data.membership
        .filter((item) => item.removedAt)
        .map((item) => ({ userId: item.memberId, email: item.email, removedAt: item.removedAt })),
      invitations: data.invitation.map(({ secretHash: _secret, ...invitation }) => ({
        ...invitation,
      })),
    },
    // The customer's uploaded content (docs/content.md): confirmed files, their bytes in the zip.
    files: data.contentFile
      .filter((file) => file.state === "confirmed")
      .map((file) => ({
        id: file.fileId,
        name: file.name,
        contentType: file.contentType,
        sizeBytes: file.sizeBytes,
        siteId: file.siteId ?? null,
        purpose: file.purpose,
        uploadedBy: file.uploadedBy,
        createdAt: file.confirmedAt ?? file.createdAt,
        objectKey: file.objectKey,
        /** Whether the zip holds its bytes (under content/), set by buildArchive. */
        inArchive: false,
      })),
  };
}

/**
 * The most uploaded content one archive carries: the zip is built in the job's memory. Files
 * past it are listed in data.json with `inArchive: false` and stay downloadable in the portal.
 */
export const EXPORT_CONTENT_MAX_BYTES = 200 * 1024 * 1024;

/** The zip: data.json, each site's current screenshot under screenshots/, the uploaded files under content/. */
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
  let contentBytes = 0;
  for (const file of document.files) {
    // Only keys under the customer's own prefix, as for screenshots.
    if (!file.objectKey.startsWith(`users/${userId}/content/`)) continue;
    if (contentBytes + file.sizeBytes > EXPORT_CONTENT_MAX_BYTES) continue;
    const bytes = await Blobs.getObjectBytes(file.objectKey);
    if (!bytes) continue;
    files[`content/${file.id}/${file.name}`] = bytes;
    contentBytes += bytes.byteLength;
    file.inArchive = true;
  }
  files["data.json"] = strToU8(JSON.stringify(document, null, 2));
  // Screenshots are compressed already: stored, not deflated again.
  return zipSync(files, { level: 0 });
}

/** The job: builds and stores the file, marks the export ready, mails the link. */
export async function runExport(
  message: { userId: string; exportId: string },
  now = new Date(),
): Promise<"done" | "stale"> {
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
export async function failExport(
  message: { userId: string; exportId: string },
  reason: string,
): Promise<void> {
  await markFailed(message.userId, message.exportId, reason);
}
