/**
 * The text of a PDF as Chromium prints it (the monthly report's PDF, docs/reports.md), for
 * tests: no PDF library is a dependency, and Chromium's output is regular. Its text is drawn
 * with Type0 fonts whose glyph codes map to characters through each font's ToUnicode CMap;
 * content streams are Flate-compressed. This reads the objects, inflates the streams, follows
 * each page's fonts, and decodes every hex string the pages show (Chromium shows text only as
 * such). Positioning is not kept: callers compare text with the whitespace taken out.
 */
import { unzlibSync } from "fflate";

interface PdfObject {
  dict: string;
  stream?: Uint8Array;
}

function objects(pdf: Uint8Array): Map<number, PdfObject> {
  const text = Buffer.from(pdf).toString("latin1");
  const found = new Map<number, PdfObject>();
  const header = /(\d+) 0 obj\s*/g;
  for (let match = header.exec(text); match; match = header.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf("endobj", start);
    if (end < 0) break;
    const body = text.slice(start, end);
    const streamAt = body.indexOf("stream");
    if (streamAt >= 0 && body.slice(0, streamAt).includes("<<")) {
      const dict = body.slice(0, streamAt);
      let dataStart = start + streamAt + "stream".length;
      if (text[dataStart] === "\r") dataStart += 1;
      if (text[dataStart] === "\n") dataStart += 1;
      const dataEnd = text.lastIndexOf("endstream", end);
      let raw = pdf.subarray(dataStart, dataEnd);
      if (/\/FlateDecode/.test(dict)) raw = unzlibSync(raw);
      found.set(Number(match[1]), { dict, stream: raw });
    } else {
      found.set(Number(match[1]), { dict: body });
    }
    header.lastIndex = end;
  }
  return found;
}

const ref = (value: string | undefined) => (value ? Number(value) : undefined);

/** A CMap's code → text, from its bfchar and bfrange sections. */
function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const hexText = (hex: string) =>
    String.fromCodePoint(
      ...(hex.match(/.{4}/g) ?? []).map((h) => Number.parseInt(h, 16)).filter((c) => c > 0),
    );
  for (const section of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const pair of (section[1] ?? "").matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      map.set(Number.parseInt(pair[1] ?? "", 16), hexText(pair[2] ?? ""));
    }
  }
  for (const section of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    const body = section[1] ?? "";
    for (const range of body.matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(?:<([0-9a-fA-F]+)>|\[([^\]]*)\])/g,
    )) {
      const from = Number.parseInt(range[1] ?? "", 16);
      const to = Number.parseInt(range[2] ?? "", 16);
      if (range[3]) {
        const base = Number.parseInt(range[3], 16);
        for (let code = from; code <= to; code++)
          map.set(code, String.fromCodePoint(base + code - from));
      } else {
        const targets = [...(range[4] ?? "").matchAll(/<([0-9a-fA-F]+)>/g)].map((t) => t[1] ?? "");
        for (const [i, target] of targets.entries()) map.set(from + i, hexText(target));
      }
    }
  }
  return map;
}

export function pdfText(pdf: Uint8Array): string {
  const all = objects(pdf);
  const dictOf = (value: string, key: string): string => {
    // An inline dictionary (<< … >>, one level of nesting) or a reference to one.
    const at = value.indexOf(`/${key}`);
    if (at < 0) return "";
    const rest = value.slice(at + key.length + 1).trimStart();
    const indirect = /^(\d+) 0 R/.exec(rest);
    if (indirect) return all.get(Number(indirect[1]))?.dict ?? "";
    let depth = 0;
    for (let i = 0; i < rest.length; i++) {
      if (rest.startsWith("<<", i)) depth += 1;
      if (rest.startsWith(">>", i)) {
        depth -= 1;
        if (depth === 0) return rest.slice(0, i + 2);
      }
    }
    return "";
  };
  const fontMaps = new Map<number, Map<number, string>>();
  const fontMap = (objectNumber: number) => {
    let map = fontMaps.get(objectNumber);
    if (!map) {
      const font = all.get(objectNumber)?.dict ?? "";
      const cmap = all.get(ref(/\/ToUnicode (\d+) 0 R/.exec(font)?.[1]) ?? -1)?.stream;
      map = cmap ? toUnicode(Buffer.from(cmap).toString("latin1")) : new Map();
      fontMaps.set(objectNumber, map);
    }
    return map;
  };

  const pages = [...all.values()].filter((o) => /\/Type\s*\/Page\b/.test(o.dict));
  const out: string[] = [];
  for (const page of pages) {
    const fonts = new Map<string, number>();
    const fontDict = dictOf(dictOf(page.dict, "Resources"), "Font");
    for (const entry of fontDict.matchAll(/\/([\w.+-]+)\s+(\d+) 0 R/g)) {
      fonts.set(entry[1] ?? "", Number(entry[2]));
    }
    const contents = /\/Contents\s*(\[[^\]]*\]|\d+ 0 R)/.exec(page.dict)?.[1] ?? "";
    for (const part of contents.matchAll(/(\d+) 0 R/g)) {
      const stream = all.get(Number(part[1]))?.stream;
      if (!stream) continue;
      const content = Buffer.from(stream).toString("latin1");
      let current = new Map<number, string>();
      // Chromium places glyphs one by one (Td/Tm between them) and draws spaces as glyphs:
      // only the end of a text object (ET) is taken as a break.
      const tokens = /\/([\w.+-]+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]*)>|\b(ET)\b/g;
      for (const token of content.matchAll(tokens)) {
        if (token[1] !== undefined) {
          current = fontMap(fonts.get(token[1]) ?? -1);
        } else if (token[2] !== undefined) {
          const codes = token[2].match(/.{4}/g) ?? [];
          out.push(codes.map((c) => current.get(Number.parseInt(c, 16)) ?? "").join(""));
        } else {
          out.push("\n");
        }
      }
    }
  }
  return out.join("");
}

/** Text without any whitespace, for comparisons that must not depend on how lines broke. */
export const compact = (text: string) => text.replace(/\s+/g, "");
