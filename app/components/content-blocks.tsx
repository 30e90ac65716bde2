import type { Stat } from "~/content/claims";
import type { Edition } from "~/content/editions";
import { formatUsd, pricingPhaseLabels, pricingPhases, type PlanId, type PricingPhase } from "~/content/pricing";
import { currentPriceText, phaseCondition } from "~/clock/price-text";
import type { EnrollmentState } from "~/clock/schedule";

/** Big figures with their labels, as a description list. */
export function StatGrid({ stats, tone = "light" }: { stats: readonly Stat[]; tone?: "light" | "dark" }) {
  const dark = tone === "dark";
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {stats.map((stat) => (
        <div
          key={stat.label}
          className={`rounded-2xl p-6 ${dark ? "bg-white/10 text-white" : "border border-slate-200 bg-white shadow-sm"}`}
        >
          <dt className={`text-sm font-medium ${dark ? "text-brand-100" : "text-slate-600"}`}>{stat.label}</dt>
          <dd className={`mt-1 text-3xl font-extrabold ${dark ? "text-accent-300" : "text-brand-800"}`}>
            {stat.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export interface StepItem {
  readonly step: number;
  readonly title: string;
  readonly body: string;
  readonly duration?: string;
}

/** An ordered list of numbered steps; the number is in the text, not only in a circle's colour. */
export function NumberedSteps({ steps }: { steps: readonly StepItem[] }) {
  return (
    <ol className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
      {steps.map((s) => (
        <li key={s.step} className="card flex gap-4">
          <span
            aria-hidden="true"
            className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-700 font-bold text-white"
          >
            {s.step}
          </span>
          <div>
            <h3 className="text-lg font-semibold text-brand-950">
              <span className="sr-only">{`Step ${s.step}: `}</span>
              {s.title}
            </h3>
            <p className="mt-1 text-slate-600">{s.body}</p>
            {s.duration ? <p className="mt-2 text-sm font-semibold text-brand-800">{`Time: ${s.duration}`}</p> : null}
          </div>
        </li>
      ))}
    </ol>
  );
}

/** A list with check marks drawn as text-free decoration; each item still reads as a list item. */
export function CheckList({ items, className = "" }: { items: readonly React.ReactNode[]; className?: string }) {
  return (
    <ul className={`space-y-3 ${className}`}>
      {items.map((item, index) => (
        <li key={index} className="flex gap-3">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-1 size-5 shrink-0 fill-green-700">
            <path d="M7.6 14.2 3.4 10l1.4-1.4 2.8 2.8 7.6-7.6L16.6 5z" />
          </svg>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

export interface FaqItem {
  readonly question: string;
  readonly answer: React.ReactNode;
}

/**
 * Questions as native <details>: readable and operable without JavaScript;
 * a shared `name` keeps one answer open at a time in browsers that support it.
 */
export function FaqList({ name, items }: { name: string; items: readonly FaqItem[] }) {
  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {items.map((item) => (
        <details key={item.question} name={name} className="group p-5">
          <summary className="flex list-none items-start justify-between gap-4 font-semibold text-brand-950">
            <h3 className="text-base">{item.question}</h3>
            <span aria-hidden="true" className="text-xl leading-none text-brand-700 group-open:rotate-45">
              +
            </span>
          </summary>
          <div className="mt-3 text-slate-700">{item.answer}</div>
        </details>
      ))}
    </div>
  );
}

/**
 * A plan's early-bird and regular prices for the edition, with the one that
 * applies now marked in words. Once enrollment has closed no price applies,
 * and the prices of a finished edition are not shown at all.
 */
export function PlanPrices({
  edition,
  enrollment,
  plan,
  phase,
  tone = "light",
}: {
  edition: Edition;
  enrollment: EnrollmentState;
  plan: PlanId;
  phase: PricingPhase;
  tone?: "light" | "dark";
}) {
  const dark = tone === "dark";
  const open = enrollment === "open";
  if (enrollment === "closed") {
    return (
      <p className={`text-lg font-semibold ${dark ? "text-white" : "text-brand-950"}`} data-testid={`price-${plan}`}>
        {`Enrollment for the ${edition.name} has closed. Prices for the next edition are published with its dates.`}
      </p>
    );
  }
  return (
    <div>
      <p className={`text-lg font-semibold ${dark ? "text-white" : "text-brand-950"}`} data-testid={`price-${plan}`}>
        {open ? currentPriceText(edition, plan, phase) : `Prices for the ${edition.name}`}
      </p>
      <dl className="mt-3 flex flex-wrap gap-3">
        {pricingPhases.map((p) => (
          <div
            key={p}
            className={`rounded-xl px-4 py-3 ${
              open && p === phase
                ? dark
                  ? "bg-white text-brand-950 ring-2 ring-accent-400"
                  : "bg-brand-50 text-brand-950 ring-2 ring-brand-600"
                : dark
                  ? "bg-white/10 text-white"
                  : "bg-slate-50 text-slate-700"
            }`}
          >
            <dt className="text-sm font-medium">{`${pricingPhaseLabels[p]}, ${phaseCondition(edition, p)}`}</dt>
            <dd className="text-2xl font-extrabold">
              {formatUsd(edition.prices[plan][p])}
              {open && p === phase ? (
                <span className="ml-2 align-middle text-xs font-semibold uppercase">(applies now)</span>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** "10–24 participants", "50+ participants". */
export function participantRange(tier: { minParticipants: number; maxParticipants: number | null }): string {
  return tier.maxParticipants === null
    ? `${tier.minParticipants}+ participants`
    : `${tier.minParticipants}–${tier.maxParticipants} participants`;
}
