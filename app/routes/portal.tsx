/**
 * /portal, the Challenge Portal (issue 15): the participant's enrolment, the
 * next deadlines with calendar links, their team and where their project
 * stands. Anyone who cannot use it yet is told why and the one step that
 * fixes it (sign in, verify, register).
 *
 * Server-rendered with plain forms and no hydration, like /account and the
 * organization dashboard: every team action is a POST with an `intent`,
 * answered with a redirect and a toast, or the page again with the message.
 * The project itself is edited at /portal/submission.
 */
import { signedInPageHeaders } from "~/forms/action.server";
import { data } from "react-router";
import { authPath } from "~/accounts/safe-redirect";
import { getSessionUser } from "~/accounts/session.server";
import { requestClock } from "~/clock/page-clock.server";
import { formatMountain, milestoneStatus, type MilestoneStatus } from "~/clock/schedule";
import { Alert } from "~/components/alert";
import { MilestoneList, TimeZoneNote } from "~/components/milestones";
import { PageHero } from "~/components/page";
import { ResendVerificationForm } from "~/components/resend-verification";
import { portalLimits, portalMessages } from "~/content/portal";
import { teamSize } from "~/content/program";
import { requestContext } from "~/context";
import { getDb } from "~/db/client.server";
import { clientAllowed } from "~/lib/client-limit.server";
import { log } from "~/lib/log.server";
import { pageMeta, siteOrigin } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { requireParticipant, writeRefusal } from "~/portal/guard.server";
import { portalAccess, portalWindow } from "~/portal/participant.server";
import { checklist, statusOf, submissionOf } from "~/portal/submission.server";
import { teamHistoryOf } from "~/portal/team-history.server";
import {
  cancelInvitation,
  createTeam,
  inviteMember,
  leaveTeam,
  openInvitationsOf,
  projectOf,
  removeMember,
} from "~/portal/team.server";
import { editionById } from "~/content/editions";
import type { Route } from "./+types/portal";

const noStore = { "Cache-Control": "private, no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env, requestId } = context.get(requestContext);
  const db = getDb(env);
  const user = await getSessionUser(request, env, { requestId });
  const access = await portalAccess(db, user);
  const { now, edition } = requestClock(context);
  const window = portalWindow(now, edition);
  const deadline = formatMountain(edition.submissionDeadline.due, "dateTime");
  const opens = formatMountain(edition.standardRegistrationOpens, "dateTime");
  const base = { access: access.kind, email: user?.email ?? null, window, deadline, opens, editionId: edition.id };
  if (access.kind !== "participant") return data({ ...base, participant: null }, { headers: noStore });

  const project = await projectOf(db, access.user.id, edition.id);
  const [view, invitations, history] = project
    ? await Promise.all([
        submissionOf(db, project.teamId),
        openInvitationsOf(db, project.teamId, now),
        teamHistoryOf(db, project.teamId),
      ])
    : [{ submission: null, files: {} }, [], []];
  // The deadlines still ahead (a deadline's `end` is the instant it closes).
  const upcoming = edition.milestones.filter((m) => m.isDeadline && m.end !== undefined && now < m.end).slice(0, 3);
  return data(
    {
      ...base,
      participant: {
        me: access.user.id,
        enrolment: access.enrolment,
        deadlineIds: upcoming.map((m) => m.id),
        deadlineStatuses: Object.fromEntries(upcoming.map((m) => [m.id, milestoneStatus(m, now)])),
        origin: siteOrigin(request, env),
        project: project && {
          name: project.name,
          role: project.role,
          members: project.members,
          invitations: invitations.map((i) => ({ ...i, expires: formatMountain(new Date(i.expiresAt), "dateTime") })),
        },
        status: statusOf(view.submission),
        checklist: checklist(view),
        history,
      },
    },
    { headers: noStore },
  );
}

const intents = ["create-team", "invite", "cancel-invitation", "remove-member", "leave-team"] as const;
type Intent = (typeof intents)[number];
type ActionData = { intent: Intent | null; message: string; teamName?: string; email?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const { env, requestId } = context.get(requestContext);
  const participant = await requireParticipant(request, context);
  const { user, db, now, edition } = participant;
  const form = await request.formData().catch(() => new FormData());
  const value = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  const intent = intents.find((i) => i === value("intent")) ?? null;
  const refuse = (message: string, status: number, headers?: HeadersInit) =>
    data<ActionData>({ intent, message, teamName: value("name"), email: value("email") }, { status, headers });
  if (!intent) return refuse(portalMessages.unknownIntent, 400);
  const closed = writeRefusal(participant);
  if (closed) return refuse(closed, 403);
  // Per client and kind of change: invitations are e-mail, so a script cannot send them in bulk.
  if (!(await clientAllowed(env, "portal", request, user.id, intent))) {
    return refuse(portalMessages.rateLimited, 429, { "Retry-After": "60" });
  }
  const origin = siteOrigin(request, env);
  let result: { ok: true; message: string } | { ok: false; message: string; status: number };
  let anchor = "#team";
  if (intent === "create-team") {
    const created = await createTeam(db, user, edition.id, value("name"), now);
    result = created.ok ? { ok: true, message: portalMessages.teamCreated(created.name) } : created;
  } else {
    const project = participant.project;
    if (!project) return refuse(portalMessages.notInTeam, 409);
    switch (intent) {
      case "invite":
        result = await inviteMember(env, db, project, user, value("email"), { now, origin, requestId });
        break;
      case "cancel-invitation":
        result = await cancelInvitation(db, project, value("invitationId"), now);
        break;
      case "remove-member":
        result = await removeMember(db, project, value("userId"));
        break;
      case "leave-team":
        result = await leaveTeam(db, project, user, now);
        anchor = "";
        break;
    }
  }
  log("info", "portal.team_action", { requestId, userId: user.id, intent, outcome: result.ok ? "done" : "refused" });
  if (!result.ok) return refuse(result.message, result.status);
  return redirectWithToast(
    env,
    `/portal${anchor}`,
    { type: "success", title: "Team", description: result.message },
    { status: 303 },
  );
}

