/**
 * Job kind "seo": one SEO analysis of a stored job's URL (core/audits/worker), run on the
 * browser function (core/browser/client; docs/security.md, "The audit browser").
 */
import { auditJobMessageSchema } from "@portal/core/audits/message";
import { defineJob } from "./define-job";
import { jobTimeoutMs, maxReceiveCount } from "./job-settings";

export const seoJob = defineJob({
  kind: "seo",
  payload: auditJobMessageSchema.shape,
  async run(message, context) {
    // Loaded on first use: the registry is imported wherever the message union is needed, and
    // core's data layer reads its table binding at import.
    const [
      { executeJob },
      { runInBrowser },
      { outboundAllowHostsFromConfig },
      { seoResultSchema },
    ] = await Promise.all([
      import("@portal/core/audits/worker"),
      import("@portal/core/browser/client"),
      import("@portal/core/adapters/outbound-guard"),
      import("@portal/core/contracts/audits"),
    ]);
    const allowHosts = await outboundAllowHostsFromConfig();
    const attempt = { receiveCount: context.receiveCount, maxReceiveCount: maxReceiveCount() };
    // Throws on a crash (after storing the outcome): the queue retries, then dead-letters.
    // The browser's answer is checked as what it is stored as: the browser is not trusted.
    await executeJob("seo", message, attempt, async ({ url }) =>
      seoResultSchema.parse(
        await runInBrowser({ task: "seo", url, allowHosts, deadlineMs: jobTimeoutMs() }),
      ),
    );
  },
});
