/**
 * Which Chromium runs outside Lambda. CHROMIUM_PATH if set; otherwise the headless shell that
 * @sparticuz/chromium ships for Lambda, unpacked once per version together with the libraries
 * and fonts it runs with there, so local runs, CI and Lambda drive one browser and a new machine
 * needs no system Chromium (README, "Run it").
 */
import { spawn } from "node:child_process";
import { createReadStream, createWriteStream, existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createBrotliDecompress } from "node:zlib";

/** Debian's Chromium: used only where @sparticuz/chromium has no build (see localChromium). */
export const SYSTEM_CHROMIUM_PATH = "/usr/bin/chromium";

export interface LocalChromium {
  executablePath: string;
  /**
   * The browser process's whole environment: this process's plus what the binary needs
   * (puppeteer and Playwright replace the environment rather than add to it).
   */
  env: Record<string, string>;
  /** Where it came from: the caller's CHROMIUM_PATH, Lambda's build, or the system's. */
  source: "CHROMIUM_PATH" | "@sparticuz/chromium" | "system";
  /** Lambda's build is the headless shell; puppeteer launches that with `headless: "shell"`. */
  headlessShell: boolean;
}

export interface LocalChromiumOptions {
  /** The machine, if not this one (tests ask for an arm64 one). */
  platform?: NodeJS.Platform;
  arch?: string;
  /** Where the unpacked builds live (tests use a fresh folder); defaults to the OS temp dir. */
  cacheDir?: string;
  /** The system Chromium to fall back on (tests point it at a file that is not there). */
  systemChromium?: string;
}

const sparticuzBin = (): string => {
  const entry = createRequire(import.meta.url).resolve("@sparticuz/chromium");
  return path.join(path.dirname(entry), "..", "bin");
};

/** @sparticuz/chromium's version: its major is the Chromium major (puppeteer-core matches it). */
export function sparticuzVersion(): string {
  const pkg = path.join(sparticuzBin(), "..", "package.json");
  return (JSON.parse(readFileSync(pkg, "utf8")) as { version: string }).version;
}

export async function localChromium(
  env: NodeJS.ProcessEnv = process.env,
  options: LocalChromiumOptions = {},
): Promise<LocalChromium> {
  if (env.CHROMIUM_PATH) {
    return {
      executablePath: env.CHROMIUM_PATH,
      env: childEnv(),
      source: "CHROMIUM_PATH",
      headlessShell: false,
    };
  }
  const platform = options.platform ?? process.platform;
  const arch = options.arch ?? process.arch;
  // The npm package carries an x86-64 Linux build only (arm64 comes as a separate download).
  if (platform === "linux" && arch === "x64") {
    const dir = await unpackSparticuz(options.cacheDir ?? os.tmpdir());
    const libs = path.join(dir, "lib");
    return {
      executablePath: path.join(dir, "chromium"),
      env: childEnv({
        // Lambda's Chromium links the NSS and expat libraries of Amazon Linux 2023; the archive
        // carries them, so nothing has to be installed beside it.
        LD_LIBRARY_PATH: process.env.LD_LIBRARY_PATH
          ? `${libs}:${process.env.LD_LIBRARY_PATH}`
          : libs,
        // The fonts Lambda renders with, so screenshots and Lighthouse look the same here.
        FONTCONFIG_PATH: path.join(dir, "fontconfig"),
      }),
      source: "@sparticuz/chromium",
      headlessShell: true,
    };
  }
  const system = options.systemChromium ?? SYSTEM_CHROMIUM_PATH;
  if (existsSync(system)) {
    return { executablePath: system, env: childEnv(), source: "system", headlessShell: false };
  }
  throw new Error(
    `No Chromium for ${platform}/${arch}: @sparticuz/chromium ships a linux/x64 build only, and ` +
      `${system} does not exist. Set CHROMIUM_PATH to a Chromium or Chrome binary.`,
  );
}

/** This process's environment, defined values only, with `extra` on top. */
export function childEnv(extra: Record<string, string> = {}): Record<string, string> {
  const inherited = Object.entries(process.env).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );
  return { ...Object.fromEntries(inherited), ...extra };
}

const unpacking = new Map<string, Promise<string>>();

/**
 * Unpacks Lambda's Chromium into `<cacheDir>/sparticuz-chromium-<version>` once. Several
 * processes may start at once (test workers, the local stack), so each unpacks into a folder of
 * its own and renames it into place; the folder therefore exists only complete, and whoever
 * renames second drops its copy.
 */
function unpackSparticuz(cacheDir: string): Promise<string> {
  const target = path.join(cacheDir, `sparticuz-chromium-${sparticuzVersion()}`);
  let pending = unpacking.get(target);
  if (!pending) {
    pending = unpackSparticuzInto(target).catch((error: unknown) => {
      unpacking.delete(target);
      throw error;
    });
    unpacking.set(target, pending);
  }
  return pending;
}

/** Unpacks into `target` unless a complete copy is there (unpackSparticuz says how). */
export async function unpackSparticuzInto(target: string): Promise<string> {
  if (existsSync(path.join(target, "chromium"))) return target;
  const bin = sparticuzBin();
  const staging = await mkdtemp(`${target}.partial-`);
  try {
    // Settled, not all(): the folder is removed below only once nothing writes into it any more.
    const unpacked = await Promise.allSettled([
      pipeline(
        createReadStream(path.join(bin, "chromium.br")),
        createBrotliDecompress(),
        createWriteStream(path.join(staging, "chromium"), { mode: 0o755 }),
      ),
      // SwiftShader's GL libraries sit next to the binary, where Chromium looks for them.
      untar(path.join(bin, "swiftshader.tar.br"), staging),
      untar(path.join(bin, "al2023.tar.br"), staging), // lib/
      untar(path.join(bin, "fonts.tar.br"), path.join(staging, "fontconfig")),
    ]);
    const failed = unpacked.find((r): r is PromiseRejectedResult => r.status === "rejected");
    if (failed) throw failed.reason;
    // The archive's fonts.conf names Lambda's folders; this one names the unpacked fonts.
    const fonts = path.join(target, "fontconfig");
    await writeFile(
      path.join(staging, "fontconfig", "fonts.conf"),
      `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n` +
        `  <dir>${fonts}/fonts</dir>\n  <cachedir>${fonts}/cache</cachedir>\n</fontconfig>\n`,
    );
    try {
      await rename(staging, target);
    } catch (error) {
      if (!existsSync(path.join(target, "chromium"))) throw error;
    }
    return target;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** A brotli-compressed tarball into a folder, through the system's tar (Linux only, as above). */
async function untar(archive: string, into: string): Promise<void> {
  await mkdir(into, { recursive: true });
  const tar = spawn("tar", ["-x", "-C", into], { stdio: ["pipe", "ignore", "pipe"] });
  let stderr = "";
  tar.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    tar.once("error", reject);
    tar.once("close", resolve);
  });
  // tar may stop reading at the archive's end marker, before the padding after it: a write
  // that then fails (EPIPE, "premature close") is no failure when tar itself succeeded.
  const fed = await pipeline(createReadStream(archive), createBrotliDecompress(), tar.stdin).then(
    () => undefined,
    (error: Error) => error,
  );
  const code = await exited;
  if (code !== 0) {
    throw new Error(`tar could not unpack ${archive} (exit ${code}): ${stderr || fed?.message}`);
  }
}
