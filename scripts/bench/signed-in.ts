/**
 * `npm run bench -- signed-in`: the portal as a signed-in customer with data sees it on a phone.
 * Lighthouse mobile (its default: a mid-range phone, simulated throttling) on /dashboard,
 * /manage (Manage Sites) and /support, the median of BENCH_LIGHTHOUSE_RUNS runs (default 3),
 * through the local stack serving a fresh build; beside it the JavaScript each page loads and
 * the largest route chunks (gzip -9, from Vite's manifest). The customer is signed up through
 * the local identity stand-in, on an active Pro plan with a completed questionnaire, three sites,
 * three tickets with replies and a week of activity. Before Lighthouse, each page is loaded
 * once unthrottled and must show its heading with nothing still loading, then open and close
 * what it loads only when first used (the New Ticket dialogs, the phone's navigation drawer, the
 * user menu), or the section fails; screenshots (412 × 823) of each are written to
 * BENCH_SCREENSHOTS (default: a temporary folder, printed) to look at. (A screenshot after
 * Lighthouse would show the app reloading: its back/forward-cache check navigates away and back
 * last.) Beside the scores, where each page's main thread went in its last run.
 * BENCH_SIGNED_IN_PAGES (paths, comma-separated, e.g. "/dashboard") measures only those pages,
 * still in turns with the floor: a change aimed at one page is measured in a third of the time.
 *
 * Each page and the floor are measured over two transports (BENCH_TRANSPORTS, default both):
 * the local stack's own HTTP/1.1, and HTTP/2 over TLS through a front on loopback (h2-front.ts),
 * which is how CloudFront serves the portal (stacks/Web.ts, `httpVersion`). Lighthouse's
 * simulation gives an HTTP/1.1 origin six connections and a round trip per request, an HTTP/2
 * origin one connection that carries many small files at once, so a page of many chunks
 * scores very differently on the two; the HTTP/2 figures are what a customer's phone gets.
 */
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startLocalStack } from "@portal/devstack/local-stack";
import puppeteer from "puppeteer-core";
import { chromiumLaunchSpec } from "../../packages/core/src/adapters/browser";
import { frontCertificate, startH2Front } from "./h2-front";
import { FLOOR_HEADING, startStackFloor } from "./stack-floor";
import {
  appEntryFiles,
  buildApp,
  dataOnScreen,
  gzipBytes,
  kb,
  type LighthouseRun,
  lighthouseRun,
  median,
  routeChunks,
} from "./web";

/** Each page is measured on a first visit in a new session (cold) and after one load (warm). */
const CACHES = ["cold", "warm"] as const;

/** The local stack's own HTTP/1.1, and HTTP/2 as CloudFront serves it (h2-front.ts). */
const TRANSPORTS = ["h2", "http/1.1"] as const;
type Transport = (typeof TRANSPORTS)[number];

function transportsToMeasure(): Transport[] {
  const wanted = process.env.BENCH_TRANSPORTS?.split(",").map((t) => t.trim());
  if (!wanted) return [...TRANSPORTS];
  const unknown = wanted.filter((t) => !(TRANSPORTS as readonly string[]).includes(t));
  if (unknown.length > 0)
    throw new Error(`BENCH_TRANSPORTS: ${unknown.join(", ")}; known: ${TRANSPORTS.join(", ")}`);
  return wanted as Transport[];
}

/**
 * What a page loads only when first used (dashboard-page.tsx, tickets/new-ticket-button.tsx,
 * shell/app-shell.tsx, shell/user-menu.tsx): the button that opens it and what must then show.
 */
const NEW_TICKET_FORM = "[role=dialog] form input";
const NAV_DRAWER = '[role=dialog] nav[aria-label="Portal"] a';
const USER_MENU = "[role=menu] [role=menuitem]";
/**
 * No CSS animation or transition with an end still running on the page (a spinner's endless
 * one does not count). A string: this file is compiled without the DOM's types.
 */
const ANIMATIONS_DONE = `document.getAnimations().every((a) =>
  a.playState !== "running" || a.effect?.getTiming().iterations === Infinity)`;

/** The pages measured, the route file each one's chunk is built from, what each opens. */
export const SIGNED_IN_PAGES = [
  {
    path: "/dashboard",
    heading: "Dashboard",
    route: "src/routes/_portal/dashboard.tsx",
    opens: [{ button: "Get Support", shows: NEW_TICKET_FORM, shot: "dialog" }],
  },
  {
    path: "/manage",
    heading: "Manage Sites",
    route: "src/routes/_portal/manage.tsx",
    opens: [
      { button: "Open navigation", shows: NAV_DRAWER, shot: "nav-drawer" },
      { button: "Open user menu", shows: USER_MENU, shot: "user-menu" },
    ],
  },
  {
    path: "/support",
    heading: "Support Center",
    route: "src/routes/_portal/support.tsx",
    opens: [{ button: "New Ticket", shows: NEW_TICKET_FORM, shot: "dialog" }],
  },
];

