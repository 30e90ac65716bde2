/**
 * The ROI calculator of /workforce-package#calculate-roi: a GET form that
 * works without JavaScript (the server computes the result from the query),
 * and with it updates as people type, with the same schema
 * (app/roi-calculator/form.ts).
 */
import { useState } from "react";
import { useNavigate } from "react-router";
import { returnFigureLabels, type RoiResult } from "~/content/claims";
import { formatUsd, pricingPhaseLabels, type PricingPhase } from "~/content/pricing";
import {
  evaluateRoi,
  roiFieldNames,
  roiFields,
  type RoiFieldName,
  type RoiFormValues,
  type RoiPrices,
} from "~/roi-calculator/form";

function money(cents: number): string {
  return formatUsd(Math.round(cents));
}

const multipleFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

export function RoiCalculator({
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
