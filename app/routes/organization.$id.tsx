/**
 * The organization dashboard (issue 14): the company code (copy, regenerate),
 * inviting employees, the employees enrolled with the code (search, CSV,
 * remove), the recognition tier, co-administrators and the audit log.
 *
 * Server-rendered with plain forms and no hydration: every action is a POST
 * with an `intent`, answered with a redirect and a toast (or the page again
 * with the message and what was typed). Only the organization's owner and
 * co-administrators see it; anyone else gets a 404 (app/organization/access.server.ts).
 */
import { signedInPageHeaders } from "~/forms/action.server";
import { data } from "react-router";
import { Alert } from "~/components/alert";
import { useNonce } from "~/components/nonce";
import { PageHero } from "~/components/page";
import { organizationLimits, organizationMessages } from "~/content/organization";
import { requestContext } from "~/context";
import { clientAllowed } from "~/lib/client-limit.server";
import { log } from "~/lib/log.server";
import { pageMeta, siteOrigin } from "~/lib/meta";
import { redirectWithToast, type ToastInput } from "~/lib/toast.server";
import { requestClock, requestNow } from "~/clock/page-clock.server";
import { formatMountain } from "~/clock/schedule";
import { formatCompanyCode } from "~/payments/company-code";
import { requireOrganization } from "~/organization/access.server";
import { cancelAdminInvitation, inviteAdmin, removeAdmin } from "~/organization/admins.server";
import { regenerateCode } from "~/organization/code.server";
import {
  enrolledEmployees,
  invitationsSentToday,
  liveCodeFor,
  organizers,
  participantCount,
  pendingAdminInvitations,
  projectStatuses,
  recentEvents,
  searchText,
} from "~/organization/dashboard.server";
import { removeEmployee } from "~/organization/employees.server";
import { inviteEmployees } from "~/organization/invitations.server";
import { tierProgress } from "~/organization/tier";
import type { Route } from "./+types/organization.$id";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user, organization, db } = await requireOrganization(request, context, params.id);
  const now = requestNow(context);
  const q = searchText(new URL(request.url).searchParams.get("q"));
  const { edition } = requestClock(context);
  const [code, employees, participants, people, invitations, sentToday, events, projects] = await Promise.all([
    liveCodeFor(db, organization.id),
    enrolledEmployees(db, organization.id, q),
    participantCount(db, organization.id),
    organizers(db, organization),
    pendingAdminInvitations(db, organization.id, now),
    invitationsSentToday(db, organization.id, now),
    recentEvents(db, organization.id),
    projectStatuses(db, organization.id, edition.id),
  ]);
  return data(
    {
      organization: { id: organization.id, name: organization.name, role: organization.role },
      me: user.id,
      code: code ? formatCompanyCode(code) : null,
      q,
      employees: employees.map((e) => ({
        ...e,
        enrolledOn: formatMountain(new Date(e.enrolledAt), "date"),
        project: projectLabel(projects.get(e.userId)),
      })),
      tier: tierProgress(participants),
      organizers: people,
      invitations: invitations.map((i) => ({ ...i, expires: formatMountain(new Date(i.expiresAt), "dateTime") })),
      invitationsLeftToday: Math.max(0, organizationLimits.invitationsPerDay - sentToday),
      events: events.map((e) => ({ ...e, when: formatMountain(new Date(e.at), "dateTime") })),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** An employee's project this edition, as the Project column says it. */
function projectLabel(project: { status: "draft" | "submitted"; submittedAt: string | null } | undefined): string {
  if (!project) return "Not started";
  if (project.status === "submitted" && project.submittedAt) {
    return `Submitted ${formatMountain(new Date(project.submittedAt), "date")}`;
  }
  return "Draft";
}

const intents = [
  "regenerate",
  "invite",
  "remove-employee",
  "invite-admin",
  "cancel-admin-invitation",
  "remove-admin",
] as const;
type Intent = (typeof intents)[number];

type ActionData = { intent: Intent | null; message: string; addresses?: string; adminEmail?: string };

function refuse(body: ActionData, status: number, headers?: HeadersInit) {
  return data<ActionData>(body, { status, headers });
}

/** After a POST: 303, so the browser GETs the page with its toast. */
function seeOther(env: Env, url: string, toast: ToastInput) {
  return redirectWithToast(env, url, toast, { status: 303 });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { env, requestId } = context.get(requestContext);
  const { user, organization, db } = await requireOrganization(request, context, params.id);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refuse({ intent: null, message: organizationMessages.unknownIntent }, 400);
  }
  const value = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  const intent = intents.find((i) => i === value("intent")) ?? null;
  if (!intent) return refuse({ intent: null, message: organizationMessages.unknownIntent }, 400);
  // Counted per client, organization and kind of change (issue 14): a script cannot mail or churn in bulk.
  if (!(await clientAllowed(env, "organization", request, organization.id, intent))) {
    log("warn", "organization.rate_limited", { requestId, organizationId: organization.id, intent });
    return refuse(
      { intent, message: organizationMessages.rateLimited, addresses: value("addresses"), adminEmail: value("email") },
      429,
      { "Retry-After": "60" },
    );
  }
  const now = requestNow(context);
  const origin = siteOrigin(request, env);
  const here = `/organization/${organization.id}`;
  const logged = (outcome: string, extra: Record<string, unknown> = {}) =>
    log("info", "organization.action", {
      requestId,
      organizationId: organization.id,
      userId: user.id,
      intent,
      outcome,
      ...extra,
    });

  switch (intent) {
    case "regenerate": {
      const result = await regenerateCode(env, db, organization, user, { now, origin, requestId });
      logged(result.ok ? "done" : result.reason);
      if (!result.ok) {
        const message =
          result.reason === "suspended" ? organizationMessages.codeSuspended : organizationMessages.changedMeanwhile;
        return refuse({ intent, message }, 409);
      }
      return seeOther(env, `${here}#code`, {
        type: "success",
        title: "New company code issued",
        description: organizationMessages.codeRegenerated,
      });
    }
    case "invite": {
      const addresses = value("addresses");
      const result = await inviteEmployees(env, db, organization, user, addresses, { now, origin, requestId });
      logged(result.ok ? "done" : "refused", result.ok ? { sent: result.sent } : {});
      if (!result.ok) return refuse({ intent, message: result.message, addresses }, result.status);
      return seeOther(env, `${here}#invite`, {
        type: "success",
        title: "Invitations",
        description: result.message,
      });
    }
    case "remove-employee": {
      const result = await removeEmployee(env, db, organization, user, value("registrationId"), {
        now,
        origin,
        requestId,
      });
      logged(result.ok ? "done" : result.reason);
      if (!result.ok) return refuse({ intent, message: organizationMessages.employeeNotFound }, 404);
      return seeOther(env, `${here}#employees`, {
        type: "success",
        title: "Employee removed",
        description: organizationMessages.employeeRemoved(result.name),
      });
    }
    case "invite-admin": {
      const email = value("email");
      const result = await inviteAdmin(env, db, organization, user, email, { now, origin, requestId });
      logged(result.ok ? "done" : "refused");
      if (!result.ok) return refuse({ intent, message: result.message, adminEmail: email }, result.status);
      return seeOther(env, `${here}#admins`, {
        type: "success",
        title: "Invitation sent",
        description: result.message,
      });
    }
    case "cancel-admin-invitation":
    case "remove-admin": {
      const result =
        intent === "remove-admin"
          ? await removeAdmin(db, organization, user, value("userId"), now)
          : await cancelAdminInvitation(db, organization, user, value("invitationId"), now);
      logged(result.ok ? "done" : "refused");
      if (!result.ok) return refuse({ intent, message: result.message }, result.status);
      return seeOther(env, `${here}#admins`, { type: "success", title: "Done", description: result.message });
    }
  }
}

export const headers = signedInPageHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(
    loaderData ? `${loaderData.organization.name}: organization dashboard` : "Organization dashboard",
    "Your organization's company code, employees and recognition tier.",
  ),
  { name: "robots", content: "noindex" },
];

