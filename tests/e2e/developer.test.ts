import { createServer } from "node:https";
import { verify } from "@portal/core/developer/signature";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { openPage, screenshot, useBrowser } from "../support/browser";
import { signUpCustomer } from "../support/browser-customers";
import { useOwnStack } from "../support/own-web-stack";
import { useServers } from "../support/servers";
import { selfSignedCert } from "../support/tls-cert";

const servers = useServers();
let db: typeof import("@portal/core/db/service").db;
let receiverUrl = "";
/** The receiver answers 500 this many more times, then 200. */
let failNext = 0;
let secret = "";
const received: { id: string; valid: boolean; type: string }[] = [];

beforeAll(async () => {
  const receiver = createServer(selfSignedCert(30), (req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      const headers = {
        "webhook-id": String(req.headers["webhook-id"]),
        "webhook-timestamp": String(req.headers["webhook-timestamp"]),
        "webhook-signature": String(req.headers["webhook-signature"]),
      };
      received.push({
        id: headers["webhook-id"],
        valid: verify(secret, headers, raw),
        type: (JSON.parse(raw) as { type: string }).type,
      });
      if (failNext > 0) {
        failNext -= 1;
        return res.writeHead(500).end("receiver is warming up");
      }
      res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
    });
  });
  receiverUrl = `https://127.0.0.1:${await servers.listen(receiver)}/hooks/portal`;
});
const stack = useOwnStack(() => ({
  allowOutboundHosts: [new URL(receiverUrl).host],
  queue: { msPerDelaySecond: 20 },
}));
beforeAll(async () => {
  ({ db } = await import("@portal/core/db/service"));
});
const browser = useBrowser();

async function open(width: number) {
  const opened = await openPage(browser(), width, stack().url);
  // Revoking and deleting ask for a confirmation: the person says yes.
  opened.page.on("dialog", (dialog) => void dialog.accept());
  return opened;
}

/** A signed-in customer with an active plan and a completed questionnaire. */
function customer(context: BrowserContext): Promise<string> {
  return signUpCustomer(context, { firstName: "Dev", lastName: "Eloper" });
}

async function noHorizontalScroll(page: Page) {
  const overflow = (await page.evaluate(
    "document.documentElement.scrollWidth - document.documentElement.clientWidth",
  )) as number;
  expect(overflow).toBeLessThanOrEqual(0);
}

