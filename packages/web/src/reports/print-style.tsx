/**
 * The report's print stylesheet (docs/reports.md): the portal's header, side navigation and the
 * page's own buttons are left out, and the report runs in one column across the page; the
 * headline figures stay a compact grid of three.
 */
export function ReportPrintStyle() {
  return (
    <style>{`
@media print {
  header, aside, nav, [data-print="hide"] { display: none !important; }
  main { padding: 0 !important; }
  body { background: white !important; }
  .report-columns { display: block !important; }
  .report-columns > * { margin-bottom: 8px; break-inside: avoid; }
  .report-tiles { grid-template-columns: repeat(3, minmax(0, 1fr)) !important; }
  .report-tiles > * { break-inside: avoid; }
  .report-section { break-inside: avoid; box-shadow: none !important; }
}`}</style>
  );
}
