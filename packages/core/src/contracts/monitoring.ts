/** GET /api/sites/{id}/uptime: a site's monitoring summary and 30-day history (docs/monitoring.md). */
import * as z from "./zod";

const incidentSchema = z.object({
  startedAt: z.string(),
  endedAt: z.nullable(z.string()),
  reason: z.string(),
});

export const siteUptimeSchema = z.object({
  siteId: z.string(),
  /** Whether the site is checked at all: only live sites with an address are. */
  monitored: z.boolean(),
  /** Good checks over all checks of the last 30 days, in percent; null before any check. */
  uptime30d: z.nullable(z.number()),
  lastCheck: z.nullable(
    z.object({
      at: z.string(),
      ok: z.boolean(),
      status: z.nullable(z.number()),
      responseMs: z.nullable(z.number()),
      error: z.nullable(z.string()),
    }),
  ),
  /** The incident in progress, if any. */
  openIncident: z.nullable(incidentSchema),
  lastIncident: z.nullable(incidentSchema),
  certificate: z.nullable(z.object({ expiresAt: z.string(), daysLeft: z.number().check(z.int()) })),
  /** One entry per UTC day, oldest first; days without checks have checks = 0. */
  days: z.array(
    z.object({
      day: z.string(),
      checks: z.number().check(z.int()),
      failures: z.number().check(z.int()),
      uptime: z.nullable(z.number()),
      avgResponseMs: z.nullable(z.number()),
    }),
  ),
});

export type SiteUptime = z.infer<typeof siteUptimeSchema>;
export type UptimeIncident = z.infer<typeof incidentSchema>;
