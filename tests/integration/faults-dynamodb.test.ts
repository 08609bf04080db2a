/**
 * DynamoDB throttling (docs/operations.md, "When a dependency fails"), through a local stack of
 * this suite's own whose table proxy answers ProvisionedThroughputExceededException or
 * ThrottlingException on request. The table client's adaptive retries absorb a share of
 * throttled calls; a write they cannot save is a 503 with Retry-After and a message, never a
 * 500 and never half a ticket.
 */
import { REQUEST_BUDGET_MS } from "@portal/core/adapters/request-budget";
import { BUSY_MESSAGE } from "@portal/core/errors";
import {
  LOCAL_VIEWER_ADDRESS_HEADER,
  LOCAL_VIEWER_COUNTRY_HEADER,
} from "@portal/devstack/api-gateway";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { READY_CUSTOMER, setCustomerState } from "../support/customer-state";
import { pageViewsCounted } from "../support/page-views";
import {
  type FaultCustomer,
  type FaultStack,
  faultCustomer,
  type Json,
  startFaultStack,
} from "./faults.support";

let local: FaultStack;
let customer: FaultCustomer;

beforeAll(async () => {
  local = await startFaultStack();
  customer = await faultCustomer(local.stack.url, "Throttled");
  await setCustomerState(customer.userId, READY_CUSTOMER);
});

afterAll(async () => {
  await local?.stack.stop();
});

const TICKET = {
  title: "Opening hours are wrong",
  description: "The footer still shows the winter opening hours.",
  category: "general",
  priority: "medium",
};

describe("ticket writes while the table throttles", () => {
  it("answer 503 with Retry-After and a message after the SDK's retries, and store nothing", async () => {
    await local.fault("dynamodb", {
      error: "ProvisionedThroughputExceededException",
      operations: ["PutItem"],
    });
    const answer = await customer.call("POST", "/api/tickets", TICKET);
    const { failed } = await local.faultState("dynamodb");
    await local.fault("dynamodb", null);

    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("5");
    expect(((await answer.json()) as Json).error).toMatchObject({
      code: "temporarily_unavailable",
      message: BUSY_MESSAGE,
    });
    // Retried, each try throttled: up to the standard mode's five tries within an API request,
    // fewer when the next one would start past the request's time budget (db/client.ts,
    // adapters/request-budget.ts). On a loaded machine the budget can end it at four.
    expect(failed).toBeGreaterThanOrEqual(2);
    expect(await customer.json<unknown[]>("GET", "/api/tickets")).toEqual([]);

    // Sent again once the table has room: one ticket, not two.
    expect((await customer.call("POST", "/api/tickets", TICKET)).ok).toBe(true);
    expect(await customer.json<unknown[]>("GET", "/api/tickets")).toHaveLength(1);
  }, 60_000);

  it("a reply throttled on its message answers 503 and adds no message; sent again, it adds one", async () => {
    const [ticket] = await customer.json<{ id: string }[]>("GET", "/api/tickets");
    const thread = `/api/tickets/${ticket?.id}`;
    const before = (await customer.json<{ messages: unknown[] }>("GET", thread)).messages.length;
    await local.fault("dynamodb", { error: "ThrottlingException", operations: ["PutItem"] });
    const answer = await customer.call("POST", `${thread}/messages`, { message: "Any news?" });
    await local.fault("dynamodb", null);
    expect(answer.status).toBe(503);
    expect((await customer.json<{ messages: unknown[] }>("GET", thread)).messages).toHaveLength(
      before,
    );
    expect((await customer.call("POST", `${thread}/messages`, { message: "Any news?" })).ok).toBe(
      true,
    );
    expect((await customer.json<{ messages: unknown[] }>("GET", thread)).messages).toHaveLength(
      before + 1,
    );
  }, 60_000);

  it("a share of throttled calls is absorbed by the retries: the write answers as usual", async () => {
    await local.fault("dynamodb", { error: "ThrottlingException", share: 0.5 });
    const answer = await customer.call("POST", "/api/tickets", { ...TICKET, title: "Half load" });
    const { failed } = await local.faultState("dynamodb");
    await local.fault("dynamodb", null);
    expect(answer.ok).toBe(true);
    expect(failed).toBeGreaterThan(0);
  }, 60_000);
});

