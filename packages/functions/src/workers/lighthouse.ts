/** Job kind "lighthouse": one Lighthouse run of a stored job's URL and strategy. */
import { auditJobMessageSchema } from "@portal/core/audits/message";
import { maxReceiveCount, withAuditBrowser } from "./audit-browser";
import { defineJob } from "./define-job";

export const lighthouseJob = defineJob({
  kind: "lighthouse",
  payload: auditJobMessageSchema.shape,
  async run(message, context) {
    // Loaded on first use, as in seo.ts.
    const [{ executeJob }, { runLighthouse }, { outboundAllowHostsFromConfig }, { DomainError }] =
      await Promise.all([
        import("@portal/core/audits/worker"),
        import("@portal/core/audits/lighthouse-run"),
        import("@portal/core/adapters/outbound-guard"),
        import("@portal/core/errors"),
      ]);
    const allowHosts = await outboundAllowHostsFromConfig();
    const attempt = { receiveCount: context.receiveCount, maxReceiveCount: maxReceiveCount() };
    await executeJob("lighthouse", message, attempt, ({ url, strategy }) =>
      withAuditBrowser(
        (browser) => runLighthouse(browser, url, strategy, { allowHosts }),
        (error) => error instanceof DomainError,
      ),
    );
  },
});
