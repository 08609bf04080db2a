/** GET /api/sites/{id}/uptime: a site's monitoring summary and 30-day history (docs/monitoring.md). */
import * as z from "zod";

const incidentSchema = z.object({
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  reason: z.string(),
});

export const siteUptimeSchema = z.object({
  siteId: z.string(),
  /** Whether the site is checked at all: only live sites with an address are. */
  monitored: z.boolean(),
  /** Good checks over all checks of the last 30 days, in percent; null before any check. */
  uptime30d: z.number().nullable(),
  lastCheck: z
    .object({
      at: z.string(),
      ok: z.boolean(),
      status: z.number().nullable(),
      responseMs: z.number().nullable(),
      error: z.string().nullable(),
    })
    .nullable(),
  /** The incident in progress, if any. */
  openIncident: incidentSchema.nullable(),
  lastIncident: incidentSchema.nullable(),
  certificate: z.object({ expiresAt: z.string(), daysLeft: z.number().int() }).nullable(),
  /** One entry per UTC day, oldest first; days without checks have checks = 0. */
  days: z.array(
    z.object({
      day: z.string(),
      checks: z.number().int(),
      failures: z.number().int(),
      uptime: z.number().nullable(),
      avgResponseMs: z.number().nullable(),
    }),
  ),
});

export type SiteUptime = z.infer<typeof siteUptimeSchema>;
export type UptimeIncident = z.infer<typeof incidentSchema>;
