import { UnprocessableError } from "@portal/core/errors";
import { beforeEach, describe, expect, it, vi } from "vitest";

// Stand-in browsers: what is checked is which browser each run got and that it was closed
// (Chromium itself runs in tests/integration/browser-isolation.test.ts).
interface FakeBrowser {
  id: number;
  closed: boolean;
  close(): Promise<void>;
  process(): null;
}
const launched: FakeBrowser[] = [];
const launchBrowser = vi.fn(async (): Promise<FakeBrowser> => {
  const browser: FakeBrowser = {
    id: launched.length,
    closed: false,
    async close() {
      browser.closed = true;
    },
    process: () => null,
  };
  launched.push(browser);
  return browser;
});
vi.mock("@portal/core/adapters/browser", () => ({ launchBrowser }));
const {
  closeAuditBrowser,
  DEFAULT_JOB_TIMEOUT_MS,
  JobTimeoutError,
  jobTimeoutMs,
  maxReceiveCount,
  withAuditBrowser,
} = await import("./audit-browser");

beforeEach(() => {
  launched.length = 0;
  launchBrowser.mockClear();
});

// That the defaults agree with stacks/Jobs.ts is checked in tests/infra/audit-worker.test.ts
// (loading the stacks takes seconds).
describe("audit worker settings", () => {
  it("takes positive whole-number overrides and ignores anything else", () => {
    expect(jobTimeoutMs({ AUDIT_JOB_TIMEOUT_MS: "1500" })).toBe(1500);
    expect(jobTimeoutMs({ AUDIT_JOB_TIMEOUT_MS: "-1" })).toBe(DEFAULT_JOB_TIMEOUT_MS);
    expect(jobTimeoutMs({})).toBe(DEFAULT_JOB_TIMEOUT_MS);
    expect(maxReceiveCount({ JOBS_MAX_RECEIVE_COUNT: "5" })).toBe(5);
    expect(maxReceiveCount({ JOBS_MAX_RECEIVE_COUNT: "two" })).toBe(3);
  });
});

describe("a browser per run", () => {
  it("gives every run a browser of its own and closes it when the run is done", async () => {
    const seen: unknown[] = [];
    for (let i = 0; i < 3; i++) {
      await withAuditBrowser(async (browser) => {
        seen.push(browser);
        // Still open while the run uses it.
        expect((browser as unknown as FakeBrowser).closed).toBe(false);
      }, 1000);
    }
    expect(launched).toHaveLength(3);
    expect(new Set(seen).size).toBe(3);
    expect(launched.every((b) => b.closed)).toBe(true);
  });

  it("closes it when the run is refused, crashes or overruns its deadline", async () => {
    await expect(
      withAuditBrowser(async () => {
        throw new UnprocessableError("The page is not public.");
      }, 1000),
    ).rejects.toBeInstanceOf(UnprocessableError);
    await expect(
      withAuditBrowser(async () => {
        throw new Error("Target closed");
      }, 1000),
    ).rejects.toThrow("Target closed");
    await expect(withAuditBrowser(() => new Promise(() => undefined), 20)).rejects.toBeInstanceOf(
      JobTimeoutError,
    );
    expect(launched).toHaveLength(3);
    expect(launched.every((b) => b.closed)).toBe(true);
  });

  it("runs at once on browsers apart, and closeAuditBrowser ends those still going", async () => {
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = withAuditBrowser(() => held, 1000);
    const second = withAuditBrowser(async (browser) => browser, 1000);
    expect(await second).toBe(launched[1]);
    expect(launched[1]?.closed).toBe(true);
    await vi.waitFor(() => expect(launched).toHaveLength(2));
    expect(launched[0]?.closed).toBe(false);
    await closeAuditBrowser();
    expect(launched[0]?.closed).toBe(true);
    release?.();
    await first;
  });
});
