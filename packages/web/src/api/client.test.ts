import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-error";
import {
  apiRequest,
  fetchCurrentUser,
  isUnauthorizedError,
  missingEntitlement,
  setTokenGetter,
} from "./client";
import { createQueryClient } from "./query-client";

type Call = { url: string; init: RequestInit };
let calls: Call[];
let answer: () => Response;

beforeEach(() => {
  calls = [];
  answer = () => Response.json({ ok: true });
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return answer();
  });
  setTokenGetter(null);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setTokenGetter(null);
});

const headersOf = (call: Call | undefined) => (call?.init.headers ?? {}) as Record<string, string>;

const user = {
  id: "user_1",
  email: "ada@example.com",
  firstName: "Ada",
  lastName: "Lovelace",
  imageUrl: null,
  profileImageUrl: null,
  stripeCustomerId: null,
  stripeSubscriptionId: null,
  subscriptionPlan: null,
  subscriptionActive: false,
  hasCompletedQuestionnaire: false,
  gaTrackingId: null,
  createdAt: "2025-01-01T00:00:00.000Z",
  emailNotifications: true,
  marketingEmails: false,
  monthlyReport: true,
  sitesDeleteAfter: null,
  subscriptionEndedFor: null,
};

describe("apiRequest", () => {
  it("always sends cookies, and no content type without a body", async () => {
    await apiRequest("GET", "/api/sites");
    expect(calls[0]?.init.credentials).toBe("include");
    expect(calls[0]?.init.body).toBeUndefined();
    expect(headersOf(calls[0])["Content-Type"]).toBeUndefined();
  });

  it("sends JSON with its content type when there is a body", async () => {
    await apiRequest("POST", "/api/tickets", { title: "Hi" });
    expect(calls[0]?.init.method).toBe("POST");
    expect(headersOf(calls[0])["Content-Type"]).toBe("application/json");
    expect(calls[0]?.init.body).toBe('{"title":"Hi"}');
  });

  it("adds the identity provider's token as a bearer header", async () => {
    setTokenGetter(async () => "jwt-123");
    await apiRequest("GET", "/api/sites");
    expect(headersOf(calls[0]).Authorization).toBe("Bearer jwt-123");
  });

  it("sends no authorization header when signed out", async () => {
    setTokenGetter(async () => null);
    await apiRequest("GET", "/api/sites");
    expect(headersOf(calls[0]).Authorization).toBeUndefined();
  });

  it("goes ahead with cookies only, and logs it, when the token cannot be had", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    setTokenGetter(async () => {
      throw new Error("provider down");
    });
    await apiRequest("GET", "/api/sites");
    expect(calls).toHaveLength(1);
    expect(headersOf(calls[0]).Authorization).toBeUndefined();
    expect(calls[0]?.init.credentials).toBe("include");
    expect(log).toHaveBeenCalled();
  });

  it("throws an ApiError with the message 'STATUS: body' for a non-OK answer with a body", async () => {
    answer = () => new Response('{"error":{"code":"conflict","message":"Taken"}}', { status: 409 });
    const error = await apiRequest("POST", "/api/x", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: '409: {"error":{"code":"conflict","message":"Taken"}}',
      status: 409,
      code: "conflict",
      detail: "Taken",
    });
  });

  it("throws 'STATUS: status text' for a non-OK answer without a body", async () => {
    answer = () => new Response(null, { status: 503, statusText: "Service Unavailable" });
    await expect(apiRequest("GET", "/api/x")).rejects.toThrow("503: Service Unavailable");
  });
});

describe("fetchCurrentUser", () => {
  it("answers the parsed user", async () => {
    answer = () => Response.json(user);
    await expect(fetchCurrentUser()).resolves.toEqual(user);
    expect(calls[0]?.url).toBe("/api/auth/user");
  });

  it("treats a 401 as no user", async () => {
    answer = () => new Response('{"error":{"code":"unauthorized"}}', { status: 401 });
    await expect(fetchCurrentUser()).resolves.toBeNull();
  });

  it("fails with 'Failed to fetch user data' for other errors", async () => {
    answer = () => new Response("boom", { status: 500 });
    await expect(fetchCurrentUser()).rejects.toThrow("Failed to fetch user data");
  });

  it("keeps the answer's status and code with the failure", async () => {
    answer = () =>
      Response.json({ error: { code: "not_a_member", message: "No" } }, { status: 403 });
    const failure = await fetchCurrentUser().catch((error: unknown) => error);
    const cause = (failure as Error).cause;
    expect(cause).toBeInstanceOf(ApiError);
    expect((cause as ApiError).status).toBe(403);
    expect((cause as ApiError).code).toBe("not_a_member");
  });
});

