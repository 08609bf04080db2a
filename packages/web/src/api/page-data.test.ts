import { describe, expect, it, vi } from "vitest";
import { loadPageData } from "./page-data";

describe("loadPageData", () => {
  it("starts the reads when the gate renders the page, and waits for them", async () => {
    let done = false;
    const reads = vi.fn(async () => [
      new Promise<void>((resolve) =>
        setTimeout(() => {
          done = true;
          resolve();
        }, 10),
      ),
    ]);
    await loadPageData({ gate: { render: true } }, reads);
    expect(reads).toHaveBeenCalledTimes(1);
    expect(done).toBe(true);
  });

  it("starts no read while the gate shows the spinner or sends the visitor elsewhere", async () => {
    const reads = vi.fn(async () => []);
    await loadPageData({ gate: { spinner: true } }, reads);
    await loadPageData({ gate: { redirect: "/sign-in" } }, reads);
    expect(reads).not.toHaveBeenCalled();
  });

  it("leaves a failed read, or a query module that did not load, to the page", async () => {
    await expect(
      loadPageData({ gate: { render: true } }, async () => [Promise.reject(new Error("500"))]),
    ).resolves.toBeUndefined();
    await expect(
      loadPageData({ gate: { render: true } }, () => Promise.reject(new Error("chunk failed"))),
    ).resolves.toBeUndefined();
  });
});
