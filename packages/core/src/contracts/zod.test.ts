/**
 * zod/mini loads no locale: contracts/zod.ts sets English, so a check without a message of its
 * own says what classic zod said. This file imports nothing of classic zod, which would set
 * English by itself and hide a missing setting.
 */
import { describe, expect, it } from "vitest";
import * as z from "./zod";

const firstMessage = (schema: z.ZodMiniType, input: unknown) => {
  const result = z.safeParse(schema, input);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe("zod as the contracts use it", () => {
  it("gives classic zod's English messages where a schema sets none", () => {
    expect(firstMessage(z.object({ name: z.string() }), {})).toBe(
      "Invalid input: expected string, received undefined",
    );
    expect(firstMessage(z.string().check(z.minLength(2)), "a")).toBe(
      "Too small: expected string to have >=2 characters",
    );
    expect(firstMessage(z.number().check(z.int()), 1.5)).toBe(
      "Invalid input: expected int, received number",
    );
    expect(firstMessage(z.enum(["a", "b"]), "c")).toBe('Invalid option: expected one of "a"|"b"');
  });

  it("keeps a schema's own message", () => {
    expect(firstMessage(z.string().check(z.minLength(1, "Title is required")), "")).toBe(
      "Title is required",
    );
  });
});
