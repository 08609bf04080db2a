/** What every route module of the emulator's HTTP surface works with. */
import type { StripeEmulator } from "./emulator";
import type { WebhookSender } from "./webhooks";

export interface RouteContext {
  emulator: StripeEmulator;
  /** The account name on hosted pages and invoices. */
  accountName: string;
  webhooks: WebhookSender | undefined;
}