export const headers = signedInPageHeaders;

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Challenge Portal", "Your team, your project and its deadlines in the Idaho AI Challenge."),
  { name: "robots", content: "noindex" },
];

const card = "card p-6 sm:p-8";
const h2 = "text-2xl font-bold text-brand-950";
const input = "mt-1 w-full rounded-lg border border-slate-300 px-3 py-2";
const dangerButton = "rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800";

function WhyNot({ access, email }: { access: string; email: string | null }) {
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

export default function Portal({ loaderData, actionData }: Route.ComponentProps) {
  const { participant, window, deadline } = loaderData;
  const failed = (intent: Intent) => (actionData?.intent === intent ? actionData.message : null);
  return (
    <>
      <PageHero eyebrow="Participants" title="Challenge Portal" />
      <section className="section bg-slate-50">
        <div className="container-page max-w-4xl space-y-8">
          {!participant ? (
            <WhyNot access={loaderData.access} email={loaderData.email} />
          ) : (
            <>
              {actionData && !actionData.intent ? <Alert message={actionData.message} /> : null}
              <section aria-labelledby="status-heading" className={card} data-testid="portal-status">
                <h2 id="status-heading" className={h2}>
                  Your enrollment
                </h2>
                <p className="mt-2 text-slate-800">
                  {participant.enrolment.how === "individual"
                    ? `${participant.enrolment.firstName}, you're enrolled as an individual participant.`
                    : `${participant.enrolment.firstName}, you're enrolled through ${participant.enrolment.organizationName}.`}
                </p>
                <p className="mt-2 font-medium text-slate-800" data-testid="portal-window">
                  {window === "open"
                    ? `Drafts can be saved and submitted until ${deadline}. Submitting 48 hours early is wise.`
                    : window === "closed"
                      ? portalMessages.deadlinePassed(deadline)
                      : portalMessages.notOpenYet(loaderData.opens)}
                </p>
              </section>

              <Deadlines
                ids={participant.deadlineIds}
                statuses={participant.deadlineStatuses}
                editionId={loaderData.editionId}
                origin={participant.origin}
              />

              <section id="project" aria-labelledby="project-heading" className={card}>
                <h2 id="project-heading" className={h2}>
                  Your project
                </h2>
                <p className="mt-2 text-slate-800" data-testid="submission-status">
                  {!participant.status
                    ? "Not started yet."
                    : participant.status.status === "submitted"
                      ? `Submitted ${participant.status.submittedAt}; last changed ${participant.status.updatedAt}.`
                      : `Draft, last saved ${participant.status.updatedAt}. Not submitted yet.`}
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
                  {window === "open" ? "Work on your submission" : "View your submission"}
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
              </section>

              <Team participant={participant} window={window} failed={failed} actionData={actionData} />
            </>
          )}
        </div>
      </section>
    </>
  );
}

function Deadlines({
  ids,
  statuses,
  editionId,
  origin,
}: {
  ids: readonly string[];
  statuses: Readonly<Record<string, MilestoneStatus>>;
  editionId: string;
  origin: string;
}) {
  const milestones = editionById(editionId).milestones.filter((m) => ids.includes(m.id));
  return (
    <section aria-labelledby="deadlines-heading" className={card}>
      <h2 id="deadlines-heading" className={h2}>
        Deadlines
      </h2>
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
    </section>
  );
}

type LoaderParticipant = NonNullable<Route.ComponentProps["loaderData"]["participant"]>;

function Team({
  participant,
  window,
  failed,
  actionData,
}: {
  participant: LoaderParticipant;
  window: string;
  failed: (intent: Intent) => string | null;
  actionData: Route.ComponentProps["actionData"];
}) {
  const project = participant.project;
  const open = window === "open";
  const isTeam = !!project?.name;
  return (
    <section id="team" aria-labelledby="team-heading" className={card}>
      <h2 id="team-heading" className={h2}>
        {isTeam ? `Team ${project!.name}` : "Team"}
      </h2>
      {!isTeam ? (
        <>
          <p className="mt-2 text-slate-700">
            {`You're working alone. You may form a team of up to ${portalLimits.teamMaxMembers} people (the FAQ suggests ${teamSize.faq.min}–${teamSize.faq.max}); every member must be enrolled, and each person is in one team. Your draft stays with your team.`}
          </p>
          {open ? (
            <form method="post" className="mt-4 max-w-md space-y-3">
              <input type="hidden" name="intent" value="create-team" />
              <div>
                <label htmlFor="team-name" className="block text-sm font-semibold text-slate-800">
                  Team name
                </label>
                <input
                  id="team-name"
                  name="name"
                  required
                  defaultValue={actionData?.intent === "create-team" ? actionData.teamName : ""}
                  aria-invalid={failed("create-team") ? true : undefined}
                  aria-describedby={failed("create-team") ? "create-team-error" : undefined}
                  className={input}
                />
              </div>
              {failed("create-team") ? <Alert id="create-team-error" message={failed("create-team")!} /> : null}
              <button type="submit" className="btn-primary">
                Create a team
              </button>
            </form>
          ) : null}
        </>
      ) : (
        <>
          <h3 className="mt-4 font-semibold text-slate-900">Members</h3>
          <ul className="mt-2 divide-y divide-slate-100" data-testid="team-members">
            {project!.members.map((m) => (
              <li key={m.userId} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  {m.email}
                  {m.role === "lead" ? <span className="ml-2 text-sm text-slate-600">(lead)</span> : null}
                </span>
                {open && project!.role === "lead" && m.role === "member" ? (
                  <form method="post">
                    <input type="hidden" name="intent" value="remove-member" />
                    <input type="hidden" name="userId" value={m.userId} />
                    <button type="submit" className="text-sm font-semibold text-red-700 underline">
                      Remove<span className="sr-only"> {m.email}</span>
                    </button>
                  </form>
                ) : null}
              </li>
            ))}
          </ul>
          {failed("remove-member") ? <Alert message={failed("remove-member")!} /> : null}
          {project!.invitations.length > 0 ? (
            <>
              <h3 className="mt-4 font-semibold text-slate-900">Invited, not answered yet</h3>
              <ul className="mt-2 divide-y divide-slate-100" data-testid="team-invitations">
                {project!.invitations.map((i) => (
                  <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <span>
                      {i.email} <span className="text-sm text-slate-600">{`(link works until ${i.expires})`}</span>
                    </span>
                    {open && project!.role === "lead" ? (
                      <form method="post">
                        <input type="hidden" name="intent" value="cancel-invitation" />
                        <input type="hidden" name="invitationId" value={i.id} />
                        <button type="submit" className="text-sm font-semibold text-red-700 underline">
                          Cancel<span className="sr-only"> the invitation to {i.email}</span>
                        </button>
                      </form>
                    ) : null}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {failed("cancel-invitation") ? <Alert message={failed("cancel-invitation")!} /> : null}
          {open && project!.role === "lead" ? (
            <form method="post" className="mt-4 max-w-md space-y-3">
              <input type="hidden" name="intent" value="invite" />
              <div>
                <label htmlFor="invite-email" className="block text-sm font-semibold text-slate-800">
                  Invite a teammate by e-mail
                </label>
                <input
                  id="invite-email"
                  name="email"
                  type="email"
                  required
                  autoComplete="off"
                  defaultValue={actionData?.intent === "invite" ? actionData.email : ""}
                  aria-invalid={failed("invite") ? true : undefined}
                  aria-describedby={failed("invite") ? "invite-error" : "invite-hint"}
                  className={input}
                />
                <p id="invite-hint" className="mt-1 text-sm text-slate-600">
                  {`They must be enrolled to join. The link works once, for ${portalLimits.teamInvitationDays} days.`}
                </p>
              </div>
              {failed("invite") ? <Alert id="invite-error" message={failed("invite")!} /> : null}
              <button type="submit" className="btn-primary">
                Send invitation
              </button>
            </form>
          ) : null}
          {open ? (
            <details className="mt-6">
              <summary className="cursor-pointer font-semibold text-red-700">Leave this team…</summary>
              <form method="post" className="mt-2">
                <p className="max-w-md text-sm text-slate-700">
                  {project!.role === "lead" ? portalMessages.leaveAsLead : portalMessages.leaveAsMember}
                </p>
                <input type="hidden" name="intent" value="leave-team" />
                <button type="submit" className={`${dangerButton} mt-2`}>
                  Yes, leave the team
                </button>
              </form>
            </details>
          ) : (
            <p className="mt-4 text-sm text-slate-700">
              Team membership is frozen: the submission deadline has passed.
            </p>
          )}
          {failed("leave-team") ? <Alert message={failed("leave-team")!} /> : null}
          <p className="mt-4 text-sm text-slate-700">{portalMessages.membershipEnds}</p>
        </>
      )}
    </section>
  );
}
