/** The lines `npm run preflight` and `npm run smoke` print: one per check. */

/** ok; fail; wait: needs what only the first deploy makes; skip: an earlier check failed. */
export type Status = "ok" | "fail" | "wait" | "skip";

export interface CheckLine {
  name: string;
  status: Status;
  message: string;
}

export function formatLine(line: CheckLine): string {
  return `${line.status.toUpperCase().padEnd(4)}  ${line.name}: ${line.message}`;
}

/** A run passes when nothing failed or was skipped; waiting for the first deploy is fine. */
export function passed(lines: CheckLine[]): boolean {
  return lines.every((line) => line.status === "ok" || line.status === "wait");
}
