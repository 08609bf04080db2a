/** The dashboard's four figures from a customer's records (rules in contracts/dashboard.ts). */
import type { DashboardStats } from "../contracts/dashboard";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface StatsInput {
  user: { createdAt: string } | undefined;
  sites: ReadonlyArray<{
    status: string;
    performanceScore?: number | null;
    /** Offline since the subscription ended (docs/billing.md): not an active site. */
    suspendedAt?: string | null;
  }>;
  tickets: ReadonlyArray<{ status: string }>;
}

export function computeStats({ user, sites, tickets }: StatsInput, now: Date): DashboardStats {
  const scores = sites
    .map((site) => site.performanceScore)
    .filter((score): score is number => typeof score === "number" && Number.isFinite(score));
  const created = user ? Date.parse(user.createdAt) : Number.NaN;
  return {
    activeSites: sites.filter((site) => site.status === "live" && !site.suspendedAt).length,
    avgPerformance:
      scores.length === 0
        ? null
        : Math.round(scores.reduce((sum, score) => sum + score, 0) / scores.length),
    openTickets: tickets.filter((t) => t.status === "open" || t.status === "in_progress").length,
    // A clock a little behind the record's timestamp must not make it negative.
    daysActive: Number.isNaN(created)
      ? 0
      : Math.max(0, Math.floor((now.getTime() - created) / DAY_MS)),
  };
}
