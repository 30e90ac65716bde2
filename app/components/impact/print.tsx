/**
 * The print stylesheet of the impact reports (issue 55): the page alone,
 * without the site's header, footer and buttons, on A4 or US Letter, each
 * section kept whole. Inline: only these pages need it (the CSP allows
 * inline styles), and the report prints from the browser ("Save as PDF").
 */
const printCss = `
@page { margin: 12mm; }
@media print {
  body > :not(main) { display: none !important; }
  .print-hidden { display: none !important; }
  .report-page { font-size: 9.5pt; line-height: 1.3; }
  .report-page h1 { font-size: 18pt; margin: 0; }
  .report-page h2 { font-size: 12pt; margin: 0 0 4pt; }
  .report-page section { padding: 0 !important; margin: 0 0 8pt !important; break-inside: avoid; }
  .report-page svg { max-height: 42mm; width: auto; }
  .report-page .print-break { break-before: page; }
  .report-page a { color: inherit; text-decoration: none; }
}`;

export function ReportPrintStyle() {
  return <style>{printCss}</style>;
}
