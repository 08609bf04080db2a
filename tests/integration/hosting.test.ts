/**
 * Hosting (docs/hosting.md) over HTTP through the shared local stack: the team deploys the
 * sample site (docs/sample-site), its preview is served byte for byte on its own host with
 * noindex, publishing makes it the production host's (the go-live rule first), a second version
 * replaces it and a rollback brings the first back; every refused zip leaves nothing stored or
 * served; a customer's token and API key are refused and another site's ids are 404s.
 */
import { request } from "node:http";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { type Zippable, zipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { sampleSiteFiles } from "../../scripts/sample-site";
import { apiAt } from "../support/api";
import { ONBOARDING_CUSTOMER } from "../support/customer-state";
import { bearer, type SignedIn, signUpCustomer, signUpStaff } from "../support/dev-identity";
import { questionnaireSite } from "../support/questionnaire";
import { stackUrl, useStackEnv } from "../support/stack";

const env = useStackEnv();
const { withTracker } = await import("@portal/core/hosting/served-files");
const { db } = await import("@portal/core/db/service");
const url = stackUrl();
const call = apiAt(url);
const port = new URL(url).port;

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
type Json = Record<string, any>;

let staff: SignedIn;
let customer: SignedIn;
let other: SignedIn;
let siteId = "";
let otherSiteId = "";

/** A GET to the stack with this Host, as a browser on `<host>:<port>` sends it. */
function served(host: string, path = "/", headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(
        { host: "127.0.0.1", port, path, headers: { host: `${host}:${port}`, ...headers } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers as Record<string, string>,
              body: Buffer.concat(chunks),
            }),
          );
        },
      );
      req.on("error", reject);
      req.end();
    },
  );
}

const hostOf = (address: string) => new URL(address).hostname;
const deployments = (id = siteId, userId = customer.user.id) =>
  `/api/staff/customers/${userId}/sites/${id}/deployments`;

/** Waits for the worker, then reads the deployment as the console's panel does. */
async function settled(id: string, site = siteId, owner = customer): Promise<Json> {
  // The worker shares the machine with the whole suite: wait up to 45 s.
  for (const until = Date.now() + 45_000; Date.now() < until; ) {
    const answer = await call(staff, "GET", `${deployments(site, owner.user.id)}/${id}`);
    if (answer.body.status === "ready" || answer.body.status === "failed") return answer.body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`deployment ${id} never settled`);
}

/** Uploads a zip as the console does: create, PUT, confirm; answers the settled deployment. */
async function deploy(zip: Uint8Array, site = siteId, owner = customer): Promise<Json> {
  const created = await call(staff, "POST", deployments(site, owner.user.id), {
    fileName: "site.zip",
    size: zip.byteLength,
  });
  expect(created.status).toBe(201);
  expect(created.body.deployment.status).toBe("uploading");
  const { url: putUrl, headers } = created.body.upload;
  const put = await fetch(putUrl, { method: "PUT", headers, body: zip });
  expect(put.status).toBe(200);
  const confirmed = await call(
    staff,
    "POST",
    `${deployments(site, owner.user.id)}/${created.body.deployment.id}/confirm`,
  );
  expect(confirmed.status).toBe(202);
  expect(confirmed.body.status).toBe("queued");
  return settled(created.body.deployment.id, site, owner);
}

const s3 = new S3Client({ forcePathStyle: true });
async function storedKeys(prefix: string): Promise<string[]> {
  const listed = await s3.send(
    new ListObjectsV2Command({ Bucket: env.SST_Bucket_bucketName_Hosting, Prefix: prefix }),
  );
  return (listed.Contents ?? []).map((object) => object.Key ?? "");
}

const sample = sampleSiteFiles();
const zip = (files: Zippable) => zipSync(files, { level: 6 });
let first: Json;

beforeAll(async () => {
  staff = await signUpStaff();
  customer = await signUpCustomer({ firstName: "Bea" }, url, ONBOARDING_CUSTOMER);
  other = await signUpCustomer({ firstName: "Oz" }, url, ONBOARDING_CUSTOMER);
  siteId = await questionnaireSite(call, customer, "Corner Bakery");
  otherSiteId = await questionnaireSite(call, other, "Other Shop");
}, 60_000);