/** The pages this run measures: BENCH_SIGNED_IN_PAGES's, else all of them. */
function pagesToMeasure() {
  const wanted = process.env.BENCH_SIGNED_IN_PAGES?.split(",").map((p) => p.trim());
  if (!wanted) return SIGNED_IN_PAGES;
  const pages = SIGNED_IN_PAGES.filter((page) => wanted.includes(page.path));
  if (pages.length !== wanted.length)
    throw new Error(
      `BENCH_SIGNED_IN_PAGES: ${wanted.join(", ")}; known: ${SIGNED_IN_PAGES.map((p) => p.path).join(", ")}`,
    );
  return pages;
}

type LighthouseReport = Parameters<NonNullable<Parameters<typeof lighthouseRun>[4]>>[0];

/** An audit's table rows, as far as these summaries read them. */
function auditItems(report: LighthouseReport, id: string): Record<string, unknown>[] {
  const details = report.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined;
  return details?.items ?? [];
}

/**
 * What Lighthouse names in a run: the main thread's time by kind, the scripts that took most of
 * it, the long tasks, and the JavaScript loaded but not run.
 */
function diagnose(report: LighthouseReport): Record<string, string | number> {
  const ms = (value: unknown) => Math.round(Number(value) || 0);
  const byKind = auditItems(report, "mainthread-work-breakdown")
    .slice(0, 4)
    .map((item) => `${item.groupLabel} ${ms(item.duration)}`)
    .join(", ");
  const scripts = auditItems(report, "bootup-time")
    .slice(0, 3)
    .map((item) => `${String(item.url).replace(/^.*\/assets\//, "")} ${ms(item.total)}`)
    .join(", ");
  const longTasks = auditItems(report, "long-tasks");
  const unused = auditItems(report, "unused-javascript").reduce(
    (sum, item) => sum + (Number(item.wastedBytes) || 0),
    0,
  );
  // Lighthouse's LCP breakdown: the element it took, and the time to first byte and the render
  // delay the paint waited for (a list of the subparts' table and the element's node).
  const breakdown = report.audits["lcp-breakdown-insight"]?.details as
    | {
        items?: {
          type?: string;
          snippet?: string;
          items?: { subpart?: string; duration?: number }[];
        }[];
      }
    | undefined;
  const lcpElement = breakdown?.items?.find((item) => item.type === "node")?.snippet ?? "";
  const subparts = (breakdown?.items?.find((item) => item.type === "table")?.items ?? [])
    .map((part) => `${part.subpart} ${ms(part.duration)}`)
    .join(", ");
  return {
    "LCP element": lcpElement.slice(0, 60),
    "LCP subparts, ms": subparts,
    "main thread, ms": ms(report.audits["mainthread-work-breakdown"]?.numericValue),
    "by kind": byKind,
    "heaviest scripts": scripts,
    "long tasks": longTasks.length,
    "longest tasks: start + duration, ms": [...longTasks]
      .sort((a, b) => Number(b.duration) - Number(a.duration))
      .slice(0, 5)
      .map((t) => `${ms(t.startTime)}+${ms(t.duration)} ${String(t.url).replace(/^.*\//, "")}`)
      .join(" "),
    "unused JS, KB": kb(unused),
  };
}

