import * as z from "@portal/core/contracts/zod";
import { UnprocessableError } from "@portal/core/errors";
import { beforeEach, describe, expect, it, vi } from "vitest";

// The browser and its tasks are stand-ins here: the handler's own job is to tell a result, an
// answer, an unstorable result and a crash apart (Chromium runs in tests/integration).
const runBrowserTask = vi.fn();
vi.mock("@portal/core/browser/tasks", () => ({ runBrowserTask }));
vi.mock("../workers/audit-browser", () => ({
  withAuditBrowser: (audit: (browser: unknown) => Promise<unknown>) => audit({}),
}));
const { handler } = await import("./handler");

const request = {
  task: "seo",
  url: "https://bakery.example.com/",
  allowHosts: [],
  deadlineMs: 1000,
};

beforeEach(() => {
  runBrowserTask.mockReset();
});

describe("the browser function's handler", () => {
  it("answers the task's result", async () => {
    runBrowserTask.mockResolvedValue({ score: 80 });
    expect(await handler(request)).toEqual({ outcome: "done", result: { score: 80 } });
  });

  it("answers a domain error as a refusal, cut to what the protocol carries", async () => {
    runBrowserTask.mockImplementation(async () => {
      throw new UnprocessableError(`Refused ${"x".repeat(3000)}`);
    });
    const answer = await handler(request);
    expect(answer.outcome).toBe("refused");
    expect(answer.outcome === "refused" && answer.message.length).toBe(2048);
  });

  it("answers unstorable for a result its schema refused or one over Lambda's 6 MB", async () => {
    runBrowserTask.mockImplementationOnce(async () => {
      throw new z.$ZodRealError([]);
    });
    expect(await handler(request)).toEqual({ outcome: "unstorable" });
    runBrowserTask.mockResolvedValueOnce({ huge: "x".repeat(6 * 1024 * 1024) });
    expect(await handler(request)).toEqual({ outcome: "unstorable" });
  });

  it("throws a crash, so Lambda reports a function error and the queue retries", async () => {
    runBrowserTask.mockImplementation(async () => {
      throw new Error("Target closed");
    });
    await expect(handler(request)).rejects.toThrow("Target closed");
  });

  it("refuses a malformed request without running anything", async () => {
    await expect(handler({ task: "print", url: "x" })).rejects.toBeInstanceOf(z.$ZodError);
    expect(runBrowserTask).not.toHaveBeenCalled();
  });
});
