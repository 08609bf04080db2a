/**
 * The page-views consumer: takes accepted views from the PageViews queue in batches and adds
 * them to the counters (core/analytics/aggregate.ts; docs/analytics.md "Write path").
 *
 * It never hands a batch back to SQS: counting is at most once, and a batch retried after half
 * of its writes would count those twice. A record that is not a view is dropped, and a
 * site-day whose writes failed is logged with the number of views lost.
 */
import {
  aggregateViews,
  type QueuedView,
  queuedViewSchema,
} from "@portal/core/analytics/aggregate";
import type { SQSBatchResponse, SQSEvent } from "aws-lambda";
import { writeRequestLog } from "../request-log";

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const views: QueuedView[] = [];
  let rejected = 0;
  for (const record of event.Records) {
    let body: unknown;
    try {
      body = JSON.parse(record.body);
    } catch {
      body = undefined;
    }
    const parsed = queuedViewSchema.safeParse(body);
    if (parsed.success) views.push(parsed.data);
    else rejected += 1;
  }
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
    failed,
  });
  return { batchItemFailures: [] };
}
