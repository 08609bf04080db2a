/** What a staff action can change; an API key is revoked, never edited (docs/console.md). */
export const STAFF_TARGET_TYPES = ["site", "ticket", "upsell", "apiKey", "file"] as const;
