/**
 * `npm run bench -- hosting` (docs/hosting.md, docs/performance.md "`hosting`"): on a local
 * stack of its own,
 * - the time from a finished upload to a ready preview for a 5 MB, 500-file site: from the
 *   confirm request until the preview host answers the home page, through the Deployments queue,
 *   the worker's checks and unpacking into the hosting bucket (s3rver) and the routing entry;
 * - a served page (the sample site's home page) through the local stack's hosted-site server
 *   (the edge functions in node:vm, the KeyValueStore stand-in, the bucket) beside a bare static
 *   file server (node:http + fs) serving the same file, in the same run, in turns;
 * - the sample site, published, measured by Lighthouse (mobile, three runs) at its production
 *   address, as the go-live run measures a live site.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { startLocalStack } from "@portal/devstack/local-stack";
import { zipSync } from "fflate";
import puppeteer from "puppeteer-core";
import { chromiumLaunchSpec } from "../../packages/core/src/adapters/browser";
import { sampleSiteFiles } from "../sample-site";
import { median, ms, runHttpLoad, signUpBenchUser, summary, type Timings } from "./measure";
import { type LighthouseRun, lighthouseRun } from "./web";

const RUNS = 5;
const FILES = 500;
const SITE_BYTES = 5 * 1024 * 1024;
const ROUNDS = 3;
const BOUNDS = { maxRequests: 300, durationMs: 3_000 };

/** 500 files, 5 MB in all, as incompressible as images: a home page, pages, and "photos". */
function benchSite(): Uint8Array {
  const files: Record<string, Uint8Array> = { ...sampleSiteFiles() };
  const each = Math.floor(SITE_BYTES / FILES);
  for (let i = Object.keys(files).length; i < FILES; i += 1) {
    files[i % 5 === 0 ? `pages/p${i}.html` : `photos/p${i}.jpg`] =
      i % 5 === 0
        ? new TextEncoder().encode(
            `<!doctype html><title>${i}</title><p>${randomBytes(each).toString("base64")}`.slice(
              0,
              each,
            ),
          )
        : randomBytes(each);
  }
  return zipSync(files, { level: 6 });
}

function get(port: number, host: string, pathName = "/"): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: pathName, headers: { host } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end();
  });
}

