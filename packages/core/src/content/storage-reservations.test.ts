import { describe, expect, it } from "vitest";
import type { ContentFileItem } from "../db/service";
import { heldByRecords, PENDING_HOLD_MS, stillPending } from "./storage-reservations";

const now = new Date("2026-11-28T12:00:00Z");
const file = (state: "pending" | "confirmed", sizeBytes: number, uploadExpiresAt?: string) =>
  ({ state, sizeBytes, uploadExpiresAt }) as ContentFileItem;

describe("what the records hold under the quota", () => {
  it("counts confirmed files and the pending uploads that can still be confirmed", () => {
    const soon = new Date(now.getTime() + 60_000).toISOString();
    const lapsed = new Date(now.getTime() - PENDING_HOLD_MS - 1).toISOString();
    const justExpired = new Date(now.getTime() - 60_000).toISOString();
    expect(
      heldByRecords(
        [
          file("confirmed", 100),
          file("pending", 10, soon),
          file("pending", 20, justExpired),
          // An upload that can no longer be confirmed lets go of its bytes.
          file("pending", 1_000, lapsed),
          file("pending", 5_000),
        ],
        now,
      ),
    ).toEqual({ bytes: 130, pending: 2 });
    expect(stillPending({ uploadExpiresAt: lapsed }, now)).toBe(false);
    expect(stillPending({ uploadExpiresAt: justExpired }, now)).toBe(true);
  });
});
