import { describe, expect, it } from "vitest";
import { isWellFormedText, normalizeLineBreaks, text, textMessage, textProblem } from "./text";
import * as z from "./zod";

const LONE_HIGH = "\uD83D";
const LONE_LOW = "\uDE00";

describe("what counts as text", () => {
  it("takes letters of any script, emoji and tabs", () => {
    for (const value of [
      "Ada's Bakery",
      "Café Zürich",
      "東京 · Ελλάδα · עברית",
      "👩‍🍳🥐",
      "a\tb",
    ]) {
      expect(textProblem(value), value).toBeUndefined();
      expect(textProblem(value, { multiline: true }), value).toBeUndefined();
    }
  });

  it("refuses NUL, escape and the other C0 and C1 control characters", () => {
    for (const code of [0x00, 0x01, 0x07, 0x08, 0x0b, 0x0c, 0x1b, 0x1f, 0x7f, 0x85, 0x9f]) {
      const value = `a${String.fromCharCode(code)}b`;
      expect(textProblem(value), code.toString(16)).toBe("control");
      expect(textProblem(value, { multiline: true }), code.toString(16)).toBe("control");
    }
  });

  it("refuses line breaks in single-line fields only", () => {
    for (const value of ["a\nb", "a\r\nb", "a\rb", "a\u2028b", "a\u2029b"]) {
      expect(textProblem(value), JSON.stringify(value)).toBe("lineBreak");
    }
    expect(textProblem("a\nb", { multiline: true })).toBeUndefined();
  });

  it("refuses lone surrogates, high or low, anywhere; a pair is one character", () => {
    for (const value of [LONE_HIGH, LONE_LOW, `x${LONE_LOW}${LONE_HIGH}y`, `${LONE_HIGH}a`]) {
      expect(isWellFormedText(value)).toBe(false);
      expect(textProblem(value)).toBe("malformed");
      expect(textProblem(value, { multiline: true })).toBe("malformed");
    }
    expect(isWellFormedText(`${LONE_HIGH}${LONE_LOW}`)).toBe(true);
  });

  it("writes every line break as \\n", () => {
    expect(normalizeLineBreaks("a\r\nb\rc\nd")).toBe("a\nb\nc\nd");
  });
});

describe("the shared text schema", () => {
  const title = text("Title").check(
    z.minLength(1, "Title is required"),
    z.maxLength(10, "Title is too long"),
  );
  const body = text("Description", { multiline: true }).check(z.maxLength(20, "Too long"));

  const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.success ? undefined : result.error?.issues[0]?.message;

  it("trims, and keeps the field's own rules", () => {
    expect(title.parse("  Hello  ")).toBe("Hello");
    expect(firstMessage(title.safeParse("   "))).toBe("Title is required");
    expect(firstMessage(title.safeParse("x".repeat(11)))).toBe("Title is too long");
    // A line break pasted at either end is trimmed away, not refused.
    expect(title.parse("Hello\r\n")).toBe("Hello");
  });

  it("refuses what is not text with a message naming the field, before its length", () => {
    expect(firstMessage(title.safeParse("Hi\u0000there"))).toBe(textMessage("Title", "control"));
    expect(firstMessage(title.safeParse(`${LONE_HIGH}${"x".repeat(20)}`))).toBe(
      textMessage("Title", "malformed"),
    );
    expect(firstMessage(title.safeParse("Two\nlines"))).toBe("Title must be on a single line");
    expect(firstMessage(body.safeParse(`${LONE_LOW}`))).toBe(
      "Description cannot contain damaged characters (often left by copy and paste); please retype the text",
    );
    expect(firstMessage(body.safeParse("bell\u0007"))).toBe(
      "Description cannot contain invisible control characters; please remove them",
    );
    expect(firstMessage(title.safeParse(42))).toBe("Title must be text");
  });

  it("keeps line breaks of multi-line fields, as \\n", () => {
    expect(body.parse("one\r\ntwo\rthree")).toBe("one\ntwo\nthree");
  });

  it("leaves a value untrimmed when told (passwords)", () => {
    expect(text("Password", { trim: false }).parse(" secret ")).toBe(" secret ");
  });
});