export const hostingBench = {
  name: "hosting",
  description:
    "upload → ready preview for a 5 MB, 500-file site; a served page beside a bare file server",
  async run() {
    const stack = await startLocalStack({ port: 0, logRequests: false });
    const dir = await mkdtemp(path.join(tmpdir(), "hosting-bench-"));
    const bare = createServer(async (req, res) => {
      // What a plain static file server does: read the file, say its type, send it.
      const file = path.join(dir, req.url === "/" ? "index.html" : (req.url ?? ""));
      try {
        const body = await readFile(file);
        res.writeHead(200, {
          "content-type": "text/html; charset=utf-8",
          "content-length": body.length,
        });
        res.end(body);
      } catch {
        res.writeHead(404).end();
      }
    });
    try {
      const port = Number(new URL(stack.url).port);
      const staff = await signUpBenchUser(stack.url, `hosting-staff-${Date.now()}@example.com`);
      const made = await fetch(`${stack.url}/dev-identity/admin/staff`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${stack.env.DEV_IDENTITY_ADMIN_TOKEN}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({ email: staff.email }),
      });
      if (made.status !== 200) throw new Error(`making staff answered ${made.status}`);
      const staffCookie = (await staff.signIn()).cookie;
      const staffHeaders = async () => ({
        ...(await staff.headers(staffCookie)),
        "content-type": "application/json",
      });
      const customer = await signUpBenchUser(
        stack.url,
        `hosting-customer-${Date.now()}@example.com`,
      );
      await fetch(`${stack.url}/api/auth/user`, { headers: await customer.headers() });
      const { db } = await import("@portal/core/db/service");
      const { data: site } = await db.entities.site
        .create({ userId: customer.userId, name: "Bench Bakery" })
        .go();
      const base = `${stack.url}/api/staff/customers/${customer.userId}/sites/${site.siteId}/deployments`;

      const zip = benchSite();
      const readyMs: number[] = [];
      let previewHost = "";
      for (let run = 0; run < RUNS; run += 1) {
        const created = await fetch(base, {
          method: "POST",
          headers: await staffHeaders(),
          body: JSON.stringify({ fileName: "site.zip", size: zip.byteLength }),
        });
        const { deployment, upload } = (await created.json()) as {
          deployment: { id: string };
          upload: { url: string; headers: Record<string, string> };
        };
        const put = await fetch(upload.url, { method: "PUT", headers: upload.headers, body: zip });
        if (put.status !== 200) throw new Error(`upload answered ${put.status}`);
        const headers = await staffHeaders();
        const t0 = performance.now();
        const confirmed = await fetch(`${base}/${deployment.id}/confirm`, {
          method: "POST",
          headers,
        });
        if (confirmed.status !== 202) throw new Error(`confirm answered ${confirmed.status}`);
        for (;;) {
          const answer = (await (await fetch(`${base}/${deployment.id}`, { headers })).json()) as {
            status: string;
            previewUrl: string | null;
            failureReason: string | null;
          };
          if (answer.status === "failed")
            throw new Error(`deployment failed: ${answer.failureReason}`);
          if (answer.status === "ready" && answer.previewUrl) {
            previewHost = new URL(answer.previewUrl).host;
            if ((await get(port, previewHost)) === 200) break;
          }
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        readyMs.push(performance.now() - t0);
      }
      console.table([
        {
          operation: `upload → ready preview (${FILES} files, ${(zip.byteLength / 1024 / 1024).toFixed(1)} MB zipped)`,
          runs: RUNS,
          "median ms": ms(median(readyMs)),
          "min ms": ms(Math.min(...readyMs)),
          "max ms": ms(Math.max(...readyMs)),
        },
      ]);

      // The served page: the sample site's home page as deployed (with the analytics tag).
      const served = await new Promise<Buffer>((resolve, reject) => {
        const req = request(
          { host: "127.0.0.1", port, path: "/", headers: { host: previewHost } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (chunk: Buffer) => chunks.push(chunk));
            res.on("end", () => resolve(Buffer.concat(chunks)));
          },
        );
        req.on("error", reject);
        req.end();
      });
      await writeFile(path.join(dir, "index.html"), served);
      const barePort = await new Promise<number>((resolve) =>
        bare.listen(0, "127.0.0.1", () => resolve((bare.address() as AddressInfo).port)),
      );
      const rows: {
        operation: string;
        options: { endpoint: string; headers: Record<string, string> };
      }[] = [
        {
          operation: "hosted page (local stack, edge functions in vm)",
          options: { endpoint: `http://127.0.0.1:${port}/`, headers: { host: previewHost } },
        },
        {
          operation: "bare static file server (node:http + fs)",
          options: { endpoint: `http://127.0.0.1:${barePort}/`, headers: {} },
        },
      ];
      const timings: Timings[] = rows.map(() => ({ latencies: [], errors: 0 }));
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const [i, row] of rows.entries()) {
          const result = await runHttpLoad({
            ...row.options,
            clients: 1,
            ...BOUNDS,
            client: "node:http",
            warmUp: 20,
          });
          const into = timings[i] as Timings;
          into.latencies.push(...result.latencies);
          into.errors += result.errors;
        }
      }
      const bareP50 = median(timings[1]?.latencies ?? []);
      console.table(
        rows.map((row, i) => ({
          operation: row.operation,
          bytes: served.length,
          ...summary(timings[i] as Timings, bareP50),
        })),
      );

      // The sample site alone, published, measured as a visitor's phone would load it.
      const { sampleSiteZip } = await import("../sample-site");
      const sampleZip = sampleSiteZip();
      const created = await fetch(base, {
        method: "POST",
        headers: await staffHeaders(),
        body: JSON.stringify({ fileName: "sample-site.zip", size: sampleZip.byteLength }),
      });
      const sample = (await created.json()) as {
        deployment: { id: string };
        upload: { url: string; headers: Record<string, string> };
      };
      await fetch(sample.upload.url, {
        method: "PUT",
        headers: sample.upload.headers,
        body: sampleZip,
      });
      await fetch(`${base}/${sample.deployment.id}/confirm`, {
        method: "POST",
        headers: await staffHeaders(),
      });
      for (;;) {
        const answer = (await (
          await fetch(`${base}/${sample.deployment.id}`, { headers: await staffHeaders() })
        ).json()) as { status: string };
        if (answer.status === "ready") break;
        if (answer.status === "failed") throw new Error("the sample site failed to deploy");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const published = await fetch(`${base}/${sample.deployment.id}/publish`, {
        method: "POST",
        headers: await staffHeaders(),
        body: JSON.stringify({ approvalOverride: "The benchmark publishes the sample site." }),
      });
      if (published.status !== 200) throw new Error(`publish answered ${published.status}`);
      const listed = (await (await fetch(base, { headers: await staffHeaders() })).json()) as {
        productionUrl: string;
      };
      const browser = await puppeteer.launch({
        ...(await chromiumLaunchSpec()),
        defaultViewport: null,
      });
      const runs: LighthouseRun[] = [];
      try {
        for (let i = 0; i < 3; i += 1)
          runs.push(await lighthouseRun(browser, listed.productionUrl, undefined));
      } finally {
        await browser.close();
      }
      const mid = (key: keyof LighthouseRun) => median(runs.map((run) => run[key]));
      console.table([
        {
          page: "sample site, production address (mobile)",
          performance: mid("performance"),
          accessibility: mid("accessibility"),
          "best-practices": mid("best-practices"),
          seo: mid("seo"),
          "FCP ms": Math.round(mid("FCP")),
          "LCP ms": Math.round(mid("LCP")),
          "performance runs": runs.map((run) => run.performance).join(" "),
        },
      ]);
    } finally {
      await new Promise((resolve) => bare.close(() => resolve(undefined)));
      await stack.stop();
      await rm(dir, { recursive: true, force: true });
    }
  },
};
