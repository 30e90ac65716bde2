/**
 * /impact (issue 55): the edition's goals against what has happened, from
 * the same records (and the same rules) the organizers' desk counts; the
 * certifications, organizations by tier, projects by track and the results
 * once published; past editions beside it. Small figures read "fewer than
 * 5". Server-rendered, no JavaScript (no handle.hydrate, ADR 004),
 * cacheable at the edge for anonymous visitors (workers/cache.ts).
 */
import { Link } from "react-router";
import { EditionResults } from "~/components/edition-results";
import { BarChart, FigureTable, ProgressBar } from "~/components/impact/charts";
import { PageHero, Section } from "~/components/page";
import { impactText } from "~/content/impact";
import { impactView } from "~/impact/public-view.server";
import { contentMeta } from "~/lib/content-meta";
import type { Route } from "./+types/impact";

export const meta = contentMeta(impactText.pageTitle, impactText.pageDescription);

export function loader(args: Route.LoaderArgs) {
  return impactView(args);
}

export default function Impact({ loaderData: view }: Route.ComponentProps) {
  const text = impactText;
  return (
    <>
      <PageHero eyebrow={text.eyebrow} title={text.pageTitle} lead={text.lead(view.editionName)} />

      <Section id="goals" title={text.goalsTitle(view.editionName)} lead={text.goalsLead}>
        <ul className="max-w-3xl space-y-6" data-testid="impact-goals">
          {view.goals.map((goal) => (
            <li key={goal.id} data-goal={goal.id}>
              <ProgressBar label={goal.label} text={goal.text} percent={goal.barPercent} />
            </li>
          ))}
        </ul>
        <p className="mt-6 max-w-3xl text-sm text-slate-600">{view.participantsNote}</p>
        <dl className="mt-8 grid max-w-3xl grid-cols-1 gap-4 sm:grid-cols-2" data-testid="impact-counts">
          {view.counts.map((c) => (
            <div key={c.label} className="card">
              <dt className="text-sm text-slate-600">{c.label}</dt>
              <dd className="text-2xl font-bold text-brand-950">{c.value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-6 text-sm text-slate-600">
          {`Figures as of ${view.asOf}. `}
          <Link to="/mission-vision#strategic-goals" className="font-semibold text-brand-700 underline">
            {text.mission}
          </Link>
        </p>
      </Section>

      <Section id="certifications" title={text.certificationsTitle} tone="muted">
        <div className="max-w-3xl">
          <FigureTable
            caption={text.certificationsCaption}
            head={text.certificationsHead}
            rows={view.certifications.map((c) => [c.name, c.people, c.ofParticipants])}
            testId="impact-certifications"
          />
        </div>
      </Section>

      <Section id="organizations" title={text.tiersTitle}>
        <div className="max-w-3xl">
          <FigureTable
            caption={text.tiersCaption}
            head={text.tiersHead}
            rows={view.tiers.map((t) => [t.name, t.organizations])}
            testId="impact-tiers"
          />
        </div>
      </Section>

      <Section id="projects" title={text.projectsTitle} tone="muted">
        <div className="grid max-w-5xl gap-8 lg:grid-cols-2">
          {view.tracks.length > 0 ? (
            <BarChart
              title={text.projectsCaption}
              bars={view.tracks.map((t) => ({ label: t.name, value: t.width, text: t.projects }))}
            />
          ) : null}
          <FigureTable
            caption={text.projectsCaption}
            head={text.projectsHead}
            rows={view.tracks.map((t) => [t.name, t.projects])}
            testId="impact-tracks"
          />
        </div>
      </Section>

      <EditionResults editionName={view.editionName} results={view.results} />

      <Section id="editions" title={text.pastTitle} tone="muted">
        {view.editions ? (
          <div className="max-w-4xl">
            <FigureTable
              caption={text.pastCaption}
              head={[text.measure, ...view.editions.editions]}
              rows={view.editions.rows.map((r) => [r.label, ...r.values])}
              testId="impact-editions"
            />
          </div>
        ) : (
          <p className="max-w-3xl text-slate-700">{text.pastNone}</p>
        )}
      </Section>
    </>
  );
}
