/**
 * The monthly report's PDF, the browser function's part: prints the HTML the worker sent
 * (pdf-html.ts) on the function's Chromium. The page is opened behind the audit guard with no
 * host allowed, so the document cannot load anything; it carries its own styles and no images.
 */
import type { Browser } from "puppeteer-core";
import { openAuditPage } from "../adapters/browser";

export async function printPdf(browser: Browser, html: string, deadlineMs: number) {
  const { page, guard, close } = await openAuditPage(browser, []);
  try {
    await page.setContent(html, { waitUntil: "load", timeout: deadlineMs });
    guard.throwIfBlocked();
    const pdf = await page.pdf({
      format: "A4",
      printBackground: true,
      margin: { top: "16mm", bottom: "16mm", left: "14mm", right: "14mm" },
      timeout: deadlineMs,
    });
    guard.throwIfBlocked();
    return pdf;
  } finally {
    await close();
  }
}
