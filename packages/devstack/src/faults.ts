/**
 * Fault injection for the local stand-ins (docs/operations.md, "When a dependency fails"):
 * off by default; a test switches one on through its stand-in's control endpoint, and the
 * stand-in answers the service's own error for a share of the matching calls, for a number of
 * calls or until the fault is cleared.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import * as z from "zod";
import { errorJson, sendJson } from "./http-io";

/** What every fault has: how many of the matching calls fail, and for how long. */
export const faultLimits = z.object({
  /**
   * The share of matching calls that fail, 0 < share <= 1. Spread evenly, not at random
   * (share 0.5 fails every other call), so a test's outcome does not depend on luck.
   */
  share: z.number().gt(0).max(1).default(1),
  /** Failed calls after which the fault switches itself off; omitted: until cleared. */
  times: z.number().int().positive().optional(),
});

/** One stand-in's current fault: which calls it takes, and how many it has failed so far. */
export class FaultSwitch<Rule extends z.infer<typeof faultLimits>> {
  private rule: Rule | undefined;
  private seen = 0;
  private failed = 0;

  set(rule: Rule) {
    this.rule = rule;
    this.seen = 0;
    this.failed = 0;
  }

  clear() {
    this.rule = undefined;
  }

  state() {
    return { fault: this.rule ?? null, matched: this.seen, failed: this.failed };
  }

  /** The fault if this call is one to fail; `matches` says whether the call is in its scope. */
  take(matches: (rule: Rule) => boolean): Rule | undefined {
    const rule = this.rule;
    if (!rule || !matches(rule)) return undefined;
    this.seen += 1;
    // Call n fails when it carries the running total of shares past a whole number.
    const due =
      Math.floor(this.seen * rule.share + 1e-9) > Math.floor((this.seen - 1) * rule.share + 1e-9);
    if (!due) return undefined;
    this.failed += 1;
    if (rule.times !== undefined && this.failed >= rule.times) this.rule = undefined;
    return rule;
  }
}

/**
 * The control endpoint of one stand-in's faults: POST sets the fault (a JSON body the schema
 * checks), DELETE clears it, GET answers it and how many calls it has failed.
 */
export function faultControl<Rule extends z.infer<typeof faultLimits>>(
  faults: FaultSwitch<Rule>,
  schema: z.ZodType<Rule>,
) {
  return async (req: IncomingMessage, res: ServerResponse, subPath: string, body: Buffer) => {
    if (subPath !== "/" && subPath !== "") {
      return sendJson(res, 404, errorJson("not_found", "Not found"));
    }
    if (req.method === "GET") return sendJson(res, 200, faults.state());
    if (req.method === "DELETE") {
      faults.clear();
      return sendJson(res, 200, faults.state());
    }
    if (req.method !== "POST") {
      return sendJson(res, 405, errorJson("method_not_allowed", "Use GET, POST or DELETE"));
    }
    let input: unknown;
    try {
      input = JSON.parse(body.toString("utf8") || "{}");
    } catch {
      return sendJson(res, 400, errorJson("invalid_json", "The body is not JSON"));
    }
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      const fields = Object.fromEntries(
        parsed.error.issues.map((issue) => [issue.path.join(".") || "(body)", issue.message]),
      );
      return sendJson(res, 400, errorJson("invalid_fault", "The fault is not valid", fields));
    }
    faults.set(parsed.data);
    return sendJson(res, 200, faults.state());
  };
}
