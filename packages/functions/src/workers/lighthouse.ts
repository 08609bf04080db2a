/**
 * Job kind "lighthouse": one Lighthouse run of a stored job's URL and strategy, run on the
 * browser function (core/browser/client; docs/security.md, "The audit browser").
 */
import { auditJobMessageSchema } from "@portal/core/audits/message";
import { defineJob } from "./define-job";
import { jobTimeoutMs, maxReceiveCount } from "./job-settings";

export const lighthouseJob = defineJob({
  kind: "lighthouse",
  payload: auditJobMessageSchema.shape,
  async run(message, context) {
    // Loaded on first use, as in seo.ts.
    const [
      { executeJob },
      { runInBrowser },
      { outboundAllowHostsFromConfig },
      { lighthouseResultSchema },
    ] = await Promise.all([
      import("@portal/core/audits/worker"),
      import("@portal/core/browser/client"),
      import("@portal/core/adapters/outbound-guard"),
      import("@portal/core/contracts/audits"),
    ]);
    const allowHosts = await outboundAllowHostsFromConfig();
    const attempt = { receiveCount: context.receiveCount, maxReceiveCount: maxReceiveCount() };
    await executeJob("lighthouse", message, attempt, async ({ url, strategy }) =>
      lighthouseResultSchema.parse(
        await runInBrowser({
          task: "lighthouse",
          url,
          strategy,
          allowHosts,
          deadlineMs: jobTimeoutMs(),
        }),
      ),
    );
  },
});
