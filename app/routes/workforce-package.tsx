import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { CheckList, PlanPrices, StatGrid } from "~/components/content-blocks";
import { Card, EnrollmentCta, PageHero, Section } from "~/components/page";
import {
  organizationStats,
  returnFigureLabels,
  returnFiguresNote,
  roiExample,
  roiExampleHeadline,
  roiExampleInputs,
  type RoiResult,
} from "~/content/claims";
import {
  formatUsd,
  plans,
  pricingPhaseLabels,
  workforceComparison,
  workforcePackage,
  type PricingPhase,
} from "~/content/pricing";
import { editionById } from "~/content/editions";
import { audiences, organizationDashboardFeatures, recognitionTiers } from "~/content/program";
import { contentMeta } from "~/lib/content-meta";
import { contentPageData, requestClock } from "~/clock/page-clock.server";
import {
  evaluateRoi,
  roiFieldNames,
  roiFields,
  roiValuesFromQuery,
  type RoiFieldName,
  type RoiFormValues,
  type RoiPrices,
} from "~/roi-calculator/form";
import type { RouteHandle } from "~/lib/route-handle";
import { priceFor } from "~/clock/schedule";
import type { Route } from "./+types/workforce-package";

export function loader(args: Route.LoaderArgs) {
  const { enrollment, phase, origin, editionId } = contentPageData(args);
  const { now, edition } = requestClock(args.context);
  const prices: RoiPrices = {
    packageCents: priceFor("workforce", now, edition).cents,
    individualPriceCents: priceFor("individual", now, edition).cents,
  };
  const url = new URL(args.request.url);
  const values = roiValuesFromQuery(url.searchParams);
  // Computed on the server too, so the GET form works with JavaScript off.
  const outcome = evaluateRoi(values, prices);
  return { enrollment, phase, origin, editionId, prices, values, outcome, search: url.search };
}

export const meta = contentMeta(
  "Workforce Package",
  "One payment, unlimited employee enrollments: what the Workforce Package includes, and an ROI calculator for your organization.",
);

// The ROI calculator updates live as you type; every other content page ships no JavaScript.
export const handle = { hydrate: true } satisfies RouteHandle;

const REGISTER_PATH = "/register?tab=workforce";

