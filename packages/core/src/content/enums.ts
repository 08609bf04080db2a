/**
 * The tag every content upload carries from its presigned PUT until the API confirms it, and
 * the one it carries after (docs/content.md). The bucket's lifecycle rule (stacks/content-bucket.ts)
 * expires objects still tagged unconfirmed; plain data, so the stacks can import it.
 */
export const UNCONFIRMED_TAG = { Key: "content-state", Value: "unconfirmed" } as const;
export const CONFIRMED_TAG = { Key: "content-state", Value: "confirmed" } as const;

/** Why a file was uploaded: the questionnaire's logo, site content, or a ticket attachment. */
export const FILE_PURPOSES = ["logo", "content", "attachment", "proof"] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];
