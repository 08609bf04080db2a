/**
 * The monthly report as one self-contained HTML document for the PDF (docs/reports.md): one
 * column, its own styles, no images, no scripts, nothing loaded from anywhere. Pure.
 */
import type { MonthlyReport } from "../contracts/reports";
import { longDate, longMonth } from "../long-date";
import { escapeHtml } from "../notifications/render";
import { describeChange, describeFigure, incidentDuration } from "./words";

const e = escapeHtml;

function rows(items: readonly string[][], empty: string): string {
  if (items.length === 0) return `<p class="empty">${e(empty)}</p>`;
  return `<table>${items
    .map((cells) => `<tr>${cells.map((c) => `<td>${e(c)}</td>`).join("")}</tr>`)
    .join("")}</table>`;
}

export function pdfHtmlOf(
  report: MonthlyReport,
  options: { productName: string; note: string | null },
): string {
  const { uptime, traffic, lighthouse, seo, work } = report;
  const month = longMonth(report.month);
  const tiles: [string, string, string][] = [
    [
      "Uptime",
      describeFigure(uptime.percent, "%"),
      describeChange(uptime.percent, uptime.previousPercent, "points"),
    ],
    [
      "Visitors",
      describeFigure(traffic.visitors),
      describeChange(traffic.visitors, traffic.previousVisitors, "percent"),
    ],
    [
      "Page views",
      describeFigure(traffic.pageViews),
      describeChange(traffic.pageViews, traffic.previousPageViews, "percent"),
    ],
    [
      "Performance",
      describeFigure(lighthouse.latest?.performance ?? null),
      lighthouse.performanceChange === null
        ? ""
        : `${lighthouse.performanceChange >= 0 ? "+" : ""}${lighthouse.performanceChange} this month`,
    ],
    [
      "SEO score",
      describeFigure(seo?.score ?? null),
      seo ? `${seo.openIssues.length} open issues` : "",
    ],
  ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${e(`${report.siteName}: ${month}`)}</title>
<style>
  * { box-sizing: border-box; }
  body { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; color: #18181b; font-size: 11pt; line-height: 1.45; margin: 0; }
  header { border-bottom: 3px solid #4338ca; padding-bottom: 8px; margin-bottom: 16px; }
  header .product { color: #4338ca; font-weight: 700; font-size: 10pt; letter-spacing: .04em; text-transform: uppercase; }
  h1 { font-size: 20pt; margin: 4px 0 0; }
  h2 { font-size: 13pt; margin: 20px 0 6px; color: #3730a3; break-after: avoid; }
  .note { background: #eef2ff; border-left: 4px solid #4338ca; padding: 8px 12px; margin: 12px 0; white-space: pre-wrap; }
  .tiles { display: grid; grid-template-columns: repeat(5, 1fr); gap: 8px; }
  .tile { border: 1px solid #e4e4e7; border-radius: 6px; padding: 8px; break-inside: avoid; }
  .tile .label { font-size: 8.5pt; color: #52525b; }
  .tile .value { font-size: 14pt; font-weight: 700; }
  .tile .change { font-size: 8.5pt; color: #52525b; min-height: 1em; }
  .recommend { margin-top: 14px; padding: 10px 12px; border: 1px solid #c7d2fe; border-radius: 6px; break-inside: avoid; }
  table { width: 100%; border-collapse: collapse; font-size: 10pt; }
  td { border-bottom: 1px solid #e4e4e7; padding: 4px 6px 4px 0; vertical-align: top; }
  td:last-child { text-align: right; white-space: nowrap; }
  .empty { color: #52525b; font-style: italic; margin: 0; }
  section { break-inside: avoid; }
  footer { margin-top: 24px; font-size: 8.5pt; color: #52525b; }
</style></head>
<body>
<header><div class="product">${e(options.productName)} · Monthly report</div>
<h1>${e(report.siteName)}: ${e(month)}</h1></header>
${options.note ? `<div class="note">${e(options.note)}</div>` : ""}
${report.hasData ? "" : `<p class="empty">Nothing was measured for this site in ${e(month)}: no uptime checks, visits, audits or work are stored for it.</p>`}
<div class="tiles">${tiles
    .map(
      ([label, value, changeText]) =>
        `<div class="tile"><div class="label">${e(label)}</div><div class="value">${e(value)}</div><div class="change">${e(changeText)}</div></div>`,
    )
    .join("")}</div>
<div class="recommend"><strong>What we recommend next:</strong> ${e(report.recommendation)}</div>
<section><h2>Uptime and certificate</h2>
<p>${uptime.checks.toLocaleString("en-US")} checks, ${uptime.failures.toLocaleString("en-US")} failed${uptime.avgResponseMs === null ? "" : `; average response ${uptime.avgResponseMs} ms`}.
${report.certificate ? ` Certificate expires ${e(longDate(report.certificate.expiresAt))} (${report.certificate.daysLeft} days).` : " No certificate seen."}</p>
${rows(
  uptime.incidents.map((i) => [longDate(i.startedAt), i.reason, incidentDuration(i)]),
  "No incidents this month.",
)}</section>
<section><h2>Top pages</h2>${rows(
    traffic.topPages.map((p) => [p.key, p.count.toLocaleString("en-US")]),
    "No page views recorded.",
  )}</section>
<section><h2>Top referrers</h2>${rows(
    traffic.topReferrers.map((p) => [p.key, p.count.toLocaleString("en-US")]),
    "No referrers recorded.",
  )}</section>
<section><h2>Lighthouse this month</h2>${rows(
    lighthouse.trend.map((p) => [
      `${longDate(p.at)} (${p.strategy})`,
      `Performance ${p.performance} · Accessibility ${p.accessibility} · Best practices ${p.bestPractices} · SEO ${p.seo}`,
    ]),
    "No Lighthouse run this month.",
  )}</section>
<section><h2>SEO</h2>${
    seo
      ? rows(
          seo.openIssues.map((i) => [i.title, `${i.type} · ${i.impact} impact`]),
          "No open issues.",
        )
      : `<p class="empty">No SEO analysis this month.</p>`
  }</section>
<section><h2>Our work</h2>${rows(
    [
      ...work.ticketsResolved.map((t) => [`Ticket resolved: ${t.title}`, longDate(t.resolvedAt)]),
      ...work.upgrades.map((u) => [`Upgrade: ${u.title}`, longDate(u.at)]),
      ...work.siteChanges.map((c) => [c.description, longDate(c.at)]),
    ],
    "No tickets, upgrades or site changes this month.",
  )}</section>
<footer>Figures from the portal's own uptime checks, analytics and audits for ${e(month)} (UTC).</footer>
</body></html>`;
}
