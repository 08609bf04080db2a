/**
 * One folder for everything the infra suite synthesises (synth.ts): each App's cloud assembly
 * (about 40 MB with its assets) goes under it, and it is removed when the suite ends. CDK's own
 * default, a new `cdk.out*` folder in the system's temp folder per App, was never removed: a
 * full `npm test` left 86 of them (3.2 GB) behind, and repeated runs filled a 250 GB disk.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export const INFRA_OUT_ENV = "PORTAL_INFRA_OUT";

export default function setup() {
  const dir = mkdtempSync(path.join(tmpdir(), "portal-infra-"));
  // Set before the workers start, so they inherit it.
  process.env[INFRA_OUT_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
