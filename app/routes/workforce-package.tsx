import { Link } from "react-router";
import { CheckList, PlanPrices, StatGrid } from "~/components/content-blocks";
import { Card, EnrollmentCta, PageHero, Section } from "~/components/page";
import {
  organizationStats,
  returnFigureLabels,
  returnFiguresNote,
  roiExample,
  roiExampleHeadline,
  roiExampleAssumptions,
} from "~/content/claims";
import { formatUsd, plans, workforceComparison, workforcePackage } from "~/content/pricing";
import { audiences, organizationDashboardFeatures, recognitionTiers } from "~/content/program";
import { contentMeta } from "~/lib/content-meta";
import { contentPageData, requestClock } from "~/clock/page-clock.server";
import { RoiCalculator } from "~/components/roi-calculator";
import { evaluateRoi, roiValuesFromQuery, type RoiPrices } from "~/roi-calculator/form";
import type { RouteHandle } from "~/lib/route-handle";
import { priceFor } from "~/clock/schedule";
import type { Route } from "./+types/workforce-package";

export function loader(args: Route.LoaderArgs) {
  const { enrollment, phase, origin, edition } = contentPageData(args);
  const { now } = requestClock(args.context);
  const prices: RoiPrices = {
    packageCents: priceFor("workforce", now, edition).cents,
    individualPriceCents: priceFor("individual", now, edition).cents,
  };
  const url = new URL(args.request.url);
  const values = roiValuesFromQuery(url.searchParams);
  // Computed on the server too, so the GET form works with JavaScript off.
  const outcome = evaluateRoi(values, prices);
  return { enrollment, phase, origin, edition, prices, values, outcome, search: url.search };
}

export const meta = contentMeta(
  "Workforce Package",
  "One payment, unlimited employee enrollments: what the Workforce Package includes, and an ROI calculator for your organization.",
);

// The ROI calculator updates live as you type; every other content page ships no JavaScript.
export const handle = { hydrate: true } satisfies RouteHandle;

const REGISTER_PATH = "/register?tab=workforce";

export default function WorkforcePackage({ loaderData }: Route.ComponentProps) {
  const { enrollment, phase, edition, prices, values, outcome, search } = loaderData;
  const comparison = workforceComparison(edition, phase);
  const example = roiExample(edition);
  return (
    <>
      <PageHero
        eyebrow="For Organizations"
        title="The Workforce Package"
        lead={`${plans.workforce.description} One year of training access from enrollment.`}
      >
        <EnrollmentCta state={enrollment} to={REGISTER_PATH}>
          Register Your Organization
        </EnrollmentCta>
        <a href="#calculate-roi" className="btn-outline">
          Calculate your ROI
        </a>
      </PageHero>

      <section aria-labelledby="price-heading" className="border-b border-slate-200 bg-brand-50">
        <div className="container-page py-8">
          <h2 id="price-heading" className="sr-only">
            Price
          </h2>
          <PlanPrices edition={edition} enrollment={enrollment} plan="workforce" phase={phase} />
          <p className="mt-3 text-slate-700">
            {`A one-time payment. Compare: ${comparison.people} people at ${formatUsd(comparison.perPersonCents)} each is ${formatUsd(comparison.totalCents)}, and the package has no limit on how many you enroll.`}
          </p>
        </div>
      </section>

      <Section id="benefits" title="Why organizations choose it">
        <div className="grid gap-6 md:grid-cols-3">
          <Card title="Unlimited enrollments">
            Enroll every employee who wants to take part, for one price, with no per-seat counting.
          </Card>
          <Card title="Simple onboarding">
            Your company code is issued the moment you pay. Employees register with it and are linked to your
            organization automatically.
          </Card>
          <Card title="Visible results">
            {`Your dashboard tracks ${organizationDashboardFeatures.map((f) => f.toLowerCase()).join(", ")}.`}
          </Card>
        </div>
      </Section>

      <Section id="included" tone="muted" title="What's included">
        <CheckList className="max-w-3xl text-lg text-slate-700" items={plans.workforce.includes} />
        <p className="mt-6 text-slate-700">
          {`Recognition tiers start at ${recognitionTiers[0]?.minParticipants ?? ""} participants. `}
          <Link to="/employer-recognition" className="font-semibold text-brand-700 underline">
            See employer recognition
          </Link>
        </p>
      </Section>

      <Section
        id="calculate-roi"
        title="Calculate your ROI"
        lead={`Start from the worked example (${roiExampleAssumptions.employees} employees) and change any figure to match your organization. Results are estimates for one year.`}
      >
        <RoiCalculator key={search} initialValues={values} initialOutcome={outcome} prices={prices} phase={phase} />
      </Section>

      <Section id="outcomes" tone="muted" title="Outcomes organizations report" lead={returnFiguresNote(edition)}>
        <h3 className="mb-4 text-xl font-semibold text-brand-950">{returnFigureLabels.claim}</h3>
        <StatGrid stats={organizationStats} />
        <p className="mt-6 max-w-3xl text-slate-700">
          {`${returnFigureLabels.workedExample}: the package costs ${formatUsd(example.costPerEmployeeCents)} per employee instead of ${formatUsd(example.individualTotalCents)} for all ${roiExampleAssumptions.employees} at individual pricing (a saving of ${formatUsd(example.packageSavingsCents)}), and the example counts ${roiExampleHeadline.totalValueLabel} in yearly value: a ${roiExampleHeadline.multipleLabel} return on the package price.`}
        </p>
      </Section>

      <Section id="audiences" title="Who it's for">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {audiences.organizations.segments.map((segment) => (
            <li key={segment} className="card font-semibold text-brand-950">
              {segment}
            </li>
          ))}
        </ul>
        <p className="mt-6 text-slate-700">{`Suggested for ${workforcePackage.suggestedFor.join(" and ").toLowerCase()}.`}</p>
      </Section>

      <Section id="get-started" tone="brand" title="Ready to enroll your team?">
        <div className="flex flex-wrap gap-3">
          <EnrollmentCta state={enrollment} to={REGISTER_PATH}>
            Register Your Organization
          </EnrollmentCta>
          <Link to="/contact" className="btn-outline">
            Schedule a Consultation
          </Link>
        </div>
      </Section>
    </>
  );
}
