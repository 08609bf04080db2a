/**
 * `npm run bench`: figures a person can compare between commits. Each section measures one
 * thing and prints a small table. To add a section, write `scripts/bench/<name>.ts` exporting
 * `{ name, description, run }` and add one line to `sections` below. Run one section with
 * `npm run bench -- <name>`.
 *
 * Each section runs in a process of its own: a local stack binds its ports into `sst/node` and
 * the AWS clients when the handlers are first imported, so a second stack in the same process
 * would talk to the first one's closed ports.
 */
import { spawnSync } from "node:child_process";
import { analyticsBench } from "./bench/analytics";
import { apiBench } from "./bench/api";
import { auditsBench } from "./bench/audit-queue";
import { bundlesBench } from "./bench/bundles";
import { coldBench } from "./bench/cold";
import { hostingBench } from "./bench/hosting";
import { loadBench } from "./bench/load";
import { signedInBench } from "./bench/signed-in";
import { staffBench } from "./bench/staff";
import { webBench } from "./bench/web";
import { writesBench } from "./bench/writes";

interface BenchSection {
  name: string;
  description: string;
  run(): Promise<void>;
}

/** One line per section, in the order `npm run bench` runs them. */
const sections: BenchSection[] = [
  apiBench,
  bundlesBench,
  webBench,
  analyticsBench,
  auditsBench,
  staffBench,
  loadBench,
  coldBench,
  signedInBench,
  hostingBench,
  writesBench,
];
sections.push((await import("./bench/reports")).reportsBench);

const only = process.argv.slice(2);
const unknown = only.filter((name) => !sections.some((s) => s.name === name));
if (unknown.length > 0) {
  console.error(
    `Unknown section(s): ${unknown.join(", ")}. Sections: ${sections.map((s) => s.name).join(", ")}`,
  );
  process.exit(1);
}
const selected = sections.filter((s) => only.length === 0 || only.includes(s.name));
if (selected.length === 1 && selected[0]) {
  const section = selected[0];
  console.log(`\n## ${section.name}: ${section.description}`);
  const t0 = performance.now();
  await section.run();
  console.log(`(${((performance.now() - t0) / 1000).toFixed(1)} s)`);
} else {
  let failed = 0;
  for (const section of selected) {
    const child = spawnSync(
      process.execPath,
      [...process.execArgv, import.meta.filename, section.name],
      {
        stdio: "inherit",
      },
    );
    if (child.status !== 0) {
      failed += 1;
      console.error(`(section ${section.name} failed with exit code ${child.status})`);
    }
  }
  process.exitCode = failed > 0 ? 1 : 0;
}
