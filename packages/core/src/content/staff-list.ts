/**
 * The team's list of a customer's files (docs/console.md, "Files"): without links, since
 * downloading one is its own, audited, request (staff.ts). It presigns nothing, so its route does
 * not carry the bucket's client.
 */
import type { ContentList } from "../contracts/content";
import { fileView, listFiles, NO_LINKS } from "./records";

/** A customer's files without links: downloading one is its own, audited, request. */
export function list(customerId: string, filter: { siteId?: string } = {}): Promise<ContentList> {
  return listFiles(customerId, filter, (item, people) => fileView(item, NO_LINKS, people));
}