describe("a deployment", () => {
  it("unpacks the sample site and serves its preview byte for byte, noindex", async () => {
    first = await deploy(zipSync(sample, { level: 9 }));
    expect(first).toMatchObject({
      status: "ready",
      failureReason: null,
      fileCount: Object.keys(sample).length,
      uploadedBy: staff.user.email,
      live: false,
    });
    expect(first.previewUrl).toMatch(
      new RegExp(
        `^http://${first.id.toLowerCase()}--corner-bakery-[a-z0-9]{6}\\.sites\\.localhost:${port}/$`,
      ),
    );
    const host = hostOf(first.previewUrl);
    const scriptUrl = new URL("/api/collect.js", url).href;
    for (const [path, bytes] of Object.entries(sample)) {
      const answer = await served(host, `/${path}`);
      expect(answer.status, path).toBe(200);
      const expected = path.endsWith(".html")
        ? Buffer.from(withTracker(Buffer.from(bytes).toString("utf8"), scriptUrl, siteId))
        : Buffer.from(bytes);
      expect(answer.body.equals(expected), path).toBe(true);
      expect(answer.headers["x-robots-tag"]).toBe("noindex");
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
      expect(answer.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      // Plain HTTP locally: no HSTS.
      expect(answer.headers["strict-transport-security"]).toBeUndefined();
    }
    const home = await served(host, "/");
    expect(home.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(home.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect(home.body.toString()).toContain(`data-site="${siteId}"`);
    expect((await served(host, "/about")).body.toString()).toContain("Three generations");
    const image = await served(host, "/images/bread.png");
    expect(image.headers["content-type"]).toBe("image/png");
    // Compressed when asked, as CloudFront does.
    const css = await served(host, "/styles.css", { "accept-encoding": "br, gzip" });
    expect(css.headers["content-encoding"]).toBe("br");
    // The site's own 404 page.
    const missing = await served(host, "/no-such-page.html");
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).toContain("This page is not on the menu");
    // The zip is gone once unpacked.
    expect(await storedKeys(`uploads/${first.id}`)).toEqual([]);
  });

  it("adds no analytics script to a site whose analytics is off", async () => {
    await db.entities.site
      .patch({ userId: other.user.id, siteId: otherSiteId })
      .set({ analyticsEnabled: false })
      .go();
    const page = "<!doctype html><head><title>Quiet</title></head><p>No counting here</p>";
    const quiet = await deploy(
      zip({ "index.html": new TextEncoder().encode(page) }),
      otherSiteId,
      other,
    );
    expect(quiet.status).toBe("ready");
    expect((await served(hostOf(quiet.previewUrl))).body.toString()).toBe(page);
  });

  it("is listed newest first with the site's production address", async () => {
    const listed = await call(staff, "GET", deployments());
    expect(listed.status).toBe(200);
    expect(listed.body.deployments[0].id).toBe(first.id);
    expect(listed.body.productionUrl).toMatch(
      /^http:\/\/corner-bakery-[a-z0-9]{6}\.sites\.localhost:\d+\/$/,
    );
    expect(listed.body.liveDeploymentId).toBeNull();
    expect((await served(hostOf(listed.body.productionUrl))).status).toBe(404);
  });
});

describe("publishing", () => {
  let productionHost = "";

  it("follows the go-live rule, then serves the deployment on the production host", async () => {
    const refused = await call(staff, "POST", `${deployments()}/${first.id}/publish`, {});
    expect(refused.status).toBe(409);
    const published = await call(staff, "POST", `${deployments()}/${first.id}/publish`, {
      approvalOverride: "The customer approved the draft on the phone today.",
    });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ id: first.id, live: true });
    const listed = await call(staff, "GET", deployments());
    productionHost = hostOf(listed.body.productionUrl);
    const home = await served(productionHost, "/");
    expect(home.status).toBe(200);
    expect(home.body.toString()).toContain("Fresh bread every morning");
    expect(home.headers["x-robots-tag"]).toBeUndefined();
    const sites = await call(customer, "GET", "/api/sites");
    const site = sites.body.find((s: Json) => s.id === siteId);
    expect(site).toMatchObject({ status: "live", liveUrl: listed.body.productionUrl });
    expect(site.liveVersion).toEqual({
      deploymentId: first.id,
      publishedAt: published.body.publishedAt,
    });
  });

  it("lets the audit browser reach the local hosts: the go-live screenshot is of the site", async () => {
    // Exactly the hosted sites on this stack's port are allowed on loopback (docs/hosting.md).
    expect((env.SST_Parameter_value_OUTBOUND_ALLOW_HOSTS ?? "").split(",")).toContain(
      `*.sites.localhost:${port}`,
    );
    let screenshotUrl: string | null = null;
    for (const until = Date.now() + 90_000; !screenshotUrl && Date.now() < until; ) {
      const sites = await call(customer, "GET", "/api/sites");
      screenshotUrl = sites.body.find((s: Json) => s.id === siteId)?.screenshotUrl ?? null;
      if (!screenshotUrl) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(screenshotUrl).not.toBeNull();
    const image = await fetch(screenshotUrl ?? "");
    expect(image.status).toBe(200);
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  }, 120_000);

  it("switches to a new version and rolls back to the first in one write each", async () => {
    const second = await deploy(
      zip({
        ...sample,
        "index.html": new TextEncoder().encode(
          "<!doctype html><title>v2</title><h1>Version two</h1>",
        ),
      }),
    );
    expect(second.status).toBe("ready");
    // The preview of the first still shows the first.
    expect((await served(hostOf(first.previewUrl))).body.toString()).toContain("Fresh bread");
    expect((await call(staff, "POST", `${deployments()}/${second.id}/publish`, {})).status).toBe(
      200,
    );
    expect((await served(productionHost)).body.toString()).toContain("Version two");
    const rollback = await call(staff, "POST", `${deployments()}/${first.id}/publish`, {});
    expect(rollback.status).toBe(200);
    expect((await served(productionHost)).body.toString()).toContain("Fresh bread");
    const listed = await call(staff, "GET", deployments());
    expect(listed.body.liveDeploymentId).toBe(first.id);
    expect(listed.body.deployments.map((d: Json) => d.live)).toEqual([false, true]);
  });

  it("refuses a deployment that is not ready", async () => {
    const created = await call(staff, "POST", deployments(), { fileName: "x.zip", size: 10 });
    const answer = await call(
      staff,
      "POST",
      `${deployments()}/${created.body.deployment.id}/publish`,
      {},
    );
    expect(answer.status).toBe(409);
    expect(
      (await call(staff, "POST", `${deployments()}/${created.body.deployment.id}/confirm`)).status,
    ).toBe(422);
  });
});

describe("a refused zip", () => {
  const home = new TextEncoder().encode("<!doctype html><title>Home</title>");
  const page = new TextEncoder().encode("<p>x</p>");
  /** A zip whose big.bin declares `declared` bytes unpacked in its directory. */
  function lying(declared: number): Uint8Array {
    const data = zipSync(
      { "index.html": home, "big.bin": new Uint8Array(4 * 1024 * 1024) },
      { level: 9 },
    );
    const view = new DataView(data.buffer);
    const name = new TextEncoder().encode("big.bin");
    for (let at = 0; at < data.length - 4; at += 1) {
      const signature = view.getUint32(at, true);
      const [sizeAt, nameAt] =
        signature === 0x04034b50 ? [22, 30] : signature === 0x02014b50 ? [24, 46] : [0, 0];
      if (!sizeAt) continue;
      const here = data.subarray(at + nameAt, at + nameAt + name.length);
      if (here.every((byte, i) => byte === name[i])) view.setUint32(at + sizeAt, declared, true);
    }
    return data;
  }
  const manyFiles: Zippable = { "index.html": home };
  for (let i = 0; i < 20_000; i += 1) manyFiles[`p/${i}.txt`] = new Uint8Array(1);

  it.each([
    ["a path with ..", zip({ "index.html": home, "../evil.html": page }), /contains "\.\."/],
    ["an absolute path", zip({ "index.html": home, "/etc/evil.html": page }), /is absolute/],
    ["a backslash", zip({ "index.html": home, "a\\b.html": page }), /backslash/],
    ["a control character", zip({ "index.html": home, "a\u0001.html": page }), /control character/],
    [
      "a symbolic link",
      zip({ "index.html": home, "link.html": [page, { os: 3, attrs: (0o120777 << 16) >>> 0 }] }),
      /symbolic link/,
    ],
    [
      "a zip bomb",
      zip({ "index.html": home, "zeros.bin": new Uint8Array(8 * 1024 * 1024) }),
      /zip bomb/,
    ],
    ["a bomb that lies about its size", lying(1000), /more than its zip says/],
    ["over 500 MB unpacked", lying(600 * 1024 * 1024), /larger than 500 MB/],
    ["over 20,000 files", zip(manyFiles), /more than 20,000 files/],
    ["no home page", zip({ "about.html": page }), /no index\.html/],
    [
      "names differing in case",
      zip({ "index.html": home, "A.html": page, "a.html": page }),
      /differ only in case/,
    ],
  ])(
    "%s fails with the reason and serves nothing",
    async (_label, data, reason) => {
      const failed = await deploy(data);
      expect(failed.status).toBe("failed");
      expect(failed.failureReason).toMatch(reason);
      expect(failed.previewUrl).toBeNull();
      expect(await storedKeys(`deployments/${failed.id}/`)).toEqual([]);
      expect(await storedKeys(`uploads/${failed.id}`)).toEqual([]);
      const listed = await call(staff, "GET", deployments());
      const previewHost = `${failed.id.toLowerCase()}--${hostOf(listed.body.productionUrl)}`;
      const answer = await served(previewHost);
      expect(answer.status).toBe(404);
      expect(answer.body.toString()).toBe("No site is served at this address");
    },
    60_000,
  );

  it("refuses an upload over 100 MB before it starts", async () => {
    const answer = await call(staff, "POST", deployments(), {
      fileName: "big.zip",
      size: 100 * 1024 * 1024 + 1,
    });
    expect(answer.status).toBe(400);
  });
});

describe("tenancy", () => {
  it("refuses a customer's token and API key on every hosting route", async () => {
    const key = await call(customer, "POST /api/developer/keys", {
      body: {
        name: "k",
        permission: "write",
      },
    });
    const callers = [bearer(customer.token), ...(key.status === 201 ? [bearer(key.body.key)] : [])];
    expect(callers.length).toBe(2);
    const path = deployments();
    for (const who of callers) {
      for (const [method, route, body] of [
        ["GET", path, undefined],
        ["POST", path, { fileName: "a.zip", size: 10 }],
        ["GET", `${path}/${first.id}`, undefined],
        ["POST", `${path}/${first.id}/confirm`, undefined],
        ["POST", `${path}/${first.id}/publish`, {}],
      ] as const) {
        const answer = await call(who, method, route, body);
        expect([401, 403], `${method} ${route}`).toContain(answer.status);
      }
    }
  });

  it("answers 404 for another site's deployments and another customer's site", async () => {
    const others = await deploy(
      zip({ "index.html": new TextEncoder().encode("<p>other</p>") }),
      otherSiteId,
      other,
    );
    expect(others.status).toBe("ready");
    // The other site's deployment through this site's path, on this site's preview host.
    expect((await call(staff, "GET", `${deployments()}/${others.id}`)).status).toBe(404);
    expect((await call(staff, "POST", `${deployments()}/${others.id}/publish`, {})).status).toBe(
      404,
    );
    const borrowed = `${others.id.toLowerCase()}--${hostOf(first.previewUrl).split("--")[1]}`;
    expect((await served(borrowed)).status).toBe(404);
    // This site's deployment through the other customer's site path, and the reverse.
    expect((await call(staff, "GET", `${deployments(otherSiteId)}/${first.id}`)).status).toBe(404);
    expect(
      (await call(staff, "GET", `${deployments(otherSiteId, other.user.id)}/${first.id}`)).status,
    ).toBe(404);
    expect(
      (
        await call(
          staff,
          "POST",
          `${deployments(otherSiteId, other.user.id)}/${first.id}/publish`,
          {},
        )
      ).status,
    ).toBe(404);
    expect((await call(staff, "GET", deployments(siteId, other.user.id))).status).toBe(404);
    // A review round may only take this site's ready deployments.
    const round = await call(
      staff,
      "POST /api/staff/customers/{userId}/sites/{siteId}/review/rounds",
      {
        params: { userId: other.user.id, siteId: otherSiteId },
        body: {
          deploymentId: first.id,
        },
      },
    );
    expect(round.status).toBe(422);
  });
});

describe("deleting a site", () => {
  it("stops serving its hosts and previews and erases its files", async () => {
    const owner = await signUpCustomer({ firstName: "Dora" }, url, ONBOARDING_CUSTOMER);
    const doomedId = await questionnaireSite(call, owner, "Closing Down Shop");
    const deployed = await deploy(zipSync(sample, { level: 6 }), doomedId, owner);
    expect(deployed.status).toBe("ready");
    const published = await call(
      staff,
      "POST",
      `${deployments(doomedId, owner.user.id)}/${deployed.id}/publish`,
      {
        approvalOverride: "The customer asked for it to go live before closing.",
      },
    );
    expect(published.status).toBe(200);
    const listed = await call(staff, "GET", deployments(doomedId, owner.user.id));
    const production = hostOf(listed.body.productionUrl);
    expect((await served(production)).status).toBe(200);

    expect((await call(owner, "DELETE", `/api/sites/${doomedId}`)).status).toBe(204);
    const until = Date.now() + 45_000;
    while (Date.now() < until && (await storedKeys(`deployments/${deployed.id}/`)).length) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await storedKeys(`deployments/${deployed.id}/`)).toEqual([]);
    for (const host of [production, hostOf(deployed.previewUrl)]) {
      const answer = await served(host);
      expect(answer.status, host).toBe(404);
      expect(answer.body.toString()).toBe("No site is served at this address");
    }
  });
});
