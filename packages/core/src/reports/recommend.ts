/**
 * "What we recommend next": one line from simple rules over the built report, the most urgent
 * first (docs/reports.md, "The recommendation"). Pure.
 */
import type { MonthlyReport } from "../contracts/reports";
import { CERT_WARNING_DAYS } from "../monitoring/rules";

/** Below this uptime, outages come before anything else. */
export const UPTIME_TARGET = 99.5;
/** A fall of the performance score by this many points within the month is worth acting on. */
export const PERFORMANCE_DROP_POINTS = 5;
/** Under this performance score the site is slow whatever its trend. */
export const PERFORMANCE_FLOOR = 50;
/** A fall of visitors by this percentage against the month before. */
export const VISITOR_DROP_PERCENT = 20;

export type RecommendationInput = Pick<
  MonthlyReport,
  "uptime" | "certificate" | "lighthouse" | "seo" | "traffic" | "hasData"
>;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function recommend(report: RecommendationInput): string {
  const { uptime, certificate, lighthouse, seo, traffic } = report;
  if (!report.hasData) {
    return "Nothing was measured this month: make sure the site is live and its analytics snippet is installed.";
  }
  if (certificate && certificate.daysLeft <= CERT_WARNING_DAYS) {
    return certificate.daysLeft < 0
      ? "The site's certificate has expired: renew it now, visitors see a security warning."
      : `Renew the site's certificate: it expires in ${plural(certificate.daysLeft, "day")}.`;
  }
  if (uptime.percent !== null && uptime.percent < UPTIME_TARGET) {
    return `Look into the ${plural(uptime.incidents.length, "outage")} behind ${uptime.percent}% uptime with the hosting team.`;
  }
  const errors = seo?.openIssues.filter((issue) => issue.type === "error") ?? [];
  if (errors.length > 0) {
    return `Fix the ${plural(errors.length, "SEO error")}, starting with "${errors[0]?.title}".`;
  }
  if (
    lighthouse.performanceChange !== null &&
    lighthouse.performanceChange <= -PERFORMANCE_DROP_POINTS
  ) {
    return `Performance fell by ${-lighthouse.performanceChange} points this month: review the images and scripts added lately.`;
  }
  if (lighthouse.latest && lighthouse.latest.performance < PERFORMANCE_FLOOR) {
    return `Speed the site up: its performance score is ${lighthouse.latest.performance}; start with the Lighthouse opportunities.`;
  }
  if (traffic.visitorsChange !== null && traffic.visitorsChange <= -VISITOR_DROP_PERCENT) {
    return `Visitors fell by ${-traffic.visitorsChange}%: publish fresh content or a promotion to bring them back.`;
  }
  if (!lighthouse.latest) {
    return "Run a Lighthouse test of the site so next month's report can show its speed.";
  }
  if (seo && seo.openIssues.length > 0) {
    return `Work through the ${plural(seo.openIssues.length, "SEO warning")} to lift the SEO score of ${seo.score}.`;
  }
  return "All healthy: keep the content fresh, and ask us about a new page or feature.";
}
