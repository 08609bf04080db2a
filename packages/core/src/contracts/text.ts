/**
 * Text that is text (docs/security.md): the one rule every free-text field of every request
 * contract uses. A NUL byte, an escape sequence or another control character is never typed
 * by a person; lone UTF-16 surrogates cannot be written as UTF-8 (DynamoDB stores UTF-8, and
 * e-mail, CSV exports and logs break on them). Both are refused with a message naming the
 * field, before anything is stored.
 *
 * - Tab is allowed everywhere; line breaks only in multi-line fields, where "\r\n" and a lone
 *   "\r" become "\n", so stored text has one kind of line break.
 * - Single-line fields refuse line breaks, including U+2028 and U+2029.
 * - Text is trimmed first (unless told not to), so a line break pasted at either end of a
 *   single-line field is dropped rather than refused.
 *
 * Imported by the web bundle too: zod only.
 */
import * as z from "./zod";

export interface TextOptions {
  /** Line breaks allowed (descriptions, messages, notes). Default: one line. */
  multiline?: boolean;
  /** Trim surrounding whitespace before checking. Default: true (not for passwords). */
  trim?: boolean;
  /** The message when the value is not a string at all (missing, a number…). */
  error?: string;
}

export type TextProblem = "control" | "lineBreak" | "malformed";

/**
 * C0 and C1 control characters (Unicode category Cc: U+0000-U+001F, U+007F-U+009F) except
 * tab, line feed and carriage return: anything neither outside Cc nor one of those three.
 */
const CONTROL = /[^\P{Cc}\t\n\r]/u;
const LINE_BREAK = /[\n\r\u2028\u2029]/;
/** A surrogate code unit on its own; with the u flag, a well-formed pair is one code point. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Every UTF-16 surrogate is part of a pair. `isWellFormed` where the runtime has it (Node 20+). */
export function isWellFormedText(value: string): boolean {
  const native = (value as { isWellFormed?: () => boolean }).isWellFormed;
  return typeof native === "function" ? native.call(value) : !LONE_SURROGATE.test(value);
}

/** "\r\n" and a lone "\r" → "\n". */
export function normalizeLineBreaks(value: string): string {
  return value.replace(/\r\n?/g, "\n");
}

/**
 * What is wrong with a value as text, or undefined when nothing is. A multi-line value is
 * expected with its line breaks already normalised (a carriage return left in it is refused).
 */
export function textProblem(value: string, { multiline = false } = {}): TextProblem | undefined {
  if (!isWellFormedText(value)) return "malformed";
  if (multiline ? /[\r]/.test(value) || CONTROL.test(value) : CONTROL.test(value)) {
    return "control";
  }
  if (!multiline && LINE_BREAK.test(value)) return "lineBreak";
  return undefined;
}

/** The field message for a problem: names the field, says what to do. */
export function textMessage(label: string, problem: TextProblem): string {
  switch (problem) {
    case "malformed":
      return `${label} cannot contain damaged characters (often left by copy and paste); please retype the text`;
    case "control":
      return `${label} cannot contain invisible control characters; please remove them`;
    case "lineBreak":
      return `${label} must be on a single line`;
  }
}

/**
 * The check on its own, for schemas that are more than a string (`z.url()`, a string piped
 * into a transform): `.check(z.superRefine(textCheck("Image URL")))`.
 */
export function textCheck(label: string, options: Pick<TextOptions, "multiline"> = {}) {
  return (value: string, ctx: z.core.$RefinementCtx) => {
    const problem = textProblem(value, options);
    if (problem) ctx.addIssue({ code: "custom", message: textMessage(label, problem) });
  };
}

/**
 * A free-text field: a string, trimmed, line breaks normalised when multi-line, and refused
 * (with a message naming `label`) when it holds control characters, a line break it may not
 * have, or lone surrogates. Add the field's own length checks and messages with `.check()`;
 * its message comes first, so a person fixes the characters before the length.
 *
 *   title: text("Title").check(z.minLength(1, "Title is required"), z.maxLength(200, "…"))
 *   description: text("Description", { multiline: true }).check(z.maxLength(2000, "…"))
 */
export function text(label: string, options: TextOptions = {}) {
  const { multiline = false, trim = true } = options;
  let schema = z.string({ error: options.error ?? `${label} must be text` });
  if (trim) schema = schema.check(z.trim());
  if (multiline) schema = schema.check(z.overwrite(normalizeLineBreaks));
  return schema.check(z.superRefine(textCheck(label, { multiline })));
}
