/**
 * Job kind "review-screenshot": the browser function captures a review round's preview into
 * the bucket through a presigned PUT, and the worker records it on the round
 * (core/review/screenshot).
 */
import * as z from "@portal/core/contracts/zod";
import { defineJob } from "./define-job";
import { jobTimeoutMs, maxReceiveCount } from "./job-settings";

export const reviewScreenshotJob = defineJob({
  kind: "review-screenshot",
  payload: {
    userId: z.string().check(z.minLength(1)),
    siteId: z.string().check(z.minLength(1)),
    round: z.number().check(z.int(), z.gte(1)),
  },
  async run(message, context) {
    // Loaded on first use, as the screenshot job does: core's data layer reads its table
    // binding at import.
    const { captureRound } = await import("@portal/core/review/screenshot");
    await captureRound(message, {
      deadlineMs: jobTimeoutMs(),
      lastAttempt: context.receiveCount >= maxReceiveCount(),
    });
  },
});
