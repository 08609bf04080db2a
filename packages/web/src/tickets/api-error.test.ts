import { describe, expect, it } from "vitest";
import { parseApiError } from "./api-error";

describe("parseApiError", () => {
  it("reads the status, message and field messages of our error body", () => {
    const body = {
      error: {
        code: "validation_failed",
        message: "Bad",
        fields: { siteId: "Choose one of your own sites" },
      },
    };
    expect(parseApiError(new Error(`400: ${JSON.stringify(body)}`))).toEqual({
      status: 400,
      message: "Bad",
      fields: { siteId: "Choose one of your own sites" },
    });
  });

  it("keeps only the status when the body is not ours", () => {
    expect(parseApiError(new Error("502: Bad Gateway"))).toEqual({
      status: 502,
      message: null,
      fields: {},
    });
    expect(parseApiError(new TypeError("Failed to fetch"))).toEqual({
      status: null,
      message: null,
      fields: {},
    });
  });
});
