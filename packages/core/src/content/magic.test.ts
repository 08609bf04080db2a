import { describe, expect, it } from "vitest";
import type { ContentType } from "../contracts/content";
import { matchesType } from "./magic";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === "string" ? [...Buffer.from(part, "utf8")] : part)),
  );

const samples: Record<ContentType, Uint8Array> = {
  "image/png": bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  "image/jpeg": bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16]),
  "image/webp": bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 "),
  "image/svg+xml": bytes('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'),
  "application/pdf": bytes("%PDF-1.7\n"),
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": bytes(
    [0x50, 0x4b, 0x03, 0x04],
    "[Content_Types].xml",
  ),
  "text/plain": bytes("Opening hours: Mon–Fri 9–17\n"),
  "application/zip": bytes([0x50, 0x4b, 0x03, 0x04, 20, 0]),
};

describe("matchesType", () => {
  it("accepts each type's own first bytes", () => {
    for (const [type, sample] of Object.entries(samples)) {
      expect(matchesType(type as ContentType, sample), type).toBe(true);
    }
  });

  it("refuses a PDF declared as a PNG, and a PNG declared as a JPEG", () => {
    expect(matchesType("image/png", samples["application/pdf"])).toBe(false);
    expect(matchesType("image/jpeg", samples["image/png"])).toBe(false);
    expect(matchesType("image/webp", bytes("RIFF", [0, 0, 0, 0], "WAVEfmt "))).toBe(false);
  });

  it("refuses binary content declared as text or SVG", () => {
    expect(matchesType("text/plain", samples["image/png"])).toBe(false);
    expect(matchesType("image/svg+xml", samples["image/png"])).toBe(false);
    expect(matchesType("image/svg+xml", bytes("<html><script>alert(1)</script>"))).toBe(false);
  });

  it("accepts text whose sample ends inside a multi-byte character", () => {
    const text = Buffer.from("café ünïcode", "utf8");
    expect(matchesType("text/plain", new Uint8Array(text.subarray(0, 4)))).toBe(true);
  });

  it("accepts an SVG after a comment and a doctype", () => {
    const svg = bytes('<!-- logo --><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" ""><svg>');
    expect(matchesType("image/svg+xml", svg)).toBe(true);
  });
});
