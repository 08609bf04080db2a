/** Calendar months (UTC) as the monthly report names them: "YYYY-MM". */
import { monthSchema } from "../contracts/reports";
import { ValidationError } from "../errors";

const DAY_MS = 86_400_000;

export interface MonthBounds {
  month: string;
  /** The first moment of the month. */
  start: Date;
  /** The first moment of the next month (exclusive bound). */
  end: Date;
  firstDay: string;
  lastDay: string;
}

/** A month from a request or a job's input; a clear error for anything else. */
export function parseMonth(value: string): string {
  const parsed = monthSchema.safeParse(value);
  if (!parsed.success) throw new ValidationError(`Not a month: "${value}" (use YYYY-MM)`);
  return parsed.data;
}

export function monthBounds(month: string): MonthBounds {
  const [year, m] = parseMonth(month).split("-").map(Number) as [number, number];
  const start = new Date(Date.UTC(year, m - 1, 1));
  const end = new Date(Date.UTC(year, m, 1));
  return {
    month,
    start,
    end,
    firstDay: start.toISOString().slice(0, 10),
    lastDay: new Date(end.getTime() - DAY_MS).toISOString().slice(0, 10),
  };
}

export function monthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

export function addMonths(month: string, delta: number): string {
  const { start } = monthBounds(month);
  return monthOf(new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + delta, 1)));
}

/** The month before the one `now` is in: what the job on the first of a month reports. */
export function lastCompleteMonth(now: Date): string {
  return addMonths(monthOf(now), -1);
}

/** Months from `first` to `last` inclusive, newest first; at most `limit`. */
export function monthsBetween(first: string, last: string, limit: number): string[] {
  const months: string[] = [];
  for (let m = last; m >= first && months.length < limit; m = addMonths(m, -1)) months.push(m);
  return months;
}
