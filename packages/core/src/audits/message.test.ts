import { describe, expect, it } from "vitest";
import { auditJobMessage, auditJobMessageSchema } from "./message";

describe("the audit job message", () => {
  it("carries the kind and the job's keys, which the worker's schema reads back", () => {
    const message = auditJobMessage("lighthouse", { userId: "user_2abc", jobId: "01JABC" });
    expect(message).toEqual({ kind: "lighthouse", userId: "user_2abc", jobId: "01JABC" });
    expect(auditJobMessageSchema.parse(JSON.parse(JSON.stringify(message)))).toEqual({
      userId: "user_2abc",
      jobId: "01JABC",
    });
  });

  it("is not sent without a job id: the worker would refuse it", () => {
    expect(() => auditJobMessage("seo", { userId: "user_2abc", jobId: "" })).toThrow();
  });
});
