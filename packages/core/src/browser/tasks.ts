/**
 * The browser function's work (protocol.ts): one task on the function's Chromium, with nothing
 * but what the request carries. It reads no binding and holds no key: a screenshot leaves
 * through the presigned PUT the worker made for its one object (docs/security.md, "The audit
 * browser").
 */
import type { Browser } from "puppeteer-core";
import { UnprocessableError } from "../errors";
import { type BrowserRequest, SCREENSHOT_CACHE_CONTROL } from "./protocol";

type UploadTarget = Extract<BrowserRequest, { task: "screenshot" | "pdf" }>["upload"];

export async function runBrowserTask(browser: Browser, request: BrowserRequest): Promise<unknown> {
  const { url, allowHosts } = request;
  // Each task loads what it needs on first use: Lighthouse alone takes seconds to import, and
  // a container that only ever analyses SEO or takes screenshots never needs it.
  switch (request.task) {
    case "seo": {
      const { analyzeSeo } = await import("../audits/seo-analyze");
      return analyzeSeo(browser, url, { allowHosts });
    }
    case "lighthouse": {
      const { runLighthouse } = await import("../audits/lighthouse-run");
      return runLighthouse(browser, url, request.strategy, { allowHosts });
    }
    case "screenshot": {
      const { takeScreenshot } = await import("../sites/screenshot-take");
      const image = await takeScreenshot(browser, url, allowHosts, request.navigationTimeoutMs);
      await upload(request.upload, image);
      return { bytes: image.byteLength };
    }
    case "pdf": {
      const { printPdf } = await import("../reports/pdf-print");
      const pdf = await printPdf(browser, request.html, request.deadlineMs);
      await upload(request.upload, pdf);
      return { bytes: pdf.byteLength };
    }
  }
}

/** PUTs the image or PDF to the worker's presigned URL, with the headers it was signed for. */
export async function upload(target: UploadTarget, image: Uint8Array) {
  if (image.byteLength > target.maxBytes) {
    throw new UnprocessableError(
      target.contentType === "application/pdf"
        ? "The report's PDF is too large to keep."
        : "The page's preview image is too large to keep.",
    );
  }
  const response = await fetch(target.url, {
    method: "PUT",
    headers: { "content-type": target.contentType, "cache-control": SCREENSHOT_CACHE_CONTROL },
    body: image,
    // The URL is the worker's, to the bucket: never a page's redirect.
    redirect: "error",
  });
  if (!response.ok) {
    const detail = (await response.text().catch(() => "")).slice(0, 300);
    throw new Error(`The screenshot upload was refused (HTTP ${response.status}): ${detail}`);
  }
}
