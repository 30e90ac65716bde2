import { Link } from "react-router";
import { enrollmentClosedCtaLabels, nextEditionPath } from "~/content/navigation";
import type { EnrollmentState, MilestoneStatus } from "~/clock/schedule";

/** The opening band of a page: its one h1, a lead paragraph and optional actions. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead?: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <section className="bg-gradient-to-br from-brand-950 via-brand-900 to-brand-700 text-white">
      <div className="container-page py-16 sm:py-24">
        {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wider text-accent-300">{eyebrow}</p> : null}
        <h1 className="mt-2 max-w-4xl text-4xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
        {lead ? <div className="mt-5 max-w-3xl text-lg text-brand-100 sm:text-xl">{lead}</div> : null}
        {/* items-start: a row's tallest item (a form beside a button) must never stretch its buttons (#23). */}
        {children ? <div className="mt-8 flex flex-wrap items-start gap-3">{children}</div> : null}
      </div>
    </section>
  );
}

const sectionTones = {
  white: "bg-white",
  muted: "bg-slate-50",
  brand: "bg-brand-950 text-white",
} as const;

/**
 * A titled section of a page. `id` makes it an anchor target (the spec's
 * anchors such as /organizations#roi-impact) and labels it for screen readers.
 */
export function Section({
  id,
  title,
  lead,
  tone = "white",
  children,
}: {
  id?: string;
  title: string;
  lead?: React.ReactNode;
  tone?: keyof typeof sectionTones;
  children: React.ReactNode;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className={`section ${sectionTones[tone]}`}>
      <div className="container-page">
        <h2 id={headingId} className={tone === "brand" ? "section-title text-white" : "section-title"}>
          {title}
        </h2>
        {lead ? <div className={tone === "brand" ? "section-lead text-brand-100" : "section-lead"}>{lead}</div> : null}
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}

export function Card({
  title,
  children,
  className = "",
}: {
  title?: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={`card ${className}`}>
      {title ? <h3 className="text-lg font-semibold text-brand-950">{title}</h3> : null}
      <div className={title ? "mt-2 text-slate-600" : "text-slate-600"}>{children}</div>
    </div>
  );
}

const statusStyles: Record<MilestoneStatus, { label: string; className: string }> = {
  past: { label: "Past", className: "bg-slate-100 text-slate-600" },
  current: { label: "Happening now", className: "bg-green-100 text-green-800" },
  upcoming: { label: "Upcoming", className: "bg-brand-100 text-brand-800" },
};

/** Past / happening now / upcoming, in words (never colour alone). */
export function StatusPill({ status }: { status: MilestoneStatus }) {
  const style = statusStyles[status];
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${style.className}`}>
      {style.label}
    </span>
  );
}

/**
 * A call to action that leads to payment: a link while enrollment is open,
 * otherwise a link to the next-edition list that says why, so nobody is
 * invited to a payment the server would refuse.
 */
export function EnrollmentCta({
  state,
  to,
  children,
  className = "btn-primary",
  closedClassName = "",
}: {
  state: EnrollmentState;
  to: string;
  children: React.ReactNode;
  className?: string;
  closedClassName?: string;
}) {
  if (state === "open") {
    return (
      <Link to={to} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <Link
      to={nextEditionPath}
      className={`inline-flex min-h-11 items-center rounded-lg border border-current px-4 font-medium underline-offset-4 hover:underline ${closedClassName}`}
    >
      {enrollmentClosedCtaLabels[state]}
    </Link>
  );
}
