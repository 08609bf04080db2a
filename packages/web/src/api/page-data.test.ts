import { describe, expect, it, vi } from "vitest";
import { loadPageData } from "./page-data";

describe("loadPageData", () => {
  it("starts the reads when the gate renders the page, without holding the navigation", async () => {
    let settle = () => {};
    const read = new Promise<void>((resolve) => {
      settle = resolve;
    });
    const reads = vi.fn(async () => [read]);
    expect(loadPageData({ gate: { render: true } }, reads)).toBeUndefined();
    expect(reads).toHaveBeenCalledTimes(1);
    settle();
  });

  it("starts no read while the gate shows the spinner or sends the visitor elsewhere", async () => {
    const reads = vi.fn(async () => []);
    loadPageData({ gate: { spinner: true } }, reads);
    loadPageData({ gate: { redirect: "/sign-in" } }, reads);
    expect(reads).not.toHaveBeenCalled();
  });

  it("leaves a failed read, or a query module that did not load, to the page", async () => {
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    try {
      loadPageData({ gate: { render: true } }, async () => [Promise.reject(new Error("500"))]);
      loadPageData({ gate: { render: true } }, () => Promise.reject(new Error("chunk failed")));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off("unhandledRejection", unhandled);
    }
  });
});
