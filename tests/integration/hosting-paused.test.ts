/**
 * A suspended site's hosting (docs/hosting.md "Paused sites") over HTTP through the shared local
 * stack: the team deploys and publishes the sample site for a paying customer; when the
 * subscription ends (as tests/integration/site-retention.test.ts ends it) the production host
 * answers 503 "This site is paused"; subscribing again serves the site again.
 */
import { request } from "node:http";
import { zipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { sampleSiteFiles } from "../../scripts/sample-site";
import { apiAt } from "../support/api";
import { type SignedIn, signUpStaff } from "../support/dev-identity";
import {
  type Customer,
  emulator,
  GOOD_CARD,
  payCheckout,
  subscribedCustomer,
  url,
  useStackEnvDb,
  webhooksDelivered,
} from "../support/payments";

const call = apiAt(url);
const port = new URL(url).port;

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
type Json = Record<string, any>;

/** A GET to the stack with this Host, as a browser on `<host>:<port>` sends it. */
function served(host: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, path: "/", headers: { host: `${host}:${port}` } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** What the host serves once the Deployments worker has caught up (up to 45 s). */
async function servedOnce(host: string, status: number) {
  let last = await served(host);
  for (const until = Date.now() + 45_000; last.status !== status && Date.now() < until; ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    last = await served(host);
  }
  return last;
}

let staff: SignedIn;
let customer: Customer;
let subscriptionId = "";
let siteId = "";
let productionHost = "";
const deployments = () => `/api/staff/customers/${customer.user.id}/sites/${siteId}/deployments`;

beforeAll(async () => {
  staff = await signUpStaff();
  const subscribed = await subscribedCustomer("Starter", "Pia");
  customer = subscribed.customer;
  subscriptionId = subscribed.user.stripeSubscriptionId as string;
  const db = await useStackEnvDb();
  const { data: site } = await db.entities.site
    .create({ userId: customer.user.id, name: "Pia's Bakery", status: "requested" })
    .go();
  siteId = site.siteId;
}, 60_000);

describe("a site whose subscription ends", () => {
  it("serves its live deployment while the customer pays", async () => {
    const zip = zipSync(sampleSiteFiles(), { level: 6 });
    const created = await call(staff, "POST", deployments(), {
      fileName: "site.zip",
      size: zip.byteLength,
    });
    expect(created.status).toBe(201);
    const { url: putUrl, headers } = created.body.upload;
    expect((await fetch(putUrl, { method: "PUT", headers, body: zip })).status).toBe(200);
    const id = created.body.deployment.id;
    expect((await call(staff, "POST", `${deployments()}/${id}/confirm`)).status).toBe(202);
    let status = "";
    for (const until = Date.now() + 45_000; status !== "ready" && Date.now() < until; ) {
      status = (await call(staff, "GET", `${deployments()}/${id}`)).body.status;
      if (status === "failed") break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe("ready");
    const published = await call(staff, "POST", `${deployments()}/${id}/publish`, {
      approvalOverride: "The customer approved the draft on the phone today.",
    });
    expect(published.status).toBe(200);
    const listed: Json = (await call(staff, "GET", deployments())).body;
    productionHost = new URL(listed.productionUrl).hostname;
    const home = await served(productionHost);
    expect(home.status).toBe(200);
    expect(home.body).toContain("Fresh bread every morning");
  }, 60_000);

  it("is paused (503) once it ends, and served again when the customer subscribes again", async () => {
    const canceled = await customer.call("POST", "/api/billing/cancel-subscription");
    expect(canceled.status).toBe(200);
    await emulator.renew(subscriptionId);
    await webhooksDelivered();
    const paused = await servedOnce(productionHost, 503);
    expect(paused.status).toBe(503);
    expect(paused.body).toContain("This site is paused");
    expect(paused.body).not.toContain("Fresh bread");

    const again = await customer.json<{ paymentUrl: string }>("POST", "/api/create-subscription", {
      planName: "Starter",
    });
    expect((await payCheckout(again.paymentUrl, GOOD_CARD)).status).toBe(303);
    await webhooksDelivered();
    const back = await servedOnce(productionHost, 200);
    expect(back.status).toBe(200);
    expect(back.body).toContain("Fresh bread every morning");
  }, 120_000);
});
