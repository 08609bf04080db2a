import { describe, expect, it } from "vitest";
import { evaluatePwa } from "./pwa-checks";

const manifest = {
  url: "https://app.example/manifest.json",
  errors: [],
  raw: {
    name: "Example",
    start_url: "/",
    display: "standalone",
    icons: [
      { src: "/192.png", sizes: "192x192" },
      { src: "/512.png", sizes: "512x512" },
    ],
  },
};

const installable = {
  pageUrl: "https://app.example/",
  manifest,
  serviceWorkerScopes: ["https://app.example/"],
  installabilityErrors: [],
};

const failed = (r: ReturnType<typeof evaluatePwa>) =>
  r.checks.filter((c) => !c.passed).map((c) => c.id);

describe("evaluatePwa", () => {
  it("scores an installable app 100 from six passed checks", () => {
    const r = evaluatePwa(installable);
    expect(r).toMatchObject({ score: 100, measured: true });
    expect(r.checks).toHaveLength(6);
    expect(r.checks.every((c) => c.detail === null)).toBe(true);
  });

  it("scores a plain HTTP page with nothing PWA-like 0", () => {
    const r = evaluatePwa({
      pageUrl: "http://site.example/",
      manifest: { url: "", errors: [], raw: null },
      serviceWorkerScopes: [],
      installabilityErrors: ["no-manifest"],
    });
    expect(r.score).toBe(0);
    expect(r.checks.find((c) => c.id === "manifest")?.detail).toBe(
      "The page links no web app manifest.",
    );
    expect(r.checks.find((c) => c.id === "installable")?.detail).toBe(
      "Chromium reports: no-manifest.",
    );
  });

  it("names missing manifest fields and small icons", () => {
    const r = evaluatePwa({
      ...installable,
      manifest: {
        ...manifest,
        raw: { short_name: "Ex", display: "browser", icons: [{ sizes: "192x192 256x256" }] },
      },
      installabilityErrors: ["manifest-display-not-supported"],
    });
    expect(failed(r)).toEqual(["manifest-fields", "manifest-icons", "installable"]);
    expect(r.checks.find((c) => c.id === "manifest-fields")?.detail).toBe(
      "The manifest lacks start_url, display (standalone, fullscreen or minimal-ui).",
    );
    expect(r.checks.find((c) => c.id === "manifest-icons")?.detail).toBe(
      "The manifest has no icon of at least 512px.",
    );
    expect(r.score).toBe(50);
  });

  it("counts scalable icons (sizes any) as large enough", () => {
    const r = evaluatePwa({
      ...installable,
      manifest: { ...manifest, raw: { ...manifest.raw, icons: [{ sizes: "any" }] } },
    });
    expect(failed(r)).toEqual([]);
  });

  it("needs a service worker whose scope covers the page", () => {
    const r = evaluatePwa({ ...installable, serviceWorkerScopes: ["https://app.example/admin/"] });
    expect(failed(r)).toEqual(["service-worker"]);
    expect(r.score).toBe(83);
  });

  it("fails the manifest check on critical parse errors", () => {
    const r = evaluatePwa({
      ...installable,
      manifest: { ...manifest, errors: ["Line: 1, column: 1, Syntax error."] },
    });
    // A manifest that does not parse installs nothing, whatever the browser answered.
    expect(failed(r)).toEqual(["manifest", "installable"]);
  });

  it("does not take an empty installability answer (the headless shell's) for installable", () => {
    const r = evaluatePwa({
      pageUrl: "https://shop.example/",
      manifest: { url: "", errors: [], raw: null },
      serviceWorkerScopes: [],
      installabilityErrors: [],
    });
    expect(failed(r)).toEqual([
      "manifest",
      "manifest-fields",
      "manifest-icons",
      "service-worker",
      "installable",
    ]);
    expect(r.checks.find((c) => c.id === "installable")?.detail).toBe(
      "Not installable without: Has a web app manifest; Manifest names the app, its start URL and display mode; Manifest has 192px and 512px icons.",
    );
  });
});
