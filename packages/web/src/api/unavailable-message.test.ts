import { describe, expect, it } from "vitest";
import { ApiError, unavailableMessage } from "./api-error";

const body = (code: string, message: string) => JSON.stringify({ error: { code, message } });

describe("unavailableMessage", () => {
  it("answers the server's message of a 503, which the billing cards and ticket form show", () => {
    const error = new ApiError(503, body("temporarily_unavailable", "Nothing was saved."));
    expect(unavailableMessage(error)).toBe("Nothing was saved.");
  });

  it("answers nothing for other failures, so their own generic line is shown", () => {
    expect(unavailableMessage(new ApiError(500, body("internal", "Internal")))).toBeUndefined();
    expect(unavailableMessage(new ApiError(503, "<html>gateway</html>"))).toBeUndefined();
    expect(unavailableMessage(new Error("network"))).toBeUndefined();
  });
});
