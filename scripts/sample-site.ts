/**
 * The sample site's zip (docs/sample-site/, docs/hosting.md): `npm run sample-site -- <file>`
 * writes it for uploading on the console; tests and the `hosting` bench build it in memory.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { zipSync } from "fflate";

export const SAMPLE_SITE_DIR = fileURLToPath(new URL("../docs/sample-site/", import.meta.url));

/** The site's files by their path in the deployment (its README is for people, not served). */
export function sampleSiteFiles(dir = SAMPLE_SITE_DIR): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const relative = path.relative(dir, full).split(path.sep).join("/");
    if (relative === "README.md") continue;
    files[relative] = new Uint8Array(readFileSync(full));
  }
  return files;
}

export function sampleSiteZip(): Uint8Array {
  return zipSync(sampleSiteFiles(), { level: 9 });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const out = process.argv[2] ?? "sample-site.zip";
  const zip = sampleSiteZip();
  writeFileSync(out, zip);
  console.log(`Wrote ${out} (${zip.length} bytes): upload it on a site's Deployments panel.`);
}