describe("each request's time budget", () => {
  it("twenty tickets at once, every other write refused: each answers in time, none stored twice", async () => {
    const before = (await customer.json<unknown[]>("GET", "/api/tickets")).length;
    await local.fault("dynamodb", { error: "ThrottlingException", share: 0.5 });
    const timed = await Promise.all(
      Array.from({ length: 20 }, async (_, n) => {
        const started = Date.now();
        const key = `burst-${before}-${n}`;
        const answer = await customer.call(
          "POST",
          "/api/tickets",
          { ...TICKET, title: `Burst ${n}` },
          { "idempotency-key": key },
        );
        return {
          n,
          key,
          status: answer.status,
          ms: Date.now() - started,
          retryAfter: answer.headers.get("retry-after"),
        };
      }),
    );
    await local.fault("dynamodb", null);
    // Figures for docs/operations.md: PRINT_BUDGET_FIGURES=1 (and LOCAL_CLIENT_PER_INVOCATION=1).
    if (process.env.PRINT_BUDGET_FIGURES) {
      const ms = timed.map((t) => t.ms).sort((a, b) => a - b);
      process.stdout.write(
        `${JSON.stringify({ created: timed.filter((t) => t.status === 201).length, medianMs: ms[10], maxMs: ms[19] })}\n`,
      );
    }
    // The budget is 10 s (REQUEST_BUDGET_MS): every answer comes well inside API Gateway's 30 s.
    for (const { ms } of timed) expect(ms).toBeLessThan(REQUEST_BUDGET_MS + 5_000);
    for (const { status, retryAfter } of timed) {
      expect([201, 503]).toContain(status);
      if (status === 503) expect(retryAfter).toBe("5");
    }
    // A write sent before the budget ran out may still land after its 503; the customer's retry
    // with the same Idempotency-Key finds it instead of making a second (docs/security.md).
    for (const { n, key, status } of timed) {
      if (status === 201) continue;
      let again = await customer.call(
        "POST",
        "/api/tickets",
        { ...TICKET, title: `Burst ${n}` },
        { "idempotency-key": key },
      );
      for (let tries = 0; again.status === 409 && tries < 40; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        again = await customer.call(
          "POST",
          "/api/tickets",
          { ...TICKET, title: `Burst ${n}` },
          { "idempotency-key": key },
        );
      }
      expect(again.status).toBe(201);
    }
    const listed = await customer.json<{ title: string }[]>("GET", "/api/tickets");
    expect(listed).toHaveLength(before + 20);
    for (let n = 0; n < 20; n++) {
      expect(listed.filter((ticket) => ticket.title === `Burst ${n}`)).toHaveLength(1);
    }
  }, 120_000);
});

describe("a burst of page views while the table throttles", () => {
  it("loses none: the consumer's writes are retried until they land", async () => {
    const { db } = await import("@portal/core/db/service");
    const { data: site } = await db.entities.site
      .create({ userId: customer.userId, name: "Busy Bakery", status: "live" })
      .go();
    // The table takes 20 counter writes (UpdateItem) a second and throttles the rest.
    await local.fault("dynamodb", {
      error: "ProvisionedThroughputExceededException",
      capacityPerSecond: 20,
      operations: ["UpdateItem"],
    });
    const VIEWS = 120;
    const answers = await Promise.all(
      Array.from({ length: VIEWS }, (_, n) =>
        fetch(`${local.stack.url}/api/collect`, {
          method: "POST",
          headers: {
            "content-type": "text/plain;charset=UTF-8",
            origin: "https://bakery.example",
            "user-agent": `Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0 visitor-${n % 40}`,
            [LOCAL_VIEWER_COUNTRY_HEADER]: "DE",
            [LOCAL_VIEWER_ADDRESS_HEADER]: `198.51.100.${n % 40}`,
          },
          body: JSON.stringify({ site: site.siteId, path: `/page-${n % 7}`, screen: "desktop" }),
        }).then((r) => r.status),
      ),
    );
    expect(answers).toEqual(answers.map(() => 202));
    await pageViewsCounted(local.stack.url, 60_000);
    const { failed } = await local.faultState("dynamodb");
    await local.fault("dynamodb", null);
    expect(failed).toBeGreaterThan(0);

    const data = await customer.json("GET", `/api/analytics/data?site=${site.siteId}&range=7d`);
    expect(data.totals).toEqual({ visitors: 40, pageViews: VIEWS, singlePageVisitors: 0 });
  }, 90_000);
});