const eventLabels: Record<string, string> = {
  code_regenerated: "Regenerated the company code",
  employees_invited: "Invited employees",
  employee_removed: "Removed an employee",
  admin_invited: "Invited a co-administrator",
  admin_invitation_cancelled: "Cancelled a co-administrator invitation",
  admin_added: "Joined as co-administrator",
  admin_removed: "Removed a co-administrator",
};

function eventDetail(action: string, detail: string | null): string {
  if (!detail) return "";
  try {
    const d = JSON.parse(detail) as Record<string, unknown>;
    if (action === "employees_invited") return `${String(d.sent)} sent`;
    if (action === "admin_invited") return String(d.email ?? "");
  } catch {
    // An unreadable detail is simply not shown.
  }
  return "";
}

const card = "card p-6 sm:p-8";
const h2 = "text-2xl font-bold text-brand-950";
const dangerButton = "rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800";

export default function OrganizationDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { organization, code, tier, employees, q } = loaderData;
  const failed = (intent: Intent) => (actionData?.intent === intent ? actionData.message : null);
  const general = actionData && actionData.intent === null ? actionData.message : null;
  return (
    <>
      <PageHero
        eyebrow="Organization dashboard"
        title={organization.name}
        lead={organization.role === "owner" ? "You bought this Workforce Package." : "You're a co-administrator."}
      />
      <section className="section bg-slate-50">
        <div className="container-page max-w-4xl space-y-8">
          {general ? <Alert message={general} /> : null}

          <section id="code" aria-labelledby="code-heading" className={card}>
            <h2 id="code-heading" className={h2}>
              Company code
            </h2>
            {code ? (
              <>
                <p className="mt-2 text-slate-700">
                  Employees enter it on the Individual registration form and are enrolled at no charge. Keep it within
                  your organization.
                </p>
                <div className="mt-4 flex flex-wrap items-center gap-3">
                  <label htmlFor="company-code" className="sr-only">
                    Company code
                  </label>
                  <input
                    id="company-code"
                    data-testid="company-code"
                    readOnly
                    value={code}
                    size={code.length + 2}
                    className="rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-2xl font-bold tracking-wider text-brand-900"
                  />
                  <CopyButton target="company-code" />
                </div>
                <details className="mt-6">
                  <summary className="cursor-pointer font-semibold text-brand-800">Regenerate the code…</summary>
                  <div className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
                    <p>
                      A new code replaces this one at once: <strong>the current code stops enrolling anyone</strong>.
                      Employees already enrolled stay enrolled. Every organizer is told by e-mail.
                    </p>
                    <form method="post" className="mt-3">
                      <input type="hidden" name="intent" value="regenerate" />
                      <button type="submit" className={dangerButton}>
                        Yes, regenerate the code
                      </button>
                    </form>
                  </div>
                </details>
              </>
            ) : (
              <p className="mt-2 text-slate-700" data-testid="code-suspended">
                {organizationMessages.codeSuspended}
              </p>
            )}
            {failed("regenerate") ? <Alert message={failed("regenerate")!} /> : null}
          </section>

          <section id="tier" aria-labelledby="tier-heading" className={card}>
            <h2 id="tier-heading" className={h2}>
              Recognition tier
            </h2>
            <p className="mt-2 text-slate-700" data-testid="participant-count">
              {`${tier.participants} ${tier.participants === 1 ? "employee is" : "employees are"} enrolled today.`}
            </p>
            <p className="mt-1 text-lg font-semibold text-brand-900" data-testid="current-tier">
              {tier.current
                ? `${tier.current.name}${tier.current.badge ? ` (${tier.current.badge})` : ""}`
                : "No recognition tier yet"}
            </p>
            {tier.next ? (
              <div className="mt-3">
                <label htmlFor="tier-progress" className="text-sm text-slate-700" data-testid="next-tier">
                  {`${tier.toNext} more for ${tier.next.name} (${tier.next.minParticipants} participants)`}
                </label>
                <progress
                  id="tier-progress"
                  className="mt-1 block h-3 w-full"
                  value={tier.participants}
                  max={tier.next.minParticipants}
                >
                  {`${tier.participants} of ${tier.next.minParticipants}`}
                </progress>
              </div>
            ) : (
              <p className="mt-2 text-sm text-slate-700">The highest tier: thank you for leading Idaho's workforce.</p>
            )}
          </section>

          <section id="invite" aria-labelledby="invite-heading" className={card}>
            <h2 id="invite-heading" className={h2}>
              Invite employees
            </h2>
            <form method="post" className="mt-4 space-y-3">
              <input type="hidden" name="intent" value="invite" />
              <label htmlFor="addresses" className="block text-sm font-semibold text-slate-800">
                E-mail addresses
              </label>
              <p id="addresses-hint" className="text-sm text-slate-500">
                {`Up to ${organizationLimits.invitationsPerPaste} at a time, separated by commas, spaces or new lines. Each gets an e-mail with the code and a link that fills it in. You can send ${loaderData.invitationsLeftToday} more today.`}
              </p>
              <textarea
                id="addresses"
                name="addresses"
                rows={6}
                defaultValue={actionData?.intent === "invite" ? actionData.addresses : ""}
                aria-describedby={failed("invite") ? "addresses-hint addresses-error" : "addresses-hint"}
                aria-invalid={failed("invite") ? true : undefined}
                disabled={!code}
                className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 font-mono text-sm"
              />
              {failed("invite") ? (
                <p id="addresses-error" role="alert" className="text-sm font-medium text-red-700">
                  {failed("invite")}
                </p>
              ) : null}
              <button type="submit" className="btn-primary" disabled={!code}>
                Send invitations
              </button>
            </form>
          </section>

          <section id="employees" aria-labelledby="employees-heading" className={card}>
            <h2 id="employees-heading" className={h2}>
              Employees
            </h2>
            <p className="mt-2 text-sm text-slate-600">
              Everyone enrolled with your code, and where their project stands in the Challenge Portal this edition: not
              started, a draft, or submitted.
            </p>
            <div className="mt-4 flex flex-wrap items-end justify-between gap-3">
              <form method="get" role="search" className="flex items-end gap-2">
                <div>
                  <label htmlFor="q" className="block text-sm font-semibold text-slate-800">
                    Search by name or e-mail
                  </label>
                  <input
                    id="q"
                    name="q"
                    type="search"
                    defaultValue={q}
                    className="mt-1 rounded-lg border border-slate-300 px-3 py-2"
                  />
                </div>
                <button type="submit" className="btn-outline">
                  Search
                </button>
              </form>
              <a href={`/organization/${organization.id}/employees.csv`} className="btn-outline" download>
                Download CSV
              </a>
            </div>
            {failed("remove-employee") ? <Alert message={failed("remove-employee")!} /> : null}
            {employees.length === 0 ? (
              <p className="mt-4 text-slate-700" data-testid="no-employees">
                {q ? `Nobody enrolled matches “${q}”.` : "Nobody has enrolled with your code yet."}
              </p>
            ) : (
              <div className="mt-4 overflow-x-auto">
                <table className="w-full text-left text-sm" data-testid="employees">
                  <caption className="sr-only">Employees enrolled with the company code</caption>
                  <thead>
                    <tr className="border-b border-slate-300">
                      <th scope="col" className="py-2 pr-4">
                        Name
                      </th>
                      <th scope="col" className="py-2 pr-4">
                        E-mail
                      </th>
                      <th scope="col" className="py-2 pr-4">
                        Enrolled
                      </th>
                      <th scope="col" className="py-2 pr-4">
                        Project
                      </th>
                      <th scope="col" className="py-2">
                        <span className="sr-only">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {employees.map((e) => (
                      <tr key={e.id} className="border-b border-slate-100 align-top">
                        <td className="py-2 pr-4">{`${e.firstName} ${e.lastName}`}</td>
                        <td className="py-2 pr-4 break-all">{e.email}</td>
                        <td className="py-2 pr-4 whitespace-nowrap">{e.enrolledOn}</td>
                        <td className="py-2 pr-4 whitespace-nowrap" data-testid="project-status">
                          {e.project}
                        </td>
                        <td className="py-2">
                          <details>
                            <summary className="cursor-pointer text-red-700">
                              Remove<span className="sr-only"> {`${e.firstName} ${e.lastName}`}</span>…
                            </summary>
                            <form method="post" className="mt-2">
                              <p className="max-w-xs text-xs text-slate-700">
                                {`${e.firstName} loses the enrollment at no charge and is told by e-mail.`}
                              </p>
                              <input type="hidden" name="intent" value="remove-employee" />
                              <input type="hidden" name="registrationId" value={e.id} />
                              <button type="submit" className={`${dangerButton} mt-2`}>
                                {`Yes, remove ${e.firstName} ${e.lastName}`}
                              </button>
                            </form>
                          </details>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>

          <section id="admins" aria-labelledby="admins-heading" className={card}>
            <h2 id="admins-heading" className={h2}>
              Co-administrators
            </h2>
            <p className="mt-2 text-sm text-slate-600">
              People who manage this organization with you. They sign in with their own account.
            </p>
            <ul className="mt-4 divide-y divide-slate-100" data-testid="organizers">
              {loaderData.organizers.map((o) => (
                <li key={o.userId} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>
                    {o.email}{" "}
                    <span className="text-sm text-slate-500">
                      {o.role === "owner" ? "(bought the package)" : "(co-administrator)"}
                      {o.userId === loaderData.me ? " — you" : ""}
                    </span>
                  </span>
                  {o.role === "admin" ? (
                    <details>
                      <summary className="cursor-pointer text-sm text-red-700">
                        Remove<span className="sr-only"> {o.email}</span>…
                      </summary>
                      <form method="post" className="mt-2">
                        <input type="hidden" name="intent" value="remove-admin" />
                        <input type="hidden" name="userId" value={o.userId} />
                        <button type="submit" className={dangerButton}>
                          {`Yes, remove ${o.email}`}
                        </button>
                      </form>
                    </details>
                  ) : null}
                </li>
              ))}
              {loaderData.invitations.map((i) => (
                <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>
                    {i.email}{" "}
                    <span className="text-sm text-slate-500">(invited; the link works until {i.expires})</span>
                  </span>
                  <form method="post">
                    <input type="hidden" name="intent" value="cancel-admin-invitation" />
                    <input type="hidden" name="invitationId" value={i.id} />
                    <button type="submit" className="text-sm text-red-700 underline">
                      Cancel invitation<span className="sr-only"> for {i.email}</span>
                    </button>
                  </form>
                </li>
              ))}
            </ul>
            {failed("remove-admin") ? <Alert message={failed("remove-admin")!} /> : null}
            {failed("cancel-admin-invitation") ? <Alert message={failed("cancel-admin-invitation")!} /> : null}
            <form method="post" className="mt-4 flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="invite-admin" />
              <div>
                <label htmlFor="admin-email" className="block text-sm font-semibold text-slate-800">
                  Invite by e-mail
                </label>
                <input
                  id="admin-email"
                  name="email"
                  type="email"
                  autoComplete="off"
                  defaultValue={actionData?.intent === "invite-admin" ? actionData.adminEmail : ""}
                  aria-invalid={failed("invite-admin") ? true : undefined}
                  aria-describedby={failed("invite-admin") ? "admin-email-error" : undefined}
                  className="mt-1 rounded-lg border border-slate-300 px-3 py-2"
                />
              </div>
              <button type="submit" className="btn-outline">
                Send invitation
              </button>
            </form>
            {failed("invite-admin") ? (
              <p id="admin-email-error" role="alert" className="mt-2 text-sm font-medium text-red-700">
                {failed("invite-admin")}
              </p>
            ) : null}
          </section>

          <section id="activity" aria-labelledby="activity-heading" className={card}>
            <h2 id="activity-heading" className={h2}>
              Activity
            </h2>
            {loaderData.events.length === 0 ? (
              <p className="mt-2 text-slate-700">No changes yet.</p>
            ) : (
              <ul className="mt-3 space-y-1 text-sm text-slate-700" data-testid="activity">
                {loaderData.events.map((e) => (
                  <li key={e.id}>
                    {e.when}: {e.actorEmail ?? "a deleted account"} — {eventLabels[e.action] ?? e.action}
                    {eventDetail(e.action, e.detail) ? ` (${eventDetail(e.action, e.detail)})` : ""}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </section>
    </>
  );
}

/**
 * A copy button for the code: hidden until a tiny inline script (carrying the
 * response's CSP nonce) shows and wires it; without JavaScript the code is
 * selectable text in a read-only field.
 */
function CopyButton({ target }: { target: string }) {
  const nonce = useNonce();
  const script = `(()=>{const b=document.getElementById("copy-${target}"),i=document.getElementById("${target}");if(!b||!i||!navigator.clipboard)return;b.hidden=false;b.addEventListener("click",()=>{navigator.clipboard.writeText(i.value).then(()=>{b.textContent="Copied"},()=>{i.select()})})})();`;
  return (
    <>
      <button id={`copy-${target}`} type="button" hidden className="btn-outline">
        Copy
      </button>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />
    </>
  );
}
