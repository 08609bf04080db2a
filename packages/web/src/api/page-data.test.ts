import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { currentUserKey } from "./current-user";
import { createEarlyReads, loadPageData } from "./page-data";

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

  it("starts the reads early while a signed-in visitor's record loads (the gate says so)", () => {
    const reads = vi.fn(async () => []);
    loadPageData({ gate: { spinner: true }, early: true }, reads);
    expect(reads).toHaveBeenCalledTimes(1);
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

describe("earlyReads", () => {
  const read = (client: QueryClient, key: string) =>
    client.ensureQueryData({ queryKey: [key], queryFn: async () => key }).catch(() => undefined);

  it("keeps what it started when the gate renders the page it started for", async () => {
    const client = new QueryClient();
    const early = createEarlyReads();
    early.begin(client, "/dashboard");
    await read(client, "sites");
    early.settle(client, "/dashboard", { render: true });
    expect(client.getQueryData(["sites"])).toBe("sites");
  });

  it("drops what it started when the gate sends the visitor elsewhere, not the user record", async () => {
    const client = new QueryClient();
    const early = createEarlyReads();
    early.begin(client, "/dashboard");
    const pending = client
      .ensureQueryData({ queryKey: ["tickets"], queryFn: () => new Promise(() => {}) })
      .catch(() => undefined);
    await read(client, "sites");
    client.setQueryData(currentUserKey, { id: "u1" });
    early.settle(client, "/dashboard", { redirect: "/welcome" });
    await pending;
    expect(client.getQueryCache().find({ queryKey: ["sites"] })).toBeUndefined();
    expect(client.getQueryCache().find({ queryKey: ["tickets"] })).toBeUndefined();
    expect(client.getQueryData(currentUserKey)).toEqual({ id: "u1" });
  });

  it("drops them when the render is of another page, and tracks nothing once settled", async () => {
    const client = new QueryClient();
    const early = createEarlyReads();
    early.begin(client, "/dashboard");
    await read(client, "sites");
    early.settle(client, "/welcome", { render: true });
    expect(client.getQueryCache().find({ queryKey: ["sites"] })).toBeUndefined();
    await read(client, "later");
    early.settle(client, "/welcome", { redirect: "/sales" });
    expect(client.getQueryData(["later"])).toBe("later");
  });
});
