/** Job kind "seo": one SEO analysis of a stored job's URL (core/audits/worker, seo-analyze). */
import { auditJobMessageSchema } from "@portal/core/audits/message";
import { maxReceiveCount, withAuditBrowser } from "./audit-browser";
import { defineJob } from "./define-job";

export const seoJob = defineJob({
  kind: "seo",
  payload: auditJobMessageSchema.shape,
  async run(message, context) {
    // Loaded on first use: the registry is imported wherever the message union is needed, and
    // core's data layer reads its table binding at import.
    const [{ executeJob }, { analyzeSeo }, { outboundAllowHostsFromConfig }, { DomainError }] =
      await Promise.all([
        import("@portal/core/audits/worker"),
        import("@portal/core/audits/seo-analyze"),
        import("@portal/core/adapters/outbound-guard"),
        import("@portal/core/errors"),
      ]);
    const allowHosts = await outboundAllowHostsFromConfig();
    const attempt = { receiveCount: context.receiveCount, maxReceiveCount: maxReceiveCount() };
    // Throws on a crash (after storing the outcome): the queue retries, then dead-letters.
    await executeJob("seo", message, attempt, ({ url }) =>
      withAuditBrowser(
        (browser) => analyzeSeo(browser, url, { allowHosts }),
        (error) => error instanceof DomainError,
      ),
    );
  },
});
