import { describe, expect, it } from "vitest";
import { FaultSwitch } from "./faults";

const every = () => true;

describe("FaultSwitch", () => {
  it("is off until set, and off again once cleared", () => {
    const faults = new FaultSwitch<{ share: number; times?: number }>();
    expect(faults.take(every)).toBeUndefined();
    faults.set({ share: 1 });
    expect(faults.take(every)).toBeDefined();
    faults.clear();
    expect(faults.take(every)).toBeUndefined();
  });

  it("fails an even share of the matching calls, not a random one", () => {
    const faults = new FaultSwitch<{ share: number }>();
    faults.set({ share: 0.5 });
    const outcomes = Array.from({ length: 6 }, () => faults.take(every) !== undefined);
    expect(outcomes).toEqual([false, true, false, true, false, true]);
    faults.set({ share: 0.25 });
    const quarter = Array.from({ length: 8 }, () => faults.take(every) !== undefined);
    expect(quarter.filter(Boolean)).toHaveLength(2);
    expect(faults.state()).toMatchObject({ matched: 8, failed: 2 });
  });

  it("switches itself off after `times` failures, and ignores calls out of its scope", () => {
    const faults = new FaultSwitch<{ share: number; times?: number; path: string }>();
    faults.set({ share: 1, times: 2, path: "/v1/customers" });
    const scoped = (path: string) => faults.take((rule) => path.startsWith(rule.path));
    expect(scoped("/v1/prices")).toBeUndefined();
    expect(scoped("/v1/customers")).toBeDefined();
    expect(scoped("/v1/customers/cus_1")).toBeDefined();
    expect(scoped("/v1/customers")).toBeUndefined();
    expect(faults.state()).toMatchObject({ fault: null, matched: 2, failed: 2 });
  });
});
