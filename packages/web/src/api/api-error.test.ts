import { describe, expect, it } from "vitest";
import { ApiError } from "./api-error";

describe("ApiError", () => {
  it("keeps the spec's 'STATUS: text' message and reads our error body once", () => {
    const body = {
      error: {
        code: "validation_failed",
        message: "Bad",
        fields: { siteId: "Choose one of your own sites" },
        requestId: "r1",
      },
    };
    const error = new ApiError(400, JSON.stringify(body));
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe(`400: ${JSON.stringify(body)}`);
    expect(error.status).toBe(400);
    expect(error.code).toBe("validation_failed");
    expect(error.detail).toBe("Bad");
    expect(error.fields).toEqual({ siteId: "Choose one of your own sites" });
  });

  it("keeps only the status when the body is not ours", () => {
    for (const text of ["Bad Gateway", "<html>502</html>", '{"error":"nope"}', "[1]", "null"]) {
      const error = new ApiError(502, text);
      expect(error.message).toBe(`502: ${text}`);
      expect([error.status, error.code, error.detail, error.fields]).toEqual([502, null, null, {}]);
    }
  });

  it("drops field messages that are not strings", () => {
    const text = JSON.stringify({ error: { code: "x", message: "m", fields: { a: "A", b: 3 } } });
    expect(new ApiError(400, text).fields).toEqual({ a: "A" });
  });

  it("reads a response's body, or its status text when it has none", async () => {
    const withBody = await ApiError.fromResponse(
      Response.json({ error: { code: "conflict", message: "Taken" } }, { status: 409 }),
    );
    expect([withBody.status, withBody.code, withBody.detail]).toEqual([409, "conflict", "Taken"]);
    const empty = await ApiError.fromResponse(
      new Response(null, { status: 503, statusText: "Service Unavailable" }),
    );
    expect(empty.message).toBe("503: Service Unavailable");
  });

  it("from() answers only for an ApiError, whatever another error's message says", () => {
    const error = new ApiError(404, "Not Found");
    expect(ApiError.from(error)).toBe(error);
    expect(ApiError.from(new Error("404: Not Found"))).toBeUndefined();
    expect(ApiError.from(new TypeError("Failed to fetch"))).toBeUndefined();
    expect(ApiError.from("404: Not Found")).toBeUndefined();
  });
});
