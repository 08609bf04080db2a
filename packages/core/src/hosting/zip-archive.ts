/**
 * Reading a deployment's zip safely (docs/hosting.md "What a zip may hold"). The central
 * directory is read first, in full, before one byte is unpacked: names, counts, declared sizes
 * and ratios are checked there, so most refusals cost no decompression at all. Unpacking then
 * counts the bytes it really gets: yauzl stops an entry that inflates past its declared size,
 * and the running totals stop the zip the moment it passes a limit, so a bomb that lies in its
 * directory is cut short rather than unpacked first.
 */
import type { Readable } from "node:stream";
import yauzl, { type Entry, type ZipFile } from "yauzl";
import { HOSTING_LIMITS } from "./enums";

/** A refusal, with the reason in words the team sees on the deployment. */
export class ZipRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ZipRefusal";
  }
}

export interface ZipFileEntry {
  /** The file's path inside the deployment, after the root folder (if any) is taken off. */
  path: string;
  /** Its name in the zip. */
  zipName: string;
  bytes: number;
  entry: Entry;
}

export interface ZipPlan {
  files: ZipFileEntry[];
  unpackedBytes: number;
  hasNotFoundPage: boolean;
}

const MB = 1024 * 1024;
/** Below this size an entry's ratio says nothing (a small text file can compress 200:1). */
const RATIO_FLOOR_BYTES = 1 * MB;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const UNIX = 3;

/** The limits a zip is held to (HOSTING_LIMITS; tests pass smaller ones). */
export type Limits = { [Key in keyof typeof HOSTING_LIMITS]: number };

function open(file: string): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(
      file,
      // Names are decoded and checked here (nameOf), with our own words for each refusal.
      { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, autoClose: false },
      (error, zip) => (error ? reject(notAZip(error)) : resolve(zip)),
    ),
  );
}

function notAZip(error: Error): ZipRefusal {
  return new ZipRefusal(`This file is not a readable zip archive (${error.message})`);
}

/** The entry's name, decoded as the zip says (UTF-8 flag or the Info-ZIP Unicode path field). */
function nameOf(entry: Entry): string {
  const raw = entry as Entry & { fileNameRaw: Buffer; extraFields: { id: number; data: Buffer }[] };
  // strict: a backslash stays a backslash, so that it is refused rather than taken for a folder.
  return yauzl.getFileNameLowLevel(
    entry.generalPurposeBitFlag,
    raw.fileNameRaw,
    raw.extraFields,
    true,
  );
}

function isSymlink(entry: Entry): boolean {
  return (
    entry.versionMadeBy >> 8 === UNIX &&
    ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK
  );
}

/** Why a name may not be a path in a deployment, or undefined when it may. */
export function nameRefusal(name: string): string | undefined {
  if ([...name].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) {
    return `The path ${JSON.stringify(name)} contains a control character`;
  }
  if (name.includes("\\")) return `The path ${name} contains a backslash`;
  if (name.startsWith("/") || /^[a-zA-Z]:/.test(name)) return `The path ${name} is absolute`;
  if (name.split("/").some((part) => part === ".." || part === ".")) {
    return `The path ${name} contains "..": files must stay inside the site`;
  }
  if (name.length > HOSTING_LIMITS.pathLength) {
    return `The path ${name.slice(0, 60)}… is longer than ${HOSTING_LIMITS.pathLength} characters`;
  }
  return undefined;
}

/** Every entry of the central directory, checked one by one as it is read. */
async function readDirectory(zip: ZipFile, zipBytes: number, limits: Limits) {
  const entries: { name: string; entry: Entry }[] = [];
  let declared = 0;
  await new Promise<void>((resolve, reject) => {
    const fail = (error: Error) => reject(error instanceof ZipRefusal ? error : notAZip(error));
    zip.on("error", fail);
    zip.on("end", () => resolve());
    zip.on("entry", (entry: Entry) => {
      try {
        const name = nameOf(entry);
        // Without the UTF-8 flag a name is CP437, which draws control bytes as symbols.
        const raw = (entry as Entry & { fileNameRaw: Buffer }).fileNameRaw;
        const refusal = raw.some((byte) => byte < 0x20 || byte === 0x7f)
          ? `The path ${JSON.stringify(raw.toString("latin1"))} contains a control character`
          : nameRefusal(name);
        if (refusal) throw new ZipRefusal(refusal);
        if (isSymlink(entry))
          throw new ZipRefusal(`${name} is a symbolic link, which a site may not contain`);
        if (entry.isEncrypted()) throw new ZipRefusal(`${name} is encrypted`);
        if (!name.endsWith("/")) {
          entries.push({ name, entry });
          if (entries.length > limits.files) {
            throw new ZipRefusal(
              `The zip holds more than ${limits.files.toLocaleString("en-US")} files`,
            );
          }
          declared += entry.uncompressedSize;
          if (declared > limits.unpackedBytes) throw new ZipRefusal(unpackedTooLarge(limits));
          if (
            entry.uncompressedSize > RATIO_FLOOR_BYTES &&
            entry.uncompressedSize > entry.compressedSize * limits.compressionRatio
          ) {
            throw new ZipRefusal(bombMessage(name, limits));
          }
        }
        zip.readEntry();
      } catch (error) {
        fail(error as Error);
      }
    });
    zip.readEntry();
  });
  if (declared > RATIO_FLOOR_BYTES && declared > zipBytes * limits.compressionRatio) {
    throw new ZipRefusal(bombMessage("The zip", limits));
  }
  return entries;
}

