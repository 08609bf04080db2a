/**
 * Does an upload's content start the way its declared type does? The first bytes of the
 * object ("magic numbers") against the type the customer declared (docs/content.md,
 * "What is checked"). An object failing this is deleted, whatever its name or header says.
 */
import type { ContentType } from "../contracts/content";

/** How many bytes of the object the check reads. */
export const SNIFF_BYTES = 1024;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length &&
  signature.every((value, index) => bytes[offset + index] === value);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const PDF = ascii("%PDF-");
/** A zip's first local file header; an empty zip is only its end record. */
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP = [0x50, 0x4b, 0x05, 0x06];

/** UTF-8 text without NUL bytes; the sample may end inside a character. */
function isText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  const decoder = new TextDecoder("utf-8", { fatal: true });
  // A multi-byte character cut by the sample's end is up to 3 bytes: try without them.
  for (let cut = 0; cut <= Math.min(3, bytes.length); cut++) {
    try {
      decoder.decode(bytes.subarray(0, bytes.length - cut));
      return true;
    } catch {}
  }
  return false;
}

function isSvg(bytes: Uint8Array): boolean {
  if (!isText(bytes)) return false;
  const text = new TextDecoder().decode(bytes).replace(/^\uFEFF/, "");
  // An SVG document opens with an XML declaration, a comment or doctype, or <svg itself.
  return /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(text);
}

export function matchesType(contentType: ContentType, bytes: Uint8Array): boolean {
  switch (contentType) {
    case "image/png":
      return startsWith(bytes, PNG);
    case "image/jpeg":
      return startsWith(bytes, JPEG);
    case "image/webp":
      return startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8);
    case "application/pdf":
      return startsWith(bytes, PDF);
    case "application/zip":
      return startsWith(bytes, ZIP) || startsWith(bytes, EMPTY_ZIP);
    case "application/vnd.openxmlformats-officedocument.wordprocessingml.document":
      // A .docx is a zip whose first entry is [Content_Types].xml (or _rels/, word/…).
      return startsWith(bytes, ZIP);
    case "image/svg+xml":
      return isSvg(bytes);
    case "text/plain":
      return isText(bytes);
  }
}
