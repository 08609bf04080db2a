/**
 * What an audit entry is about; an API key is revoked, never edited (docs/console.md). A
 * `member`, `invitation` or `account` entry records what happened to a customer's team
 * (docs/team.md).
 */
export const STAFF_TARGET_TYPES = [
  "site",
  "ticket",
  "upsell",
  "apiKey",
  "file",
  "member",
  "invitation",
  "account",
] as const;

/**
 * Who an audit entry's actor is: a member of the provider's team (every entry before teams), a
 * member of the customer's account, or the system (a webhook, a job).
 */
export const AUDIT_ACTOR_TYPES = ["staff", "member", "system"] as const;