const unpackedTooLarge = (limits: Limits) =>
  `The files unpacked are larger than ${limits.unpackedBytes / MB} MB`;
const bombMessage = (name: string, limits: Limits) =>
  `${name} unpacks to more than ${limits.compressionRatio} times its compressed size (a zip bomb?)`;

/**
 * The deployment's files: the zip's, under its root (the zip's top level, or its single top
 * folder when everything is in one), which must hold index.html. Names that differ only in
 * case are refused: S3 would keep both, a visitor's browser and most file systems would not.
 */
export function planFiles(entries: { name: string; entry: Entry }[]): ZipPlan {
  const ignored = (name: string) => name.startsWith("__MACOSX/") || /(^|\/)\.DS_Store$/.test(name);
  const kept = entries.filter(({ name }) => !ignored(name));
  let root = "";
  if (!kept.some(({ name }) => name === "index.html")) {
    const tops = new Set(kept.map(({ name }) => name.split("/")[0]));
    const [top] = tops;
    if (tops.size === 1 && top && kept.every(({ name }) => name.includes("/"))) {
      root = `${top}/`;
    }
  }
  if (!kept.some(({ name }) => name === `${root}index.html`)) {
    throw new ZipRefusal(
      "The zip has no index.html at its root (or in its single top folder): the site needs a home page",
    );
  }
  const seen = new Map<string, string>();
  const files: ZipFileEntry[] = [];
  let unpackedBytes = 0;
  for (const { name, entry } of kept) {
    if (!name.startsWith(root)) continue;
    const path = name.slice(root.length);
    const folded = path.toLowerCase();
    const other = seen.get(folded);
    if (other !== undefined) {
      throw new ZipRefusal(`${other} and ${path} differ only in case: rename one of them`);
    }
    seen.set(folded, path);
    files.push({ path, zipName: name, bytes: entry.uncompressedSize, entry });
    unpackedBytes += entry.uncompressedSize;
  }
  return { files, unpackedBytes, hasNotFoundPage: files.some((file) => file.path === "404.html") };
}

export interface OpenedZip {
  plan: ZipPlan;
  /**
   * Streams each planned file's bytes to `write`, one file at a time in zip order, at most
   * `parallel` writes in flight. Stops at the first refusal (a file inflating past its declared
   * size, or the totals passing a limit) and rejects with it.
   */
  unpack(
    write: (file: ZipFileEntry, body: Readable) => Promise<void>,
    options?: { parallel?: number },
  ): Promise<void>;
  close(): void;
}

/** Opens and checks a zip on disk; rejects with a ZipRefusal saying what is wrong. */
export async function openZip(
  file: string,
  zipBytes: number,
  limits: Limits = HOSTING_LIMITS,
): Promise<OpenedZip> {
  if (zipBytes > limits.zipBytes) {
    throw new ZipRefusal(`The zip is larger than ${limits.zipBytes / MB} MB`);
  }
  const zip = await open(file);
  try {
    const plan = planFiles(await readDirectory(zip, zipBytes, limits));
    return {
      plan,
      close: () => zip.close(),
      async unpack(write, options = {}) {
        const parallel = options.parallel ?? 8;
        let total = 0;
        const inFlight = new Set<Promise<void>>();
        let failure: unknown;
        for (const file of plan.files) {
          if (failure) break;
          const stream = await openStream(zip, file.entry);
          let bytes = 0;
          stream.on("data", (chunk: Buffer) => {
            bytes += chunk.length;
            total += chunk.length;
            if (total > limits.unpackedBytes)
              stream.destroy(new ZipRefusal(unpackedTooLarge(limits)));
          });
          const task = write(file, stream).then(
            () => {
              inFlight.delete(task);
              if (bytes !== file.bytes)
                failure ??= notAZip(new Error(`${file.zipName} is damaged`));
            },
            (error: unknown) => {
              inFlight.delete(task);
              failure ??= refusalOf(error, file.zipName);
            },
          );
          inFlight.add(task);
          if (inFlight.size >= parallel) await Promise.race(inFlight);
        }
        await Promise.all(inFlight);
        if (failure) throw failure;
      },
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}

function openStream(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) =>
      error ? reject(notAZip(error)) : resolve(stream),
    ),
  );
}

/** yauzl's "too many bytes in the stream" is a bomb lying about its size: say so. */
function refusalOf(error: unknown, name: string): unknown {
  if (error instanceof ZipRefusal) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/too many bytes|expected .* bytes/i.test(message)) {
    return new ZipRefusal(`${name} unpacks to more than its zip says (a zip bomb?): refused`);
  }
  if (
    /invalid|unexpected end|incorrect header|zip/i.test(message) &&
    !/S3|Access|network/i.test(message)
  ) {
    return notAZip(error as Error);
  }
  return error;
}
