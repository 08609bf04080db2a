import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-error";
import { ApiContractError, apiKey, call, routePath } from "./call";
import { setTokenGetter } from "./client";

type Sent = { url: string; init: RequestInit };
let sent: Sent[];
let answer: () => Response;

beforeEach(() => {
  sent = [];
  answer = () => Response.json([]);
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return answer();
  });
  setTokenGetter(null);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const uptime = {
  siteId: "s 1",
  monitored: true,
  state: "up",
  lastCheck: null,
  openIncident: null,
  lastIncident: null,
  certificate: null,
};

describe("call", () => {
  it("builds the path from the route and its params, encoded", async () => {
    answer = () => Response.json(uptime);
    await call("GET /api/sites/{id}/uptime", { params: { id: "s 1" } }).catch(() => {});
    expect(sent[0]?.url).toBe("/api/sites/s%201/uptime");
    expect(sent[0]?.init.method).toBe("GET");
  });

  it("adds the set query values only", async () => {
    answer = () => Response.json({ items: [], cursor: null });
    await call("GET /api/staff/requests", { query: { cursor: undefined } }).catch(() => {});
    await call("GET /api/staff/requests", { query: { cursor: "c2" } }).catch(() => {});
    expect(sent.map((s) => s.url)).toEqual([
      "/api/staff/requests",
      "/api/staff/requests?cursor=c2",
    ]);
  });

  it("sends the body as JSON with the route's method", async () => {
    answer = () => Response.json({ success: true });
    await call("POST /api/billing/set-default-payment-method", {
      body: { paymentMethodId: "pm_1" },
    });
    expect(sent[0]?.init.method).toBe("POST");
    expect(sent[0]?.init.body).toBe(JSON.stringify({ paymentMethodId: "pm_1" }));
  });

  it("answers what the route's contract parses", async () => {
    answer = () => Response.json({ success: true, activations: [] });
    await expect(call("POST /api/verify-subscription")).resolves.toEqual({
      success: true,
      activations: [],
    });
  });

  it("refuses an answer its contract does not allow, naming the route and the field", async () => {
    answer = () => Response.json({ success: "yes", activations: [] });
    const failure = await call("POST /api/verify-subscription").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiContractError);
    expect((failure as Error).message).toMatch(
      /^POST \/api\/verify-subscription answered what its contract refuses: success: /,
    );
  });

  it("answers undefined for a route that answers 204, without reading a body", async () => {
    answer = () => new Response(null, { status: 204 });
    await expect(call("DELETE /api/sites/{id}", { params: { id: "s1" } })).resolves.toBeUndefined();
  });

  it("throws the API's error for a non-OK answer", async () => {
    answer = () => Response.json({ error: { code: "not_found", message: "No" } }, { status: 404 });
    const failure = await call("GET /api/tickets/{id}", { params: { id: "t1" } }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(404);
  });
});

describe("a write's Idempotency-Key", () => {
  const keyOf = (s: Sent | undefined) =>
    (s?.init.headers as Record<string, string> | undefined)?.["Idempotency-Key"];
  const busy = (retryAfter: string) =>
    Response.json(
      { error: { code: "temporarily_unavailable", message: "Busy" } },
      { status: 503, headers: { "retry-after": retryAfter } },
    );

  it("goes with every write, one per call; never with a read", async () => {
    answer = () => Response.json({ success: true, activations: [] });
    await call("POST /api/verify-subscription");
    await call("POST /api/verify-subscription");
    answer = () => Response.json([]);
    await call("GET /api/tickets");
    const [first, second, read] = sent.map(keyOf);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
    expect(read).toBeUndefined();
  });

  it("is sent again, with the same key, when the answer says to come back soon or is lost", async () => {
    const answers = [
      () => busy("0"),
      () => {
        throw new TypeError("Failed to fetch");
      },
      () => Response.json({ success: true, activations: [] }),
    ];
    answer = () => (answers.shift() ?? answers[0])?.() as Response;
    vi.useFakeTimers();
    try {
      const done = call("POST /api/verify-subscription");
      await vi.runAllTimersAsync();
      await expect(done).resolves.toEqual({ success: true, activations: [] });
    } finally {
      vi.useRealTimers();
    }
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map(keyOf)).size).toBe(1);
  });

  it("stops after two retries, and does not wait out a long Retry-After or another 409", async () => {
    answer = () => busy("0");
    const failure = await call("POST /api/verify-subscription").catch((e: unknown) => e);
    expect((failure as ApiError).status).toBe(503);
    expect(sent).toHaveLength(3);

    sent = [];
    answer = () => busy("30");
    await call("POST /api/verify-subscription").catch(() => {});
    expect(sent).toHaveLength(1);

    sent = [];
    answer = () =>
      Response.json(
        { error: { code: "conflict", message: "Taken" } },
        { status: 409, headers: { "retry-after": "1" } },
      );
    await call("POST /api/verify-subscription").catch(() => {});
    expect(sent).toHaveLength(1);
  });
});

describe("routePath and apiKey", () => {
  it("refuses a missing path parameter instead of calling a wrong path", () => {
    expect(() => routePath("GET /api/tickets/{id}", {})).toThrow(
      "GET /api/tickets/{id} needs the path parameter id",
    );
  });

  it("keys a read by its route and input, so the route alone matches all of them", () => {
    expect(apiKey("GET /api/sites")).toEqual(["GET /api/sites"]);
    expect(apiKey("GET /api/tickets/{id}", { params: { id: "t1" } })).toEqual([
      "GET /api/tickets/{id}",
      { params: { id: "t1" } },
    ]);
  });
});
