/**
 * /portal's other sections (issue 15): the one step that gets a visitor in,
 * the participant's enrollment and the portal's window, the next deadlines,
 * and the project's status, checklist and history.
 */
import { authPath } from "~/auth/safe-redirect";
import type { MilestoneStatus } from "~/clock/schedule";
import type { Edition } from "~/content/editions";
import { portalMessages } from "~/content/portal";
import type { ParticipantView, PortalHomeView } from "~/portal/home-view.server";
import { MilestoneList, TimeZoneNote } from "../milestones";
import { ResendVerificationForm } from "../resend-verification";
import { SectionCard } from "../section-card";

const card = "card p-6 sm:p-8";
const h2 = "text-2xl font-bold text-brand-950";

/** Earlier editions' projects, read-only (issue 23). */
export function PastProjects({ projects }: { projects: PortalHomeView["pastProjects"] }) {
  if (projects.length === 0) return null;
  return (
    <section className={card} aria-labelledby="past-projects-heading" data-testid="past-projects">
      <h2 id="past-projects-heading" className={h2}>
        Past projects
      </h2>
      <p className="mt-2 text-slate-700">{portalMessages.pastProjectsIntro}</p>
      <ul className="mt-4 space-y-2">
        {projects.map((p) => (
          <li key={p.editionId} className="text-slate-800">
            {`${p.editionName}: ${p.teamName ?? "your project"}, ${
              p.status === "submitted"
                ? `submitted ${p.submittedAt ?? ""}`.trim()
                : p.status === "draft"
                  ? "a draft that was not submitted"
                  : "not started"
            }`}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function WhyNot({
  access,
  email,
  editionName,
}: {
  access: PortalHomeView["access"];
  email: string | null;
  editionName: string;
}) {
  if (access === "signed-out") {
    return (
      <div className={card} data-testid="portal-step">
        <h2 className={h2}>Sign in to open the portal</h2>
        <p className="mt-2 text-slate-700">
          The Challenge Portal is where enrolled participants form teams and submit their projects.
        </p>
        <a href={authPath("/portal", "signin")} className="btn-primary mt-4 inline-flex">
          Sign in
        </a>
      </div>
    );
  }
  if (access === "unverified") {
    return (
      <div className={card} data-testid="portal-step">
        <h2 className={h2}>Verify your e-mail address</h2>
        <p className="mt-2 text-slate-700">
          {`Open the verification link we sent to ${email ?? "your address"}, then come back here.`}
        </p>
        <ResendVerificationForm redirectTo="/portal" />
      </div>
    );
  }
  return (
    <div className={card} data-testid="portal-step">
      <h2 className={h2}>Enroll to use the portal</h2>
      <p className="mt-2 text-slate-700">{portalMessages.notEnrolled}</p>
      <p className="mt-2 text-slate-700">{portalMessages.enrollmentPerEdition(editionName)}</p>
      <p className="mt-2 text-slate-700">
        If your employer bought a Workforce Package, choose Individual and enter its company code: there is nothing to
        pay.
      </p>
      <a href="/register?tab=individual" className="btn-primary mt-4 inline-flex">
        Register
      </a>
    </div>
  );
}

export function EnrollmentSection({ view, participant }: { view: PortalHomeView; participant: ParticipantView }) {
  const { enrollment } = participant;
  return (
    <SectionCard id="status" title="Your enrollment" testId="portal-status">
      <p className="mt-2 text-slate-800">
        {enrollment.how === "individual"
          ? `${enrollment.firstName}, you're enrolled as an individual participant.`
          : `${enrollment.firstName}, you're enrolled through ${enrollment.organizationName}.`}
      </p>
      <p className="mt-2 font-medium text-slate-800" data-testid="portal-window">
        {view.window === "open"
          ? `Drafts can be saved and submitted until ${view.deadline}. Submitting 48 hours early is wise.`
          : view.window === "closed"
            ? portalMessages.deadlinePassed(view.deadline)
            : portalMessages.notOpenYet(view.opens)}
      </p>
    </SectionCard>
  );
}

export function DeadlinesSection({
  ids,
  statuses,
  edition,
  origin,
}: {
  ids: readonly string[];
  statuses: Readonly<Record<string, MilestoneStatus>>;
  edition: Edition;
  origin: string;
}) {
  const milestones = edition.milestones.filter((m) => ids.includes(m.id));
  return (
    <SectionCard id="deadlines" title="Deadlines">
      {milestones.length === 0 ? (
        <p className="mt-2 text-slate-700">
          No deadlines are left in this edition. <a href="/timeline">See the full timeline</a>.
        </p>
      ) : (
        <div className="mt-4">
          <MilestoneList items={milestones} statuses={statuses} origin={origin} />
        </div>
      )}
      <div className="mt-4">
        <TimeZoneNote />
      </div>
    </SectionCard>
  );
}

export function ProjectSection({ participant, open }: { participant: ParticipantView; open: boolean }) {
  const { status } = participant;
  return (
    <SectionCard id="project" title="Your project">
      <p className="mt-2 text-slate-800" data-testid="submission-status">
        {!status
          ? "Not started yet."
          : status.status === "submitted"
            ? `Submitted ${status.submittedAt}; last changed ${status.updatedAt}.`
            : `Draft, last saved ${status.updatedAt}. Not submitted yet.`}
      </p>
      <ul className="mt-4 space-y-1" data-testid="checklist">
        {participant.checklist.map((item) => (
          <li key={item.id} className="flex gap-2">
            <span aria-hidden="true">{item.done ? "✓" : "○"}</span>
            <span>
              {item.name}
              <span className="sr-only">{item.done ? ": done" : ": missing"}</span>
            </span>
          </li>
        ))}
      </ul>
      <a href="/portal/submission" className="btn-primary mt-4 inline-flex">
        {open ? "Work on your submission" : "View your submission"}
      </a>
      {participant.history.length > 0 ? (
        <div className="mt-4" data-testid="team-history">
          <h3 className="font-semibold text-slate-900">History</h3>
          <ul className="mt-1 space-y-1 text-sm text-slate-700">
            {participant.history.map((entry) => (
              <li key={entry.id}>{`${entry.at}: ${entry.text}`}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </SectionCard>
  );
}