describe("isUnauthorizedError", () => {
  it("matches a 401 whose text says unauthorized", () => {
    expect(isUnauthorizedError(new ApiError(401, "Unauthorized"))).toBe(true);
    expect(
      isUnauthorizedError(
        new ApiError(401, '{"error":{"code":"unauthorized","message":"No token"}}'),
      ),
    ).toBe(true);
  });
  it("ignores other errors", () => {
    expect(isUnauthorizedError(new ApiError(403, "Unauthorized"))).toBe(false);
    expect(isUnauthorizedError(new ApiError(401, "expired"))).toBe(false);
    // Only the client's own error counts, not a look-alike message.
    expect(isUnauthorizedError(new Error("401: Unauthorized"))).toBe(false);
    expect(isUnauthorizedError("401: Unauthorized")).toBe(false);
  });
});

describe("missingEntitlement", () => {
  const refusal = (status: number, code: string) =>
    new ApiError(status, JSON.stringify({ error: { code, message: "No" } }));
  it("names the entitlement a 403 says is missing", () => {
    expect(missingEntitlement(refusal(403, "subscription_required"))).toBe("subscription_required");
    expect(missingEntitlement(refusal(403, "questionnaire_required"))).toBe(
      "questionnaire_required",
    );
  });
  it("ignores other codes and statuses", () => {
    expect(missingEntitlement(refusal(403, "cross_site_request"))).toBeUndefined();
    expect(missingEntitlement(refusal(402, "subscription_required"))).toBeUndefined();
    expect(missingEntitlement(new ApiError(403, "Forbidden"))).toBeUndefined();
  });
});

describe("query client", () => {
  const readSites = {
    queryKey: ["GET /api/sites"],
    queryFn: () => apiRequest("GET", "/api/sites"),
  };

  it("has the documented defaults (docs/pages.md)", () => {
    const defaults = createQueryClient(() => {}).getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });

  it("starts the 'Unauthorized' flow for a query that fails with 401 Unauthorized", async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient(onUnauthorized);
    answer = () => new Response("Unauthorized", { status: 401 });
    await client.fetchQuery(readSites).catch(() => {});
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("reads the current user again when the server refuses for the plan, so the gate can move on", async () => {
    const client = createQueryClient(() => {});
    client.setQueryData(["/api/auth/user"], user);
    answer = () =>
      Response.json(
        {
          error: { code: "subscription_required", message: "An active subscription is required." },
        },
        { status: 403 },
      );
    await client.fetchQuery(readSites).catch(() => {});
    expect(client.getQueryState(["/api/auth/user"])?.isInvalidated).toBe(true);
  });

  it.each(["owner_required", "not_a_member"])(
    "reads the current user again when the server refuses for the role or membership (%s)",
    async (code) => {
      const client = createQueryClient(() => {});
      client.setQueryData(["/api/auth/user"], user);
      answer = () => Response.json({ error: { code, message: "No" } }, { status: 403 });
      await client.fetchQuery(readSites).catch(() => {});
      expect(client.getQueryState(["/api/auth/user"])?.isInvalidated).toBe(true);
    },
  );

  it("leaves the current user alone on other 403s", async () => {
    const client = createQueryClient(() => {});
    client.setQueryData(["/api/auth/user"], user);
    answer = () =>
      Response.json({ error: { code: "cross_site_request", message: "No" } }, { status: 403 });
    await client.fetchQuery(readSites).catch(() => {});
    expect(client.getQueryState(["/api/auth/user"])?.isInvalidated).toBe(false);
  });

  it("leaves other failures and opted-out calls alone", async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient(onUnauthorized);
    answer = () => new Response("boom", { status: 500 });
    await client.fetchQuery(readSites).catch(() => {});
    answer = () => new Response("Unauthorized", { status: 401 });
    await client
      .getMutationCache()
      .build(client, {
        mutationFn: () => apiRequest("POST", "/api/create-subscription", {}),
        meta: { handlesUnauthorized: true },
      })
      .execute(undefined)
      .catch(() => {});
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("starts the flow for a mutation that fails with 401 Unauthorized", async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient(onUnauthorized);
    answer = () => new Response("Unauthorized", { status: 401 });
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => apiRequest("POST", "/api/tickets", {}) })
      .execute(undefined)
      .catch(() => {});
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
