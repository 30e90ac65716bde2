/** /portal's team section (issue 15): create a team, invite, cancel, remove, leave. */
import { portalLimits, portalMessages } from "~/content/portal";
import { teamSize } from "~/content/program";
import type { IntentActionData } from "~/forms/intent-action.server";
import type { ParticipantView } from "~/portal/home-view.server";
import { CreateTeamSchema, InviteMemberSchema } from "~/portal/schema";
import { Field } from "../forms";
import { IntentForm, intentErrors, Refusals, useIntentForm } from "../intent-form";
import { dangerButtonClass, SectionCard } from "../section-card";

type ActionData = IntentActionData | undefined;

export function TeamSection({
  participant,
  open,
  actionData,
}: {
  participant: ParticipantView;
  open: boolean;
  actionData: ActionData;
}) {
  const project = participant.project;
  return (
    <SectionCard id="team" title={project?.name ? `Team ${project.name}` : "Team"}>
      {!project?.name ? (
        <>
          <p className="mt-2 text-slate-700">
            {`You're working alone. You may form a team of up to ${portalLimits.teamMaxMembers} people (the FAQ suggests ${teamSize.faq.min}–${teamSize.faq.max}); every member must be enrolled, and each person is in one team. Your draft stays with your team.`}
          </p>
          {open ? <CreateTeamForm actionData={actionData} /> : null}
        </>
      ) : (
        <Members project={{ ...project, name: project.name }} open={open} actionData={actionData} />
      )}
    </SectionCard>
  );
}

function CreateTeamForm({ actionData }: { actionData: ActionData }) {
  const [form, fields] = useIntentForm("create-team", CreateTeamSchema, actionData);
  return (
    <IntentForm intent="create-team" form={form} className="mt-4 max-w-md space-y-3">
      <Field meta={fields.name} label="Team name" />
      <button type="submit" className="btn-primary">
        Create a team
      </button>
    </IntentForm>
  );
}

function Members({
  project,
  open,
  actionData,
}: {
  project: NonNullable<ParticipantView["project"]> & { name: string };
  open: boolean;
  actionData: ActionData;
}) {
  const lead = open && project.role === "lead";
  return (
    <>
      <h3 className="mt-4 font-semibold text-slate-900">Members</h3>
      <ul className="mt-2 divide-y divide-slate-100" data-testid="team-members">
        {project.members.map((m) => (
          <li key={m.userId} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="wrap-anywhere">
              {m.email}
              {m.role === "lead" ? <span className="ml-2 text-sm text-slate-600">(lead)</span> : null}
            </span>
            {lead && m.role === "member" ? (
              <IntentForm intent="remove-member" errors={[]}>
                <input type="hidden" name="userId" value={m.userId} />
                <button type="submit" className="text-sm font-semibold text-red-700 underline">
                  Remove<span className="sr-only"> {m.email}</span>
                </button>
              </IntentForm>
            ) : null}
          </li>
        ))}
      </ul>
      <Refusals messages={intentErrors(actionData, "remove-member")} />
      {project.invitations.length > 0 ? (
        <>
          <h3 className="mt-4 font-semibold text-slate-900">Invited, not answered yet</h3>
          <ul className="mt-2 divide-y divide-slate-100" data-testid="team-invitations">
            {project.invitations.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="wrap-anywhere">
                  {i.email} <span className="text-sm text-slate-600">{`(link works until ${i.expires})`}</span>
                </span>
                {lead ? (
                  <IntentForm intent="cancel-invitation" errors={[]}>
                    <input type="hidden" name="invitationId" value={i.id} />
                    <button type="submit" className="text-sm font-semibold text-red-700 underline">
                      Cancel<span className="sr-only"> the invitation to {i.email}</span>
                    </button>
                  </IntentForm>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <Refusals messages={intentErrors(actionData, "cancel-invitation")} />
      {lead ? <InviteForm actionData={actionData} /> : null}
      {open ? (
        <details className="mt-6">
          <summary className="cursor-pointer font-semibold text-red-700">Leave this team…</summary>
          <IntentForm intent="leave-team" className="mt-2" errors={intentErrors(actionData, "leave-team")}>
            <p className="max-w-md text-sm text-slate-700">
              {project.role === "lead" ? portalMessages.leaveAsLead : portalMessages.leaveAsMember}
            </p>
            <button type="submit" className={`${dangerButtonClass} mt-2`}>
              Yes, leave the team
            </button>
          </IntentForm>
        </details>
      ) : (
        <p className="mt-4 text-sm text-slate-700">Team membership is frozen: the submission deadline has passed.</p>
      )}
      <p className="mt-4 text-sm text-slate-700">{portalMessages.membershipEnds}</p>
    </>
  );
}

function InviteForm({ actionData }: { actionData: ActionData }) {
  const [form, fields] = useIntentForm("invite", InviteMemberSchema, actionData);
  return (
    <IntentForm intent="invite" form={form} className="mt-4 max-w-md space-y-3">
      <Field
        meta={fields.email}
        label="Invite a teammate by e-mail"
        type="email"
        autoComplete="off"
        hint={`They must be enrolled to join. The link works once, for ${portalLimits.teamInvitationDays} days.`}
      />
      <button type="submit" className="btn-primary">
        Send invitation
      </button>
    </IntentForm>
  );
}
