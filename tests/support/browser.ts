/** Chromium for the end-to-end suite, and a page that records what a person would not want to see. */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { CHROMIUM_FLAGS } from "../../packages/core/src/adapters/browser";
import { localChromium } from "../../packages/core/src/adapters/chromium-binary";
import { webUrl } from "./web-stack";

/** The browser the audit worker runs (CHROMIUM_PATH, else @sparticuz/chromium's build). */
export async function launchBrowser(): Promise<Browser> {
  const local = await localChromium();
  return chromium.launch({
    executablePath: local.executablePath,
    env: local.env,
    headless: true,
    args: [...CHROMIUM_FLAGS, "--headless"],
  });
}

/**
 * One Chromium for the calling test file: launched before its tests, closed after them. Call
 * it at the top of the file; the answer gives the browser once it is up. Each test opens its
 * own context (openPage), so tests share the process, never cookies or storage.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("The browser is up only in hooks and tests, after beforeAll");
    return browser;
  };
}

export interface OpenPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught exceptions seen so far. */
  problems: string[];
}

/** A page of its own context, on the shared e2e stack unless `baseURL` names another. */
export async function openPage(
  browser: Browser,
  width = 1440,
  baseURL = webUrl(),
): Promise<OpenPage> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height: width < 600 ? 812 : 900 },
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    // Chromium's "Failed to load resource" names no address: say which one.
    const where = message.location().url;
    problems.push(`console: ${message.text()}${where ? ` (${where})` : ""}`);
  });
  page.on("pageerror", (error) => problems.push(`exception: ${error.message}`));
  return { page, context, problems };
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: 15_000 });
}

/** The plan the SPA keeps for /subscribe (root tsconfig has no DOM lib, hence the string). */
export function selectedPlan(page: Page): Promise<string | null> {
  return page.evaluate("window.sessionStorage.getItem('selectedPlan')") as Promise<string | null>;
}

let counter = 0;
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** Signs a new person up through the dev identity provider, sharing the page's cookies. */
export async function signUpThroughApi(
  context: BrowserContext,
  person: { firstName: string; lastName: string },
): Promise<void> {
  const res = await context.request.post("/dev-identity/sign-up", {
    data: {
      ...person,
      email: uniqueEmail(person.firstName.toLowerCase()),
      password: "correct horse battery",
    },
  });
  if (res.status() !== 201)
    throw new Error(`sign-up answered ${res.status()}: ${await res.text()}`);
}

/** Screenshots go outside the repo, only when E2E_SHOTS_DIR asks for them. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** A real image the page draws itself, so the thumbnail shows what was uploaded. */
export async function drawnImage(page: Page, type: "image/png" | "image/jpeg", colour: string) {
  const dataUrl = (await page.evaluate(`(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 240; canvas.height = 160;
    const g = canvas.getContext("2d");
    g.fillStyle = ${JSON.stringify(colour)}; g.fillRect(0, 0, 240, 160);
    g.fillStyle = "#fff"; g.font = "bold 40px sans-serif"; g.fillText("Bakery", 40, 95);
    return canvas.toDataURL(${JSON.stringify(type)}, 0.9);
  })()`)) as string;
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
}

/**
 * The texts among `texts` (exact text of an element inside `scope`) that do not read in full:
 * cut off (wider than their box) or wrapped onto a second line. Empty when all read in full.
 */
export async function textsNotInFull(
  page: Page,
  scope: string,
  texts: readonly string[],
): Promise<string[]> {
  return (await page.evaluate(`(() => {
    const root = document.querySelector(${JSON.stringify(scope)});
    if (!root) return ${JSON.stringify(texts)};
    const elements = [...root.querySelectorAll("*")];
    return ${JSON.stringify(texts)}.filter((text) => {
      const el = elements.find((e) => e.textContent.trim() === text && [...e.children].every((c) => c.textContent.trim() !== text));
      if (!el) return true;
      const line = parseFloat(getComputedStyle(el).lineHeight) || parseFloat(getComputedStyle(el).fontSize) * 1.5;
      return el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().height > line * 1.5;
    });
  })()`)) as string[];
}

/** How far the side navigation's column stops short of the page's bottom, in px (0: full height). */
export async function sideNavShortfall(page: Page): Promise<number> {
  return (await page.evaluate(`(() => {
    const aside = document.querySelector("aside");
    if (!aside) return Infinity;
    return document.documentElement.scrollHeight - (aside.getBoundingClientRect().bottom + window.scrollY);
  })()`)) as number;
}
