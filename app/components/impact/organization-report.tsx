/**
 * The body of an organization's impact report (issue 55,
 * /organization/:id/report): its people in the edition, charts drawn as SVG
 * with a table of the same figures beside each, the Challenge's averages and
 * the print stylesheet. Plain markup without the router (links are plain
 * anchors: the page ships no script), so the route renders it once per kept
 * report (app/impact/rendered-once.server.tsx).
 */
import { BarChart, FigureTable, StepChart } from "~/components/impact/charts";
import { ReportPrintStyle } from "~/components/impact/print";
import { organizationReportText as text } from "~/content/impact";
import type { OrganizationReport } from "~/impact/organization-report.server";

function Block({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="card">
      <h2 id={`${id}-heading`} className="text-xl font-bold text-brand-950">
        {title}
      </h2>
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

export function OrganizationReportBody({ report }: { report: OrganizationReport }) {
  const base = `/organization/${report.organization.id}`;
  return (
    <>
      <ReportPrintStyle />
      <section className="bg-slate-50 py-8">
        <div className="container-page max-w-4xl space-y-6">
          <header>
            <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">
              {text.eyebrow(report.organization.name)}
            </p>
            <h1 className="mt-1 text-3xl font-extrabold text-brand-950">{`${text.title}: ${report.editionName}`}</h1>
            <p className="mt-2 text-slate-700">{text.lead(report.editionName, report.soFar)}</p>
            <p className="mt-1 text-sm text-slate-600">{text.generated(report.asOf)}</p>
          </header>
          <div className="print-hidden flex flex-wrap items-center gap-3">
            <a href={`${base}/report.csv`} className="btn-secondary" download>
              {text.csv}
            </a>
            <a href={base} className="btn text-brand-800 underline">
              {text.back}
            </a>
            <p className="w-full text-sm text-slate-600">{text.print}</p>
          </div>

          <Block id="summary" title={text.summaryTitle}>
            <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3" data-testid="report-summary">
              <div>
                <dt className="text-sm text-slate-600">{text.enrolled}</dt>
                <dd className="text-2xl font-bold text-brand-950">{report.enrolled}</dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">{text.tier}</dt>
                <dd className="text-2xl font-bold text-brand-950">{report.tier.name}</dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">{text.tier}: next</dt>
                <dd className="text-slate-800">{report.tier.next}</dd>
              </div>
            </dl>
          </Block>

          <Block id="enrolment" title={text.enrolmentTitle}>
            {report.enrolment.length === 0 ? (
              <p className="text-slate-700">{text.enrolmentNone}</p>
            ) : (
              <div className="grid gap-4 md:grid-cols-2">
                <StepChart title={text.enrolmentCaption} points={report.enrolment} />
                <FigureTable
                  caption={text.enrolmentCaption}
                  head={text.enrolmentHead}
                  rows={report.enrolment.slice(-6).map((w) => [w.label, String(w.value)])}
                  testId="report-enrolment"
                />
              </div>
            )}
          </Block>

          <Block id="stages" title={text.funnelTitle}>
            <div className="grid gap-4 md:grid-cols-2">
              <BarChart
                title={text.funnelCaption}
                max={Math.max(1, report.enrolled)}
                bars={report.stages.map((s) => ({
                  label: s.name,
                  value: s.holders,
                  text: `${s.holders} (${s.percent}%)`,
                }))}
              />
              <FigureTable
                caption={text.funnelCaption}
                head={text.funnelHead}
                rows={report.stages.map((s) => [s.name, String(s.holders), `${s.percent}%`, `${s.challengePercent}%`])}
                testId="report-stages"
              />
            </div>
          </Block>

          <Block id="projects" title={text.projectsTitle}>
            {report.projects.length === 0 ? (
              <p className="text-slate-700">{text.projectsNone}</p>
            ) : (
              <div className="grid gap-4 md:grid-cols-2">
                <div className="space-y-4">
                  <BarChart
                    title={text.byTrackCaption}
                    bars={report.byTrack.map((t) => ({ label: t.name, value: t.projects, text: String(t.projects) }))}
                  />
                  <FigureTable
                    caption={text.byTrackCaption}
                    head={text.byTrackHead}
                    rows={report.byTrack.map((t) => [t.name, String(t.projects)])}
                    testId="report-tracks"
                  />
                </div>
                <FigureTable
                  caption={text.projectsCaption}
                  head={text.projectsHead}
                  rows={report.projects.map((p) => [p.title, p.track, p.status])}
                  testId="report-projects"
                />
              </div>
            )}
          </Block>

          <Block id="results" title={text.resultsTitle}>
            <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3" data-testid="report-results">
              <div>
                <dt className="text-sm text-slate-600">{text.finalists}</dt>
                <dd className="text-2xl font-bold text-brand-950">{report.results.finalists}</dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">{text.awards}</dt>
                <dd className="text-slate-800">
                  {report.results.awards.length === 0
                    ? "—"
                    : report.results.awards.map((a) => `${a.award}: ${a.team}`).join("; ")}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">{text.credentials}</dt>
                <dd className="text-2xl font-bold text-brand-950">{report.results.credentialsHeld}</dd>
              </div>
            </dl>
            {report.results.published ? null : <p className="text-sm text-slate-600">{text.resultsPending}</p>}
          </Block>

          <Block id="comparison" title={text.comparisonTitle}>
            <FigureTable
              caption={text.comparisonCaption}
              head={text.comparisonHead}
              rows={[
                ...report.comparison.map((c) => [c.measure, c.mine, c.challenge]),
                ...report.stages.map((s) => [s.name, `${s.percent}%`, `${s.challengePercent}%`]),
              ]}
              testId="report-comparison"
            />
          </Block>
        </div>
      </section>
    </>
  );
}
