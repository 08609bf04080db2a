/**
 * The page-views consumer: takes accepted views from the PageViews queue in batches and adds
 * them to the counters (core/analytics/aggregate.ts; docs/analytics.md "Write path").
 *
 * Each message is counted once: its "counted" marker is claimed with a conditional write before
 * its view is counted (core/analytics/counted-marker.ts), so a message delivered again (the
 * queue gives a batch several receives) is skipped. A message whose claim could not be written
 * goes back to the queue on its own; a record that is not a view is dropped; a site-day whose
 * counter writes failed is logged with the number of views lost (their markers are taken, so
 * they are never counted twice).
 */
import {
  aggregateViews,
  type QueuedView,
  queuedViewSchema,
} from "@portal/core/analytics/aggregate";
import { claimMessages } from "@portal/core/analytics/counted-marker";
import type { SQSBatchResponse, SQSEvent } from "aws-lambda";
import { writeRequestLog } from "../request-log";

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const parsed: { messageId: string; view: QueuedView }[] = [];
  let rejected = 0;
  for (const record of event.Records) {
    let body: unknown;
    try {
      body = JSON.parse(record.body);
    } catch {
      body = undefined;
    }
    const view = queuedViewSchema.safeParse(body);
    if (view.success) parsed.push({ messageId: record.messageId, view: view.data });
    else rejected += 1;
  }
  const { claimed, seen, failed: unclaimed } = await claimMessages(parsed.map((p) => p.messageId));
  const views = parsed.filter((p) => claimed.has(p.messageId)).map((p) => p.view);
  const { overLimit, failed } = await aggregateViews(views);
  const lost = failed.reduce((sum, f) => sum + f.views, 0);
  // One line per batch, like a request's (off in tests and the benchmark).
  writeRequestLog({
    level: rejected > 0 || failed.length > 0 ? "error" : "info",
    msg: "page views counted",
    records: event.Records.length,
    counted: views.length - lost - overLimit,
    overLimit,
    rejected,
    alreadyCounted: seen.size,
    retried: unclaimed.size,
    failed,
  });
  return { batchItemFailures: [...unclaimed].map((itemIdentifier) => ({ itemIdentifier })) };
}
