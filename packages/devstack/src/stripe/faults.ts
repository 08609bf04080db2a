/**
 * Faults of the emulator's REST API, for tests (docs/operations.md, "When a dependency
 * fails"): for a share of the calls, or the next N, optionally only under one path, Stripe
 * answers 500, answers 429 with Retry-After, or does the work and never answers (the case
 * idempotency keys exist for). Set with POST /__emulator/faults, cleared with DELETE.
 */
import type { ServerResponse } from "node:http";
import * as z from "zod";
import { FaultSwitch, faultLimits } from "../faults";
import { json } from "./http-answers";

export const stripeFaultSchema = faultLimits.extend({
  /** error: a 500; rate_limit: a 429 with Retry-After; hang: served, but no answer is sent. */
  kind: z.enum(["error", "rate_limit", "hang"]),
  /** Only calls whose path starts with this ("/v1/checkout/sessions"); omitted: every /v1 call. */
  path: z.string().startsWith("/v1/").optional(),
  method: z.enum(["GET", "POST", "DELETE"]).optional(),
  retryAfterSeconds: z.number().int().positive().default(2),
});
export type StripeFault = z.infer<typeof stripeFaultSchema>;

export class StripeFaults extends FaultSwitch<StripeFault> {
  /** Answers the hung calls are withholding, let go (as a dropped connection) on stop. */
  private readonly hung = new Set<ServerResponse>();

  /** The fault for this call, if it is one to fail. */
  forCall(method: string, path: string): StripeFault | undefined {
    return this.take(
      (rule) =>
        (!rule.method || rule.method === method) && (!rule.path || path.startsWith(rule.path)),
    );
  }

  /**
   * Answers the call as the fault says. For `hang` it answers nothing: the caller runs `serve`
   * (the work is done, as when Stripe's answer is lost on the way) and its answer is dropped.
   */
  answer(fault: StripeFault, res: ServerResponse): "answered" | "hang" {
    if (fault.kind === "error") {
      json(res, 500, {
        error: { type: "api_error", message: "Local fault: Stripe had an internal error." },
      });
      return "answered";
    }
    if (fault.kind === "rate_limit") {
      res.setHeader("retry-after", String(fault.retryAfterSeconds));
      json(res, 429, {
        error: {
          type: "invalid_request_error",
          code: "rate_limit",
          message: "Local fault: too many requests hit the API too quickly.",
        },
      });
      return "answered";
    }
    this.hung.add(res);
    res.on("close", () => this.hung.delete(res));
    // Whatever the route writes goes nowhere; the caller's own timeout ends the call.
    res.writeHead = (() => res) as unknown as ServerResponse["writeHead"];
    res.end = (() => res) as unknown as ServerResponse["end"];
    return "hang";
  }

  /** Drops the connections of hung calls (the emulator is stopping). */
  releaseHung() {
    for (const res of this.hung) res.destroy();
    this.hung.clear();
  }
}
