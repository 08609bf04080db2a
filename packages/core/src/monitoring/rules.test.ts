import { describe, expect, it } from "vitest";
import type { CheckResult } from "./check";
import { applyCheck, type MonitorState, uptimePercent } from "./rules";

const site = { userId: "U1", siteId: "S1", siteName: "Bakery", url: "https://bakery.example/" };
const up: CheckResult = { ok: true, status: 200, responseMs: 120 };
const down: CheckResult = { ok: false, responseMs: 5, error: "The server refused the connection" };
const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 12, minute));

function run(checks: CheckResult[], start: MonitorState = { consecutiveFailures: 0 }) {
  let state = start;
  const events: string[] = [];
  checks.forEach((check, i) => {
    const result = applyCheck(state, check, site, at(i * 5));
    state = result.state;
    events.push(...result.events.map((e) => `${e.type}@${i}`));
  });
  return { state, events };
}

describe("incidents", () => {
  it("one failed check is not an incident", () => {
    const { state, events } = run([up, down, up]);
    expect(events).toEqual([]);
    expect(state.lastIncident).toBeUndefined();
  });

  it("two failed checks in a row open one incident, mailed once, from the first failure", () => {
    const { state, events } = run([up, down, down, down, down]);
    expect(events).toEqual(["site.down@2"]);
    expect(state.openIncident).toEqual({
      startedAt: at(5).toISOString(),
      reason: "The server refused the connection",
    });
  });

  it("the next good check closes the incident and says so once", () => {
    const { state, events } = run([down, down, up, up]);
    expect(events).toEqual(["site.down@1", "site.recovered@2"]);
    expect(state.openIncident).toBeUndefined();
    expect(state.lastIncident).toEqual({
      startedAt: at(0).toISOString(),
      endedAt: at(10).toISOString(),
      reason: "The server refused the connection",
    });
  });

  it("a new outage after recovery is a new incident with its own event id", () => {
    let state: MonitorState = { consecutiveFailures: 0 };
    const ids: string[] = [];
    [down, down, up, down, down].forEach((check, i) => {
      const r = applyCheck(state, check, site, at(i * 5));
      state = r.state;
      ids.push(...r.events.map((e) => e.eventId ?? ""));
    });
    expect(new Set(ids).size).toBe(3);
  });
});

describe("certificate expiry", () => {
  const expiring = (days: number, now = at(0)) =>
    new Date(now.getTime() + days * 86_400_000 + 3_600_000).toISOString();

  it("warns once when the certificate is within 14 days of expiry", () => {
    const cert = { ...up, certExpiresAt: expiring(10) };
    const { state, events } = run([cert, cert, cert]);
    expect(events).toEqual(["site.certificate_expiring@0"]);
    expect(state.certWarnedFor).toBe(cert.certExpiresAt);
  });

  it("does not warn 15 days ahead, and warns again for a renewed certificate", () => {
    expect(run([{ ...up, certExpiresAt: expiring(15) }]).events).toEqual([]);
    const first = { ...up, certExpiresAt: expiring(10) };
    const renewed = { ...up, certExpiresAt: expiring(12) };
    expect(run([first, renewed]).events).toEqual([
      "site.certificate_expiring@0",
      "site.certificate_expiring@1",
    ]);
  });

  it("reads the expiry of a certificate that failed verification too", () => {
    const invalid: CheckResult = {
      ok: false,
      responseMs: 3,
      error: "The certificate is self-signed",
      certExpiresAt: expiring(3),
    };
    expect(run([invalid]).events).toEqual(["site.certificate_expiring@0"]);
  });
});

describe("uptimePercent", () => {
  it("is null without checks and rounds down to one decimal", () => {
    expect(uptimePercent([])).toBeNull();
    expect(uptimePercent([{ day: "2026-11-01", checks: 288, failures: 1 }])).toBe(99.6);
    expect(uptimePercent([{ day: "2026-11-01", checks: 3, failures: 0 }])).toBe(100);
  });
});
