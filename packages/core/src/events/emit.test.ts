import { afterEach, describe, expect, it, vi } from "vitest";
import { MissingBindingError } from "../adapters/bindings";

const sendEvent = vi.hoisted(() => vi.fn());
vi.mock("../adapters/events", () => ({ sendEvent }));

const { emit, isTransientSendError } = await import("./emit");

const event = { type: "ticket.replied", userId: "user_1" } as never;

afterEach(() => {
  sendEvent.mockReset();
  vi.restoreAllMocks();
});

/** An error as the AWS SDK throws it for an HTTP answer. */
function sdkError(name: string, status: number, retryable = false) {
  return Object.assign(new Error(name), {
    name,
    $metadata: { httpStatusCode: status },
    ...(retryable ? { $retryable: {} } : {}),
  });
}

describe("emit", () => {
  it("throws when the function lacks the events:send grant, rather than dropping the event", async () => {
    sendEvent.mockRejectedValue(
      new MissingBindingError("events", "Queue.Events.queueUrl", ["events:send"]),
    );
    await expect(emit(event)).rejects.toThrow(/events:send/);
  });

  it("throws when the queue refuses the send (access denied, no such queue)", async () => {
    sendEvent.mockRejectedValue(sdkError("AccessDenied", 403));
    await expect(emit(event)).rejects.toThrow("AccessDenied");
    sendEvent.mockRejectedValue(sdkError("QueueDoesNotExist", 400));
    await expect(emit(event)).rejects.toThrow("QueueDoesNotExist");
  });

  it("logs and drops a send that failed for a passing reason: the write already happened", async () => {
    const log = vi.spyOn(process.stdout, "write").mockReturnValue(true);
    for (const error of [
      sdkError("InternalError", 500),
      sdkError("RequestThrottled", 400),
      sdkError("ServiceUnavailable", 503, true),
      Object.assign(new Error("connect ECONNREFUSED"), { $metadata: {} }),
    ]) {
      sendEvent.mockRejectedValueOnce(error);
      await expect(emit(event)).resolves.toBeUndefined();
    }
    expect(log).toHaveBeenCalledTimes(4);
    expect(String(log.mock.calls[0]?.[0])).toContain('"msg":"domain event not sent"');
  });

  it("tells passing failures from lasting ones", () => {
    expect(isTransientSendError(sdkError("AccessDeniedException", 403))).toBe(false);
    expect(isTransientSendError(sdkError("ThrottlingException", 400))).toBe(true);
    expect(isTransientSendError(new Error("socket hang up"))).toBe(true);
  });
});
