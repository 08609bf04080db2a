/**
 * Every Lambda's bundle carries zod/mini with its English messages, never classic zod nor zod's
 * other locales (docs/performance.md "`cold`", "zod/mini"). Classic zod attaches every method to
 * every schema, so one module that imports "zod" puts about 65 KB back into a bundle (classic
 * 100 KB against mini's 33 KB of a route's median) and its slower schema building back into the
 * cold start; reaching `z.core` by namespace puts in all of zod's locales (about 260 KB).
 * Schemas import `z` from packages/core/src/contracts/zod.ts. One esbuild run for the routes,
 * the workers and the fixtures that prove each check can fail (the browser function in a second
 * one, with its installed packages left out as its stack does): about 20 s here, more on a
 * loaded machine.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  browserHandler,
  jobsWorkerHandler,
  mailFeedbackConsumer,
  monthlyReportsWorkerHandler,
  notificationsWorkerHandler,
  pageViewsConsumer,
  privacyJobsConsumer,
  routes,
  siteDeletionsWorkerHandler,
  stripeWebhookHandler,
  uptimeWorkerHandler,
  webhooksWorkerHandler,
} from "@portal/functions/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BROWSER_RUNTIME_PACKAGES } from "../../stacks/browser-runtime";
import { type BundleSize, bundleHandlers } from "../../stacks/bundling";

/** The functions that are not API routes, by what a failure should call them. */
const WORKERS: Record<string, string> = {
  "jobs worker": jobsWorkerHandler,
  "stripe webhook": stripeWebhookHandler,
  "notifications worker": notificationsWorkerHandler,
  "uptime worker": uptimeWorkerHandler,
  "webhooks worker": webhooksWorkerHandler,
  "site deletions worker": siteDeletionsWorkerHandler,
  "monthly reports worker": monthlyReportsWorkerHandler,
  "privacy jobs consumer": privacyJobsConsumer.handler,
  "page views consumer": pageViewsConsumer.handler,
  "mail feedback consumer": mailFeedbackConsumer.handler,
};

/** A handler that imports classic zod (tests/infra/fixtures/classic-zod-handler.ts). */
const CLASSIC_FIXTURE = "tests/infra/fixtures/classic-zod-handler.handler";
/** A handler that reaches `z.core` by namespace (tests/infra/fixtures/zod-core-namespace-handler.ts). */
const NAMESPACE_FIXTURE = "tests/infra/fixtures/zod-core-namespace-handler.handler";

/** Classic zod's own modules; zod/mini and the core both share live in zod/v4/mini and zod/v4/core. */
const CLASSIC_ZOD = /^node_modules\/zod\/v4\/classic\//;
/** A locale of zod's other than English, the one contracts/zod.ts sets (index.js: their list). */
const OTHER_LOCALE = /^node_modules\/zod\/v4\/locales\/(?!(en|index)\.js$)/;

/**
 * What a bundle should not hold of zod (esbuild's metafile): "name: module" for each module of
 * classic zod, and for each locale but English.
 */
function zodProblems(name: string, size: BundleSize): string[] {
  return [...size.modules]
    .filter((module) => CLASSIC_ZOD.test(module) || OTHER_LOCALE.test(module))
    .map((module) => `${name}: ${module}`);
}

let outDir: string;
let sizes: Map<string, BundleSize>;

beforeAll(async () => {
  outDir = await mkdtemp(path.join(os.tmpdir(), "portal-zod-mini-"));
  const built = await Promise.all([
    bundleHandlers(
      [
        ...Object.values(routes).map((r) => r.handler),
        ...Object.values(WORKERS),
        CLASSIC_FIXTURE,
        NAMESPACE_FIXTURE,
      ],
      outDir,
    ),
    bundleHandlers([browserHandler], outDir, BROWSER_RUNTIME_PACKAGES),
  ]);
  sizes = new Map(built.flat().map((size) => [size.handler, size]));
}, 300_000);

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

const bundleOf = (handler: string) => {
  const size = sizes.get(handler);
  if (!size) throw new Error(`${handler}: no bundle`);
  return size;
};

describe("zod in the Lambdas' bundles", () => {
  it("no route's bundle holds classic zod or a locale but English", () => {
    const problems = Object.entries(routes).flatMap(([routeKey, { handler }]) =>
      zodProblems(routeKey, bundleOf(handler)),
    );
    expect(problems).toEqual([]);
  });

  it("nor does a worker's, the Stripe webhook's or the browser function's", () => {
    const problems = Object.entries({ ...WORKERS, "browser function": browserHandler }).flatMap(
      ([name, handler]) => zodProblems(name, bundleOf(handler)),
    );
    expect(problems).toEqual([]);
  });

  it("sees zod where it is: a route that validates its body carries zod/mini and English", () => {
    // Were the metafile's modules named otherwise, the checks above would pass on anything.
    const modules = [...bundleOf(routes["POST /api/questionnaires"].handler).modules];
    expect(modules).toContain("node_modules/zod/v4/mini/schemas.js");
    expect(modules).toContain("node_modules/zod/v4/locales/en.js");
  });

  it("names a handler that imports classic zod, and the modules it brings", () => {
    expect(zodProblems("classic", bundleOf(CLASSIC_FIXTURE))).toContain(
      "classic: node_modules/zod/v4/classic/schemas.js",
    );
  });

  it("names a handler that reaches z.core by namespace, and the locales it brings", () => {
    expect(zodProblems("namespace", bundleOf(NAMESPACE_FIXTURE))).toContain(
      "namespace: node_modules/zod/v4/locales/de.js",
    );
  });
});
