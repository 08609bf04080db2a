/** How the console writes names, durations and ages. Pure, so each rule has its unit test. */

/** "Ada Lovelace", else the email, else a placeholder. */
export function customerName(
  customer: { firstName: string | null; lastName: string | null; email: string } | null,
): string {
  if (!customer) return "Unknown customer";
  const name = [customer.firstName, customer.lastName].filter(Boolean).join(" ").trim();
  return name || customer.email;
}

/** Minutes as a team reads them: "45 min", "3 h 10 min", "2 d 4 h"; "—" when unknown. */
export function formatMinutes(minutes: number | null | undefined): string {
  if (minutes == null || !Number.isFinite(minutes)) return "—";
  const total = Math.max(0, Math.round(minutes));
  if (total < 60) return `${total} min`;
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  if (days > 0) return hours ? `${days} d ${hours} h` : `${days} d`;
  const rest = total % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/** Made at first use, as Intl formatters are costly to make (ticket-badges.tsx). */
let relative: Intl.RelativeTimeFormat | undefined;
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];

/** "3 days ago", "5 minutes ago", "now"; "" for an unreadable date. */
export function formatAge(iso: string | null, now = Date.now()): string {
  if (!iso) return "";
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return "";
  const elapsed = now - at;
  const step = STEPS.find(([, size]) => Math.abs(elapsed) >= size);
  if (!step) return "just now";
  relative ??= new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });
  return relative.format(-Math.round(elapsed / step[1]), step[0]);
}
