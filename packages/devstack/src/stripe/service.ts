/**
 * The Stripe emulator as one of the local stack's services: its API on its own port (the SDK
 * is pointed at it with STRIPE_API_HOST / _PORT / _PROTOCOL), its pages mounted on the stack's
 * origin under /__stripe, webhooks to the stack's /webhooks/stripe, and the plans' prices
 * seeded with fixed ids (STRIPE_PRICE_*). Starts after stripeSecretsService, whose keys it uses.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { plans } from "@portal/core/contracts/plans";
import type { PlanId } from "@portal/core/contracts/users";
import type { LocalService } from "../services";
import { type SeedPrice, startStripeEmulator } from "./server";

/** Where browsers reach the emulator on the stack's origin; the SPA's local card form uses it. */
export const STRIPE_MOUNT = "/__stripe";

export const SEEDED_PRICES: Record<PlanId, SeedPrice> = Object.fromEntries(
  plans.map((plan) => [
    plan.id,
    {
      productId: `prod_portal_${plan.id}`,
      priceId: `price_portal_${plan.id}_monthly`,
      name: plan.name,
      unitAmount: plan.price * 100,
      currency: "usd",
      interval: "month",
    },
  ]),
) as Record<PlanId, SeedPrice>;

export function stripeEmulatorService(
  options: { retryDelaysMs?: number[]; log?: (line: Record<string, unknown>) => void } = {},
): LocalService {
  return {
    name: "stripe-emulator",
    async start({ host, dataDir, ephemeral, origins }) {
      // Written by stripeSecretsService, which starts first: one secret for signer and checker.
      const secrets = JSON.parse(
        await readFile(path.join(dataDir, "stripe-secrets.json"), "utf8"),
      ) as {
        webhookSecret: string;
        secretKey: string;
      };
      const origin = origins[0] as string;
      const stripe = await startStripeEmulator({
        host,
        port: 0,
        publicUrl: `${origin}${STRIPE_MOUNT}`,
        secretKey: secrets.secretKey,
        webhook: {
          url: `${origin}/webhooks/stripe`,
          secret: secrets.webhookSecret,
          retryDelaysMs: options.retryDelaysMs,
        },
        dataFile: ephemeral ? undefined : path.join(dataDir, "stripe-emulator.json"),
        accountName: "Site Portal",
        seed: Object.values(SEEDED_PRICES),
        log: options.log,
      });
      return {
        env: {
          SST_Parameter_value_STRIPE_API_HOST: stripe.host,
          SST_Parameter_value_STRIPE_API_PORT: String(stripe.port),
          SST_Parameter_value_STRIPE_API_PROTOCOL: stripe.protocol,
          SST_Parameter_value_STRIPE_PRICE_STARTER: SEEDED_PRICES.starter.priceId,
          SST_Parameter_value_STRIPE_PRICE_PRO: SEEDED_PRICES.pro.priceId,
          SST_Parameter_value_STRIPE_PRICE_ENTERPRISE: SEEDED_PRICES.enterprise.priceId,
        },
        mount: { prefix: STRIPE_MOUNT, handle: stripe.handle },
        stop: stripe.stop,
      };
    },
  };
}