export default function WorkforcePackage({ loaderData }: Route.ComponentProps) {
  const { enrollment, phase, editionId, prices, values, outcome, search } = loaderData;
  const comparison = workforceComparison(editionById(editionId), phase);
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
          <PlanPrices editionId={editionId} enrollment={enrollment} plan="workforce" phase={phase} />
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
        lead={`Start from the worked example (${roiExampleInputs.employees} employees) and change any figure to match your organization. Results are estimates for one year.`}
      >
        <RoiCalculator key={search} initialValues={values} initialOutcome={outcome} prices={prices} phase={phase} />
      </Section>

      <Section id="outcomes" tone="muted" title="Outcomes organizations report" lead={returnFiguresNote}>
        <h3 className="mb-4 text-xl font-semibold text-brand-950">{returnFigureLabels.claim}</h3>
        <StatGrid stats={organizationStats} />
        <p className="mt-6 max-w-3xl text-slate-700">
          {`${returnFigureLabels.workedExample}: the package costs ${formatUsd(roiExample.costPerEmployeeCents)} per employee instead of ${formatUsd(roiExample.individualTotalCents)} for all ${roiExampleInputs.employees} at individual pricing (a saving of ${formatUsd(roiExample.packageSavingsCents)}), and the example counts ${roiExampleHeadline.totalValueLabel} in yearly value: a ${roiExampleHeadline.multipleLabel} return on the package price.`}
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

// ── ROI calculator ────────────────────────────────────────────────────────

function money(cents: number): string {
  return formatUsd(Math.round(cents));
}

const multipleFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

function RoiCalculator({
  initialValues,
  initialOutcome,
  prices,
  phase,
}: {
  initialValues: RoiFormValues;
  initialOutcome: ReturnType<typeof evaluateRoi>;
  prices: RoiPrices;
  phase: PricingPhase;
}) {
  const [values, setValues] = useState(initialValues);
  const [edited, setEdited] = useState(false);
  const navigate = useNavigate();
  // Until the visitor types, show what the server computed (identical, but no flash on hydration).
  const outcome = edited ? evaluateRoi(values, prices) : initialOutcome;

  return (
    <div className="grid gap-8 lg:grid-cols-5">
      <form
        method="get"
        action="/workforce-package#calculate-roi"
        noValidate
        className="card lg:col-span-2"
        aria-labelledby="roi-form-heading"
        onSubmit={(event) => {
          // With JavaScript the results are already live; keep the URL shareable without a reload.
          event.preventDefault();
          void navigate(
            { search: `?${new URLSearchParams(values).toString()}`, hash: "#calculate-roi" },
            { replace: true, preventScrollReset: true },
          );
        }}
      >
        <h3 id="roi-form-heading" className="text-lg font-semibold text-brand-950">
          Your organization
        </h3>
        <div className="mt-4 space-y-4">
          {roiFieldNames.map((name) => (
            <RoiField
              key={name}
              name={name}
              value={values[name]}
              error={outcome.errors[name]}
              onChange={(value) => {
                setEdited(true);
                setValues((current) => ({ ...current, [name]: value }));
              }}
            />
          ))}
        </div>
        <button type="submit" className="btn-secondary mt-6 w-full">
          Calculate
        </button>
      </form>

      <div className="lg:col-span-3">
        <RoiResults result={outcome.result} prices={prices} phase={phase} />
      </div>
    </div>
  );
}

function RoiField({
  name,
  value,
  error,
  onChange,
}: {
  name: RoiFieldName;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const spec = roiFields[name];
  const id = `roi-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block font-medium text-slate-800">
        {spec.label}
      </label>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {spec.hint}
      </p>
      <input
        id={id}
        name={name}
        type="text"
        inputMode={spec.integer ? "numeric" : "decimal"}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        className={`mt-1 block w-full rounded-lg border px-3 py-2 text-base text-slate-900 ${
          error ? "border-red-700 border-2" : "border-slate-400"
        }`}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          <span aria-hidden="true">⚠ </span>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function RoiResults({ result, prices, phase }: { result: RoiResult | null; prices: RoiPrices; phase: PricingPhase }) {
  const priceNote = `Using the current Workforce Package price of ${formatUsd(prices.packageCents)} (${pricingPhaseLabels[phase]}) and the individual price of ${formatUsd(prices.individualPriceCents)} per person.`;
  if (!result) {
    return (
      <div className="card">
        <h3 className="text-lg font-semibold text-brand-950">Your estimate</h3>
        <p className="mt-2 font-medium text-red-700" role="alert">
          Some figures need correcting: see the messages beside the fields. Your estimate appears as soon as every
          figure is valid.
        </p>
      </div>
    );
  }
  const bars = [
    { key: "productivity", label: "Productivity", cents: result.productivityValueCents, className: "fill-brand-700" },
    { key: "automation", label: "Automation", cents: result.automationValueCents, className: "fill-brand-600" },
    {
      key: "consulting",
      label: "Consulting savings",
      cents: result.consultingSavingsCents,
      className: "fill-accent-500",
    },
  ];
  const max = Math.max(1, ...bars.map((b) => b.cents));
  const rowHeight = 56;
  const labelWidth = 200;
  const chartWidth = 600;
  const barSpace = chartWidth - labelWidth - 10;
  return (
    <div className="card">
      <h3 className="text-lg font-semibold text-brand-950">Your estimate</h3>
      <div aria-live="polite" aria-atomic="true">
        <p className="mt-2 text-4xl font-extrabold text-brand-800" data-testid="roi-total">
          {`${money(result.totalValueCents)} a year`}
        </p>
        <p className="mt-1 text-lg font-semibold text-slate-800" data-testid="roi-multiple">
          {`${returnFigureLabels.calculation}: ${multipleFormat.format(result.returnMultiple)}× the package price`}
        </p>
      </div>
      <p className="mt-2 text-sm text-slate-600">{priceNote}</p>

      <figure className="mt-6">
        <svg
          viewBox={`0 0 ${chartWidth} ${rowHeight * bars.length}`}
          className="h-auto w-full"
          role="img"
          aria-labelledby="roi-chart-title"
        >
          <title id="roi-chart-title">
            {`Bar chart of yearly value: ${bars.map((b) => `${b.label} ${money(b.cents)}`).join(", ")}.`}
          </title>
          {bars.map((bar, index) => {
            const y = index * rowHeight;
            const width = Math.max(2, (bar.cents / max) * (barSpace - 110));
            return (
              <g key={bar.key}>
                <text x="0" y={y + 33} className="fill-slate-800 text-[18px]">
                  {bar.label}
                </text>
                <rect x={labelWidth} y={y + 12} width={width} height={30} rx="4" className={bar.className} />
                <text x={labelWidth + width + 8} y={y + 33} className="fill-slate-900 text-[18px] font-semibold">
                  {money(bar.cents)}
                </text>
              </g>
            );
          })}
        </svg>
        <figcaption className="sr-only">The table below lists the same figures.</figcaption>
      </figure>

      <table className="mt-6 w-full border-collapse text-left">
        <caption className="text-left font-semibold text-brand-950">Breakdown</caption>
        <thead>
          <tr className="border-b border-slate-300 text-sm text-slate-600">
            <th scope="col" className="py-2">
              Item
            </th>
            <th scope="col" className="py-2 text-right">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          <tr className="border-b border-slate-200">
            <th scope="row" className="py-2 font-normal">
              Productivity value
            </th>
            <td className="py-2 text-right">{money(result.productivityValueCents)}</td>
          </tr>
          <tr className="border-b border-slate-200">
            <th scope="row" className="py-2 font-normal">
              Automation value
            </th>
            <td className="py-2 text-right">{money(result.automationValueCents)}</td>
          </tr>
          <tr className="border-b border-slate-200">
            <th scope="row" className="py-2 font-normal">
              Consulting savings
            </th>
            <td className="py-2 text-right">{money(result.consultingSavingsCents)}</td>
          </tr>
          <tr className="border-b-2 border-slate-300 font-semibold">
            <th scope="row" className="py-2">
              Total yearly value
            </th>
            <td className="py-2 text-right">{money(result.totalValueCents)}</td>
          </tr>
          <tr className="border-b border-slate-200">
            <th scope="row" className="py-2 font-normal">
              Package cost per employee
            </th>
            <td className="py-2 text-right">{money(result.costPerEmployeeCents)}</td>
          </tr>
          <tr>
            <th scope="row" className="py-2 font-normal">
              Saving against individual pricing
            </th>
            <td className="py-2 text-right">{money(result.packageSavingsCents)}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}
