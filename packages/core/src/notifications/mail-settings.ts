/**
 * The stage settings every mail shows: the portal's name and address, and each customer's
 * unsubscribe link (docs/notifications.md). Apart from deliver.ts, so what only needs the name
 * (the unsubscribe page, the report PDF) does not carry the mailer.
 */
import { Config } from "sst/node/config";
import { signUnsubscribeToken, unsubscribeKey } from "./unsubscribe-token";

declare module "sst/node/config" {
  export interface ParameterResources {
    APP_URL: { value: string };
    PRODUCT_NAME: { value: string };
  }
}

export function appUrl(): string {
  return Config.APP_URL.replace(/\/+$/, "");
}

export function productName(): string {
  try {
    return Config.PRODUCT_NAME.trim() || "Site Portal";
  } catch {
    return "Site Portal";
  }
}

/** The link that turns off notification mails of `personId` from account `accountId`. */
export function unsubscribeUrl(accountId: string, personId = accountId): string {
  const token = signUnsubscribeToken(unsubscribeKey(), accountId, personId);
  return `${appUrl()}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
}
