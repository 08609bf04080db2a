import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { type Zippable, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOSTING_LIMITS } from "./enums";
import type { Limits } from "./zip-archive";
import { nameRefusal, openZip, ZipRefusal } from "./zip-archive";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "zip-archive-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const page = (text: string) => new TextEncoder().encode(`<!doctype html><title>${text}</title>`);
let count = 0;
async function zipFile(files: Zippable | Uint8Array): Promise<{ file: string; bytes: number }> {
  const data = files instanceof Uint8Array ? files : zipSync(files, { level: 6 });
  count += 1;
  const file = path.join(dir, `${count}.zip`);
  await writeFile(file, data);
  return { file, bytes: data.length };
}

async function unpacked(files: Zippable, limits: Limits = HOSTING_LIMITS) {
  const { file, bytes } = await zipFile(files);
  const zip = await openZip(file, bytes, limits);
  const out: Record<string, string> = {};
  try {
    await zip.unpack(async (entry, body) => {
      out[entry.path] = (await buffer(body)).toString("utf8");
    });
  } finally {
    zip.close();
  }
  return { plan: zip.plan, files: out };
}

async function refusal(
  files: Zippable | Uint8Array,
  limits: Limits = HOSTING_LIMITS,
): Promise<string> {
  const { file, bytes } = await zipFile(files);
  try {
    const zip = await openZip(file, bytes, limits);
    try {
      await zip.unpack(async (_entry, body) => {
        await buffer(body);
      });
    } finally {
      zip.close();
    }
  } catch (error) {
    if (error instanceof ZipRefusal) return error.message;
    throw error;
  }
  throw new Error("The zip was accepted");
}

describe("openZip", () => {
  it("unpacks a site at the zip's root, noting its 404 page", async () => {
    const { plan, files } = await unpacked({
      "index.html": page("Home"),
      "404.html": page("Lost"),
      css: { "site.css": new TextEncoder().encode("body{}") },
    });
    expect(Object.keys(files).sort()).toEqual(["404.html", "css/site.css", "index.html"]);
    expect(files["index.html"]).toContain("Home");
    expect(plan.hasNotFoundPage).toBe(true);
    expect(plan.unpackedBytes).toBe(Object.values(files).join("").length);
  });

  it("takes a single top folder for the root", async () => {
    const { plan, files } = await unpacked({
      "dist/index.html": page("Home"),
      "dist/about/index.html": page("About"),
    });
    expect(Object.keys(files).sort()).toEqual(["about/index.html", "index.html"]);
    expect(plan.hasNotFoundPage).toBe(false);
  });

  it("refuses a zip without a home page at its root", async () => {
    expect(await refusal({ "about.html": page("About") })).toMatch(/no index\.html at its root/);
    expect(await refusal({ "a/index.html": page("A"), "b/index.html": page("B") })).toMatch(
      /no index\.html/,
    );
  });

  it.each([
    ["../evil.html", /contains "\.\."/],
    ["a/../../evil.html", /contains "\.\."/],
    ["/etc/passwd", /is absolute/],
    ["C:/evil.html", /is absolute/],
    ["a\\b.html", /backslash/],
    ["bad\u0007name.html", /control character/],
  ])("refuses the path %j", async (name, reason) => {
    expect(await refusal({ "index.html": page("Home"), [name]: page("x") })).toMatch(reason);
  });

  it("refuses a symbolic link", async () => {
    const link: Zippable = {
      "index.html": page("Home"),
      "passwd.html": [
        new TextEncoder().encode("/etc/passwd"),
        { os: 3, attrs: (0o120777 << 16) >>> 0 },
      ],
    };
    expect(await refusal(link)).toMatch(/symbolic link/);
  });

  it("refuses names that differ only in case", async () => {
    expect(
      await refusal({
        "index.html": page("Home"),
        "About.html": page("A"),
        "about.html": page("a"),
      }),
    ).toMatch(/About\.html and about\.html differ only in case/);
  });

  it("refuses too many files, or too many bytes unpacked, from the directory alone", async () => {
    const files: Zippable = { "index.html": page("Home") };
    for (let i = 0; i < 5; i += 1) files[`p${i}.html`] = page(String(i));
    expect(await refusal(files, { ...HOSTING_LIMITS, files: 5 })).toMatch(/more than 5 files/);
    expect(await refusal(files, { ...HOSTING_LIMITS, unpackedBytes: 100 })).toMatch(/larger than/);
  });

  it("refuses a zip over the size limit before opening it", async () => {
    expect(
      await refusal({ "index.html": page("Home") }, { ...HOSTING_LIMITS, zipBytes: 10 }),
    ).toMatch(/The zip is larger than/);
  });

  it("refuses an entry compressed over 100 to 1 (a zip bomb)", async () => {
    const zeros = new Uint8Array(4 * 1024 * 1024);
    expect(await refusal({ "index.html": page("Home"), "big.bin": zeros })).toMatch(/zip bomb/);
  });

  it("stops a bomb that lies about its size in the directory", async () => {
    const zeros = new Uint8Array(4 * 1024 * 1024);
    const data = zipSync({ "index.html": page("Home"), "big.bin": zeros }, { level: 9 });
    // Declare big.bin 1,000 bytes in its local header and in the central directory.
    const view = new DataView(data.buffer);
    const name = new TextEncoder().encode("big.bin");
    for (let at = 0; at < data.length - 4; at += 1) {
      const signature = view.getUint32(at, true);
      const [sizeAt, nameAt] =
        signature === 0x04034b50 ? [22, 30] : signature === 0x02014b50 ? [24, 46] : [0, 0];
      if (!sizeAt) continue;
      const here = data.subarray(at + nameAt, at + nameAt + name.length);
      if (here.every((byte, i) => byte === name[i])) view.setUint32(at + sizeAt, 1000, true);
    }
    expect(await refusal(data)).toMatch(/more than its zip says/);
  });

  it("refuses a file that is no zip", async () => {
    expect(await refusal(new TextEncoder().encode("not a zip at all"))).toMatch(
      /not a readable zip/,
    );
  });
});

describe("nameRefusal", () => {
  it("accepts ordinary names", () => {
    for (const name of ["index.html", "a/b c/d.png", "ü.html", ".well-known/security.txt"]) {
      expect(nameRefusal(name), name).toBeUndefined();
    }
  });
});
