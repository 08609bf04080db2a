/**
 * The scheduled check of custom domains on the hosting (docs/hosting.md "Custom domains over
 * HTTPS"): every 10 minutes in production (stacks/Hosting.ts, an EventBridge rule), on a timer
 * in the local stack. Follows each tenant's certificate, retries what CloudFront refused, and
 * takes down the tenants of domains their sites let go.
 */
import { checkTenants } from "@portal/core/hosting/custom-domains";

export async function handler(event?: { now?: string }) {
  const started = Date.now();
  const result = await checkTenants(event?.now ? new Date(event.now) : new Date());
  process.stdout.write(
    `${JSON.stringify({
      level: result.stuck.length > 0 ? "warn" : "info",
      msg: "certificates checked",
      checked: result.checked,
      detached: result.detached,
      stuck: result.stuck,
      ms: Date.now() - started,
    })}\n`,
  );
  return result;
}
