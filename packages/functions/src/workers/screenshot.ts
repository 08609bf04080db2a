/** Job kind "screenshot": captures a site's page into the bucket (core/sites/screenshot-capture). */
import { z } from "zod";
import { defineJob } from "./define-job";

export const screenshotJob = defineJob({
  kind: "screenshot",
  payload: { userId: z.string().min(1), siteId: z.string().min(1) },
  async run(message) {
    // Loaded on first use: the registry is imported wherever the message union is needed,
    // and core's data layer reads its table binding at import.
    const { capture } = await import("@portal/core/sites/screenshot-capture");
    // Throws when the page does not load: the message is retried, then dead-lettered.
    await capture(message.userId, message.siteId);
  },
});
