import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CHROMIUM_FLAGS, chromiumLaunchSpec, egressFlags } from "./browser";
import { SYSTEM_CHROMIUM_PATH } from "./chromium-binary";

describe("chromiumLaunchSpec", () => {
  it("uses CHROMIUM_PATH outside Lambda, headless, with our flags only", async () => {
    const spec = await chromiumLaunchSpec({ CHROMIUM_PATH: "/opt/chrome/chrome" });
    expect(spec).toEqual({
      executablePath: "/opt/chrome/chrome",
      args: [...CHROMIUM_FLAGS],
      headless: true,
      env: expect.objectContaining({ PATH: process.env.PATH }),
    });
  });

  it("without CHROMIUM_PATH, runs Lambda's headless shell with its libraries, not Debian's chromium", async () => {
    const spec = await chromiumLaunchSpec({});
    expect(spec.executablePath).not.toBe(SYSTEM_CHROMIUM_PATH);
    expect(spec.executablePath).toMatch(/sparticuz-chromium-[\d.]+\/chromium$/);
    expect(spec.headless).toBe("shell");
    expect(spec.env.LD_LIBRARY_PATH?.split(":")[0]).toBe(
      path.join(path.dirname(spec.executablePath), "lib"),
    );
    expect(spec.env.PATH).toBe(process.env.PATH);
    expect(spec.args).toEqual(
      expect.arrayContaining([
        "--no-sandbox",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ]),
    );
  }, 120_000);

  it("in Lambda, runs @sparticuz/chromium's binary without its web-security opt-outs", async () => {
    const spec = await chromiumLaunchSpec({
      AWS_LAMBDA_FUNCTION_NAME: "jobs",
      CHROMIUM_PATH: "/ignored",
    });
    expect(spec.headless).toBe("shell");
    expect(spec.executablePath).not.toBe("/ignored");
    expect(existsSync(spec.executablePath)).toBe(true);
    // Pages are chosen by customers: CORS, mixed-content blocking and site isolation stay on.
    expect(spec.args).not.toContain("--disable-web-security");
    expect(spec.args).not.toContain("--allow-running-insecure-content");
    expect(spec.args).not.toContain("--disable-site-isolation-trials");
    // …and the features that are site isolation are not switched off either.
    const disabled = spec.args
      .filter((a) => a.startsWith("--disable-features="))
      .flatMap((a) => a.slice("--disable-features=".length).split(","));
    expect(disabled).not.toContain("IsolateOrigins");
    expect(disabled).not.toContain("site-per-process");
    expect(disabled).toContain("AudioServiceOutOfProcess");
    expect(spec.args).toEqual(expect.arrayContaining([...CHROMIUM_FLAGS, "--single-process"]));
  }, 60_000);

  it("sends WebRTC through the proxy only (both spellings Chromium builds read) and no QUIC", async () => {
    for (const env of [{}, { AWS_LAMBDA_FUNCTION_NAME: "jobs" }]) {
      const { args } = await chromiumLaunchSpec(env);
      expect(args).toContain("--webrtc-ip-handling-policy=disable_non_proxied_udp");
      expect(args).toContain("--force-webrtc-ip-handling-policy=disable_non_proxied_udp");
      expect(args).toContain("--disable-quic");
    }
  }, 60_000);
});

describe("egressFlags", () => {
  it("puts every connection, loopback included, through the proxy, and resolves nothing", () => {
    expect(egressFlags("socks5://127.0.0.1:1080")).toEqual([
      "--proxy-server=socks5://127.0.0.1:1080",
      "--proxy-bypass-list=<-loopback>",
      "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
    ]);
  });
});
