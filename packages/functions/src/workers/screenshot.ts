/**
 * Job kind "screenshot": the browser function captures a site's page into the bucket through a
 * presigned PUT (core/sites/screenshot-capture), and the worker keeps the job record the limits
 * count (core/sites/screenshots executeScreenshotJob).
 */
import * as z from "@portal/core/contracts/zod";
import { defineJob } from "./define-job";
import { jobTimeoutMs, maxReceiveCount } from "./job-settings";

export const screenshotJob = defineJob({
  kind: "screenshot",
  payload: {
    userId: z.string().check(z.minLength(1)),
    siteId: z.string().check(z.minLength(1)),
    // Messages queued before job records existed have none.
    jobId: z.optional(z.string().check(z.minLength(1))),
  },
  async run(message, context) {
    // Loaded on first use: the registry is imported wherever the message union is needed,
    // and core's data layer reads its table binding at import.
    const [{ capture }, { executeScreenshotJob }] = await Promise.all([
      import("@portal/core/sites/screenshot-capture"),
      import("@portal/core/sites/screenshots"),
    ]);
    const attempt = { receiveCount: context.receiveCount, maxReceiveCount: maxReceiveCount() };
    // A page that does not load is thrown: the message is retried, then dead-lettered. An
    // answer (the guard's refusal, a 4xx) ends the job failed at once.
    await executeScreenshotJob(message, attempt, () =>
      capture(message.userId, message.siteId, { deadlineMs: jobTimeoutMs() }),
    );
  },
});