describe("Developer settings", () => {
  it("creates, uses and revokes an API key; adds an endpoint, tests it, redelivers", async () => {
    const { page, context, problems } = await open(1440);
    const userId = await customer(context);
    await page.goto("/settings");
    await page.getByRole("heading", { name: "Developer" }).waitFor();
    await page.getByText("No API keys yet.").waitFor();

    // An API key, shown once.
    await page.getByRole("button", { name: "Create API key" }).click();
    let dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Create key" }).click();
    await dialog.getByText("Give the key a name").waitFor();
    await dialog.getByLabel("Name").fill("Status page");
    await dialog.getByLabel("Permissions").selectOption({ label: "Read and write" });
    await dialog.getByRole("button", { name: "Create key" }).click();
    const shown = dialog.getByTestId("shown-once");
    await shown.waitFor();
    const key = (await shown.textContent()) ?? "";
    expect(key).toMatch(/^sk_[0-9a-f]{10}_/);
    await dialog.getByText("it will not be shown again", { exact: false }).waitFor();
    await screenshot(page, "developer-key-created-1440");
    await dialog.getByRole("button", { name: "Done" }).click();
    await dialog.waitFor({ state: "detached" });
    const row = page.getByTestId("api-key-row").filter({ hasText: "Status page" });
    await row.getByText("Read and write").waitFor();
    await row.getByText("Never used").waitFor();
    expect(await page.getByText(key).count()).toBe(0);

    // The key works, as this customer; the list then says it was used.
    const use = await context.request.get("/api/sites", {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(use.status()).toBe(200);
    await page.reload();
    await row.getByText(/Last used/).waitFor();

    // An endpoint: a private address is refused beside the field, then the receiver.
    await page.getByRole("button", { name: "Add endpoint" }).click();
    dialog = page.getByRole("dialog");
    await dialog.getByLabel("Endpoint URL").fill("https://10.0.0.5/hooks");
    await dialog.getByRole("button", { name: "Add endpoint" }).click();
    await dialog.getByText(/not reachable from our servers/).waitFor();
    await dialog.getByLabel("Endpoint URL").fill(receiverUrl);
    await dialog.getByText("A custom domain is verified").click();
    await dialog.getByRole("button", { name: "Add endpoint" }).click();
    const secretBox = dialog.getByTestId("shown-once");
    await secretBox.waitFor();
    secret = (await secretBox.textContent()) ?? "";
    expect(secret).toMatch(/^whsec_/);
    await dialog.getByRole("button", { name: "Done" }).click();
    await dialog.waitFor({ state: "detached" });
    const endpoint = page.getByTestId("webhook-endpoint").filter({ hasText: receiverUrl });
    await endpoint.getByText("domain.verified").waitFor();
    await endpoint.getByText("Active").waitFor();

    // A test event: the receiver fails the first try; the retry gets through.
    failNext = 1;
    await endpoint.getByRole("button", { name: "Send test event" }).click();
    const rows = endpoint.getByTestId("delivery-row");
    await expect.poll(() => rows.count()).toBe(2);
    await rows.filter({ hasText: "Attempt 2" }).getByText("200", { exact: true }).waitFor();
    await rows.filter({ hasText: "Attempt 1" }).getByText("receiver is warming up").waitFor();
    await screenshot(page, "developer-delivery-log-1440");

    await rows.first().getByRole("button", { name: "Redeliver" }).click();
    await expect.poll(() => rows.count()).toBe(3);
    await rows.first().getByText("Redelivery").waitFor();
    expect(received.map((r) => r.type)).toEqual(["webhook.test", "webhook.test", "webhook.test"]);
    expect(new Set(received.map((r) => r.id)).size).toBe(1);
    expect(received.every((r) => r.valid)).toBe(true);

    // Revoke the key: it stops working.
    await row.getByRole("button", { name: "Revoke" }).click();
    await row.getByText("Revoked").waitFor();
    const after = await context.request.get("/api/sites", {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(after.status()).toBe(401);

    // A run of failures turns an endpoint off; the page says so and offers to turn it on.
    const [stored] = (await db.entities.webhook.query.byOwner({ userId }).go()).data;
    if (!stored) throw new Error("no endpoint stored");
    await db.entities.webhook
      .patch({ userId, webhookId: stored.webhookId })
      .set({ failureCount: 14 })
      .go();
    failNext = 100;
    await endpoint.getByRole("button", { name: "Send test event" }).click();
    await page.reload();
    await endpoint.getByText("This endpoint was turned off").waitFor();
    await endpoint.getByText("Disabled").waitFor();
    await endpoint.getByRole("button", { name: "Turn on" }).waitFor();
    await screenshot(page, "developer-settings-1440");

    // The one error the browser logs is the refusal of the private address, as intended.
    expect(problems.filter((p) => !/422 .*\/api\/developer\/webhooks\)$/.test(p))).toEqual([]);
    await context.close();
  });

  it("fits a phone at 375 px, and opens the API reference with the verification guide", async () => {
    const { page, context, problems } = await open(375);
    const userId = await customer(context);
    await db.entities.apiKey
      .create({
        userId,
        name: "A key with a rather long name for a small screen",
        keyHash: "0".repeat(64),
        keyPrefix: "sk_0123456789",
        permissions: ["read"],
      })
      .go();
    await db.entities.webhook
      .create({
        userId,
        url: "https://hooks.example.com/a/rather/long/path/for/the/portal/webhooks",
        events: ["site.live", "ticket.staff_replied", "payment.failed"],
        secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
        isActive: false,
        failureCount: 15,
        disabledReason: "Turned off after 15 failed deliveries in a row",
        disabledAt: new Date().toISOString(),
      })
      .go();
    await page.goto("/settings");
    await page.getByText("A key with a rather long name", { exact: false }).waitFor();
    await page.getByText("This endpoint was turned off").waitFor();
    await screenshot(page, "developer-settings-375");
    await noHorizontalScroll(page);

    await page.getByRole("link", { name: "API reference" }).click();
    await page.waitForURL((url) => url.pathname === "/settings/api-reference");
    await page.getByRole("heading", { name: "API reference" }).waitFor();
    await page
      .getByTestId("verify-example")
      .getByText("timingSafeEqual", { exact: false })
      .first()
      .waitFor();
    const operations = page.getByTestId("api-operation");
    await expect.poll(() => operations.count()).toBeGreaterThan(20);
    await operations
      .filter({ hasText: "/api/developer/keys" })
      .first()
      .getByText("no API key")
      .waitFor();
    await screenshot(page, "developer-api-reference-375");
    await noHorizontalScroll(page);
    expect(problems).toEqual([]);
    await context.close();
  });
});
