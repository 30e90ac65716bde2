/**
 * /account/sponsor-report (issue 55): the sponsor's report, for the account
 * that paid a sponsorship: the edition's participation and outcomes, the
 * finalists and awards as published, where the sponsor was shown; "so far"
 * until the finals are over. Printable (the reports' print stylesheet), no
 * script. An account without a paid sponsorship gets a 404.
 */
import { data, Link } from "react-router";
import { EditionResults } from "~/components/edition-results";
import { FigureTable, ProgressBar } from "~/components/impact/charts";
import { ReportPrintStyle } from "~/components/impact/print";
import { impactText, sponsorReportText as text } from "~/content/impact";
import { requestContext, signedInContext } from "~/context";
import { signedInPageHeaders } from "~/forms/action.server";
import { sponsorReport } from "~/impact/sponsor-report.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/sponsor-report";
import { editionsFor } from "~/clock/clock.server";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(text.title, "The Challenge's participation and outcomes, for its sponsors."),
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const report = await sponsorReport(context.get(signedInContext), editionsFor(context.get(requestContext).env));
  if (!report) throw data(null, { status: 404 });
  return data(report, { headers: { "Cache-Control": "private, no-store" } });
}

export const headers = signedInPageHeaders;

export default function SponsorReport({ loaderData: report }: Route.ComponentProps) {
  return (
    <div className="report-page">
      <ReportPrintStyle />
      <section className="bg-slate-50 py-8">
        <div className="container-page max-w-4xl space-y-6">
          <header>
            <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">
              {text.eyebrow(`${report.sponsor.companyName} (${report.sponsor.tier})`)}
            </p>
            <h1 className="mt-1 text-3xl font-extrabold text-brand-950">{`${text.title}: ${report.editionName}`}</h1>
            <p className="mt-2 text-slate-700">{text.lead(report.editionName, report.soFar)}</p>
            {report.soFar ? (
              <p className="mt-2 font-semibold text-brand-900" data-testid="sponsor-so-far">
                {text.soFarNote}
              </p>
            ) : null}
            <p className="mt-1 text-sm text-slate-600">{`Figures as of ${report.asOf} (Mountain Time).`}</p>
          </header>
          <p className="print-hidden text-sm text-slate-600">
            {text.print}{" "}
            <Link to="/account" className="font-semibold text-brand-700 underline">
              {text.back}
            </Link>
          </p>

          <section aria-labelledby="goals-heading" className="card">
            <h2 id="goals-heading" className="text-xl font-bold text-brand-950">
              {impactText.goalsTitle(report.editionName)}
            </h2>
            <ul className="mt-4 space-y-4" data-testid="impact-goals">
              {report.goals.map((goal) => (
                <li key={goal.id}>
                  <ProgressBar label={goal.label} text={goal.text} percent={goal.barPercent} />
                </li>
              ))}
            </ul>
            <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
              {report.counts.map((c) => (
                <div key={c.label}>
                  <dt className="text-sm text-slate-600">{c.label}</dt>
                  <dd className="text-xl font-bold text-brand-950">{c.value}</dd>
                </div>
              ))}
            </dl>
          </section>

          <section aria-labelledby="outcomes-heading" className="card">
            <h2 id="outcomes-heading" className="text-xl font-bold text-brand-950">
              {text.outcomesTitle}
            </h2>
            <div className="mt-4 grid gap-6 md:grid-cols-2">
              <FigureTable
                caption={impactText.certificationsCaption}
                head={impactText.certificationsHead}
                rows={report.certifications.map((c) => [c.name, c.people, c.ofParticipants])}
              />
              <div className="space-y-6">
                <FigureTable
                  caption={impactText.tiersCaption}
                  head={impactText.tiersHead}
                  rows={report.tiers.map((t) => [t.name, t.organizations])}
                />
                <FigureTable
                  caption={impactText.projectsCaption}
                  head={impactText.projectsHead}
                  rows={report.tracks.map((t) => [t.name, t.projects])}
                />
              </div>
            </div>
          </section>

          <section aria-labelledby="shown-heading" className="card">
            <h2 id="shown-heading" className="text-xl font-bold text-brand-950">
              {text.whereShownTitle}
            </h2>
            <p className="mt-2 text-slate-700" data-testid="sponsor-shown">
              {text.notYetShown}
            </p>
          </section>
        </div>
      </section>
      <EditionResults editionName={report.editionName} results={report.results} />
    </div>
  );
}