/** Signs a customer up and gives them a plan, sites, tickets and activity; their cookies. */
export async function customerWithData(origin: string) {
  const signUp = await fetch(`${origin}/dev-identity/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email: `bench-phone-${Date.now()}@example.com`,
      password: "correct horse battery",
      firstName: "Maria",
      lastName: "Bench",
    }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status}`);
  const { user } = (await signUp.json()) as { user: { id: string } };
  const cookies = signUp.headers.getSetCookie().map((header) => {
    const [pair = ""] = header.split(";");
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const token = await fetch(`${origin}/dev-identity/tokens`, {
    method: "POST",
    headers: { cookie },
  });
  const { jwt } = (await token.json()) as { jwt: string };
  // The first authenticated call makes the user record.
  const first = await fetch(`${origin}/api/auth/user`, {
    headers: { authorization: `Bearer ${jwt}` },
  });
  if (first.status !== 200) throw new Error(`GET /api/auth/user got ${first.status}`);

  // After the stack: it sets the table's env on this process, which core reads at import.
  const { db } = await import("@portal/core/db/service");
  const userId = user.id;
  await db.entities.user
    .patch({ userId })
    .set({ subscriptionActive: true, subscriptionPlan: "pro", hasCompletedQuestionnaire: true })
    .go();
  const sites = [
    { name: "Sunrise Bakery", status: "live" as const, domain: "sunrise-bakery.example" },
    { name: "Corner Florist", status: "live" as const, domain: "corner-florist.example" },
    { name: "Harbour Garage", status: "development" as const },
  ];
  for (const site of sites) {
    await db.entities.site
      .create({ userId, category: "business", industry: "restaurant", ...site })
      .go();
  }
  for (const [i, title] of [
    "Menu update",
    "New photos for the gallery",
    "Opening hours",
  ].entries()) {
    const { data: ticket } = await db.entities.ticket
      .create({
        userId,
        title,
        description: "Please update the page with the attached details.",
        category: "website_request",
        priority: (["low", "medium", "high"] as const)[i] ?? "medium",
        status: i === 2 ? "resolved" : "open",
      })
      .go();
    for (const [n, message] of ["Thanks, we are on it.", "Done: please have a look."].entries()) {
      await db.entities.ticketMessage
        .create({ userId, ticketId: ticket.ticketId, message, isStaffReply: n % 2 === 0 })
        .go();
    }
  }
  for (let day = 0; day < 7; day++) {
    await db.entities.activity
      .create({ userId, type: "site_updated", description: `Site updated (day ${day + 1})` })
      .go();
  }
  return cookies;
}

export const signedInBench = {
  name: "signed-in",
  description:
    "Lighthouse mobile on /dashboard, /manage and /support as a signed-in customer with data; their route chunks (gzip -9)",
  async run() {
    const dist = await buildApp();
    const floor = await startStackFloor();
    const stack = await startLocalStack({ port: 0, logRequests: false, webDist: dist });
    const transports = transportsToMeasure();
    const certificate = transports.includes("h2") ? await frontCertificate() : undefined;
    const fronts = certificate
      ? {
          stack: await startH2Front(stack.url, certificate),
          floor: await startH2Front(floor.url, certificate),
        }
      : undefined;
    const origins: Record<Transport, { stack: string; floor: string }> = {
      "http/1.1": { stack: stack.url, floor: floor.url },
      h2: { stack: fronts?.stack.url ?? "", floor: fronts?.floor.url ?? "" },
    };
    const shots =
      process.env.BENCH_SCREENSHOTS ?? (await mkdtemp(path.join(os.tmpdir(), "portal-phone-")));
    await mkdir(shots, { recursive: true });
    try {
      const app = appEntryFiles();
      const chunks = routeChunks(app).sort((a, b) => b.gzip - a.gzip);
      console.log(
        `the app's entry, which every portal page loads: ${kb([...app].reduce((sum, f) => sum + gzipBytes(f), 0))} KB gzip in ${app.size} files; route chunks beyond it, largest first:`,
      );
      console.table(
        chunks.slice(0, 6).map((r) => ({
          route: r.route,
          files: r.files,
          "raw KB": kb(r.raw),
          "gzip KB": kb(r.gzip),
        })),
      );
      const largest = chunks[0];
      if (largest)
        console.log(`largest route chunk: ${largest.route}, ${kb(largest.gzip)} KB gzip`);

      const cookies = await customerWithData(stack.url);
      const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
      const measured = pagesToMeasure();
      const spec = await chromiumLaunchSpec();
      const browser = await puppeteer.launch({
        ...spec,
        args: [...spec.args, ...(certificate ? [certificate.chromiumFlag] : [])],
        defaultViewport: null,
      });
      const rows: Record<string, string | number>[] = [];
      const diagnoses: Record<string, string | number>[] = [];
      try {
        // First, unthrottled: each page shows its data to this session, or nothing is measured.
        for (const page of measured) {
          const tab = await browser.newPage();
          await tab.setViewport({ width: 412, height: 823 });
          await tab.setCookie(...cookies.map((c) => ({ ...c, url: stack.url })));
          await tab.goto(`${stack.url}${page.path}`);
          const shot = (name: string) =>
            tab.screenshot({ path: path.join(shots, `${page.path.slice(1)}-${name}.png`) });
          try {
            await tab.waitForFunction(dataOnScreen(page.heading), { timeout: 60_000 });
            await shot("loaded");
            // Each part the page loads when first used must still come up, and go again.
            for (const part of page.opens) {
              await tab.locator(`::-p-aria([name="${part.button}"][role="button"])`).click();
              await tab.waitForSelector(part.shows, { visible: true, timeout: 30_000 });
              // Its opening animation over, so the screenshot shows it as it stays.
              await tab.waitForFunction(ANIMATIONS_DONE, { timeout: 10_000 });
              await shot(part.shot);
              await tab.keyboard.press("Escape");
              await tab.waitForSelector(part.shows, { hidden: true, timeout: 30_000 });
            }
          } catch (error) {
            await shot("failed");
            throw error;
          } finally {
            await tab.close();
          }
        }
        // In turns: each round measures the floor and every page, cold then warm, so the
        // machine's drift weighs on each alike and each page's gap is to the floor of its turn.
        // The session's cookies are the host's (127.0.0.1), whatever the port: both transports.
        const targets = transports.flatMap((transport) => [
          {
            name: "stack floor",
            transport,
            url: origins[transport].floor,
            heading: FLOOR_HEADING,
            session: false,
            route: "",
          },
          ...measured.map((page) => ({
            name: page.path,
            transport,
            url: `${origins[transport].stack}${page.path}`,
            heading: page.heading,
            session: true,
            route: page.route,
          })),
        ]);
        const results = new Map<string, LighthouseRun[]>();
        const lastReports = new Map<string, LighthouseReport>();
        for (let round = 1; round <= runs; round += 1) {
          for (const target of targets) {
            for (const cache of CACHES) {
              if (cache === "warm") {
                // One load just before, unthrottled, fills the HTTP cache the run then keeps.
                const tab = await browser.newPage();
                await tab.setViewport({ width: 412, height: 823 });
                if (target.session)
                  await tab.setCookie(...cookies.map((c) => ({ ...c, url: target.url })));
                await tab.goto(target.url);
                await tab.waitForFunction(dataOnScreen(target.heading), { timeout: 60_000 });
                await tab.close();
              }
              const key = `${target.name} ${target.transport} ${cache}`;
              const run = await lighthouseRun(
                browser,
                target.url,
                undefined,
                target.session
                  ? { cookies, cache }
                  : cache === "warm"
                    ? { cookies: [], cache }
                    : undefined,
                (report) => lastReports.set(key, report),
              );
              results.set(key, [...(results.get(key) ?? []), run]);
              console.log(
                `round ${round}, ${key}: ${run.performance}, FCP ${Math.round(run.FCP)}, LCP ${Math.round(run.LCP)}, TBT ${Math.round(run.TBT)} ms, CPU benchmark ${Math.round(run["CPU benchmark"])}`,
              );
            }
          }
        }
        for (const cache of CACHES)
          for (const target of targets) {
            const floorRuns = results.get(`stack floor ${target.transport} ${cache}`) ?? [];
            const key = `${target.name} ${target.transport} ${cache}`;
            const own = results.get(key) ?? [];
            const mid = (r: LighthouseRun[], k: keyof LighthouseRun) => median(r.map((x) => x[k]));
            const report = lastReports.get(key);
            if (report && target.session)
              diagnoses.push({
                page: target.name,
                transport: target.transport,
                cache,
                ...diagnose(report),
              });
            const chunk = chunks.find((c) => c.route === target.route);
            const gap = (k: "performance" | "TBT") => Math.round(mid(own, k) - mid(floorRuns, k));
            rows.push({
              page: target.name,
              transport: target.transport,
              cache,
              performance: mid(own, "performance"),
              "gap to floor": target.session ? gap("performance") : "",
              "gaps by turn": target.session
                ? own
                    .map((r, i) => r.performance - (floorRuns[i]?.performance ?? Number.NaN))
                    .join(" ")
                : "",
              "FCP ms": Math.round(mid(own, "FCP")),
              "LCP ms": Math.round(mid(own, "LCP")),
              "TBT ms": Math.round(mid(own, "TBT")),
              "TBT over floor": target.session ? gap("TBT") : "",
              CLS: Number(mid(own, "CLS").toFixed(3)),
              "a11y, best pr.": `${mid(own, "accessibility")}, ${mid(own, "best-practices")}`,
              "route chunk gzip KB": chunk ? kb(chunk.gzip) : "",
              "CPU benchmark": Math.round(mid(own, "CPU benchmark")),
              "performance runs": own.map((r) => r.performance).join(" "),
            });
          }
      } finally {
        await browser.close();
      }
      console.table(rows);
      console.log("where the main thread went (Lighthouse's last run of each page, simulated ms):");
      console.table(diagnoses);
      console.log(
        `(Lighthouse mobile, simulated throttling, medians of ${runs} runs in turns with the stack floor; cold: Lighthouse's storage reset, which empties the browser's cache; warm: after one load, with the reset off. Scores depend on this machine's CPU: compare a page with the floor of the same run. Screenshots: ${shots})`,
      );
    } finally {
      await fronts?.stack.stop();
      await fronts?.floor.stop();
      await stack.stop();
      await floor.stop();
      await rm(dist, { recursive: true, force: true });
    }
  },
};
