/**
 * /organize/judges' sections (issues 24 and 32), one tab at a time (issue
 * 56): the judges with their progress (filtered by a GET form); inviting by
 * address beside the invitations still open (resend, revoke); and the
 * interest forms of people who offered to judge, each with a one-click
 * invitation. The advisors' and profiles' tabs are ./profiles.tsx.
 */
import { getInputProps } from "@conform-to/react";
import type { IntentActionData } from "~/forms/intent-action.server";
import type { JudgesDeskView } from "~/judging/desk.server";
import { InviteJudgeSchema } from "~/judging/schema";
import { ErrorList } from "../forms";
import { AdvisoryGroupSelect } from "./profiles";
import { IntentForm, intentErrors, Refusals, useIntentForm } from "../intent-form";
import { dangerButtonClass, SectionCard } from "../section-card";
import { cellClass, DeskTable, deskControlClass, deskLabelClass, deskLinkClass, Empty, Pager } from "./desk";
import { DeskTabs } from "./desk-tabs";

export type JudgesTabView<Tab extends JudgesDeskView["view"]> = Extract<JudgesDeskView, { view: Tab }>;
type Props<Tab extends JudgesDeskView["view"]> = { view: JudgesTabView<Tab>; actionData?: IntentActionData };

const tabNames = {
  judges: "Judges",
  invitations: "Invitations",
  interests: "Offers to judge",
  advisors: "Advisors",
  "advisor-interests": "Offers to advise",
  profiles: "Profiles",
} as const;

/** The page's tabs: one table each. */
export function JudgesTabs({ view }: { view: JudgesDeskView }) {
  return <DeskTabs label="Judges' tables" tabs={view.tabs} current={view.tab} names={tabNames} />;
}

export function JudgesSection({ view, actionData }: Props<"judges">) {
  const { filter, judges } = view;
  return (
    <SectionCard id="judges" title="Judges and their progress">
      <p className="mt-2 text-sm text-slate-700">
        {`${view.counts.active} active, ${view.counts.left} stepped down. "Scored" counts assigned projects with all five criteria scored; scores are final ${view.scoresFinal}.`}
      </p>
      <form method="get" action="/organize/judges#judges" className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="judges-status" className={deskLabelClass}>
            Show
          </label>
          <select id="judges-status" name="status" defaultValue={filter.status} className={deskControlClass}>
            <option value="active">Active judges</option>
            <option value="left">Judges who stepped down</option>
            <option value="all">All judges</option>
          </select>
        </div>
        <div>
          <label htmlFor="judges-q" className={deskLabelClass}>
            Name or e-mail
          </label>
          <input id="judges-q" name="q" type="search" defaultValue={filter.q} className={deskControlClass} />
        </div>
        <button type="submit" className="btn-outline">
          Show
        </button>
      </form>
      <Refusals messages={intentErrors(actionData, "remove")} />
      {judges.total === 0 ? (
        <Empty>
          {filter.q || filter.status !== "active"
            ? "No judge matches this filter."
            : "No judges yet. Invite them from the Invitations tab, by address, or from the offers to judge."}
        </Empty>
      ) : (
        <DeskTable
          id="judges-table"
          caption="Judges and their progress"
          head={["Judge", "Assigned", "Scored", "Left to score", ""]}
        >
          {judges.items.map((j) => (
            <tr key={j.userId}>
              <td className={`${cellClass} break-all`}>
                {j.name}
                <span className="block text-xs text-slate-600">{j.email}</span>
                {j.left ? <span className="block text-xs text-amber-800">Stepped down {j.left}</span> : null}
              </td>
              <td className={cellClass}>{j.assigned}</td>
              <td className={cellClass}>{j.scored}</td>
              <td className={cellClass}>{j.remaining}</td>
              <td className={cellClass}>
                {j.removeHref ? (
                  <a href={j.removeHref} className="text-red-700 underline">
                    Remove<span className="sr-only"> {j.email}</span>…
                  </a>
                ) : null}
              </td>
            </tr>
          ))}
        </DeskTable>
      )}
      <Pager paged={judges} label="Judges" />
      {view.removing ? <RemoveJudge removing={view.removing} /> : null}
    </SectionCard>
  );
}

/** The one removal form: for the judge whose "Remove…" link was followed, with a way back. */
function RemoveJudge({ removing }: { removing: NonNullable<JudgesTabView<"judges">["removing"]> }) {
  return (
    <div id="remove-judge" className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4">
      <h3 id="remove-judge-heading" className="text-lg font-semibold text-slate-900">
        {`Remove ${removing.name}?`}
      </h3>
      <IntentForm intent="remove" className="mt-2" errors={[]} labelledBy="remove-judge-heading">
        <input type="hidden" name="email" value={removing.email} />
        <p className="mb-2 text-sm text-slate-700">
          Their complete scores keep counting; each project they have not finished goes to another judge.
        </p>
        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" className={dangerButtonClass}>
            {`Yes, remove ${removing.email}`}
          </button>
          <a href={removing.cancel} className={deskLinkClass}>
            Keep them
          </a>
        </div>
      </IntentForm>
    </div>
  );
}

export function InviteSection({ view, actionData }: Props<"invitations">) {
  const byAddress = actionData?.intent === "invite" && !actionData.result.initialValue?.interestId;
  const [form, fields] = useIntentForm("invite", InviteJudgeSchema, byAddress ? actionData : undefined);
  const { key: emailKey, ...email } = getInputProps(fields.email, { type: "email" });
  const { key: nameKey, ...name } = getInputProps(fields.name, { type: "text" });
  if (!view.canInvite) return null;
  return (
    <SectionCard id="invite" title="Invite a judge or advisor">
      <p className="mt-2 text-sm text-slate-700">
        {`The e-mailed link works once, for ${view.invitationValidDays} days, for a signed-in account with that address, verified, with two-step sign-in on. Inviting an address again replaces its earlier link.`}
      </p>
      <IntentForm intent="invite" form={form} className="mt-4 space-y-4">
        <div>
          <label htmlFor={fields.email.id} className={deskLabelClass}>
            E-mail
          </label>
          <input key={emailKey} {...email} autoComplete="off" className={deskControlClass} />
          <ErrorList id={fields.email.errorId} errors={fields.email.errors} />
        </div>
        <div>
          <label htmlFor={fields.name.id} className={deskLabelClass}>
            Name <span className="font-normal text-slate-600">(optional)</span>
          </label>
          <input key={nameKey} {...name} autoComplete="off" className={deskControlClass} />
          <ErrorList id={fields.name.errorId} errors={fields.name.errors} />
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="invite-standing" className={deskLabelClass}>
              Invite as
            </label>
            <select id="invite-standing" name="standing" defaultValue="judge" className={deskControlClass}>
              <option value="judge">Judge (scores projects)</option>
              <option value="advisor">Advisor (no scoring)</option>
            </select>
          </div>
          <AdvisoryGroupSelect id="invite-advisory-group" groups={view.groups} />
        </div>
        <ErrorList id={fields.advisoryGroup.errorId} errors={fields.advisoryGroup.errors} />
        <button type="submit" className="btn-primary">
          Send invitation
        </button>
      </IntentForm>
    </SectionCard>
  );
}

export function InvitationsSection({ view, actionData }: Props<"invitations">) {
  return (
    <SectionCard id="invitations" title="Invitations still open">
      <Refusals messages={intentErrors(actionData, "revoke-invitation")} />
      {view.invitations.total === 0 ? (
        <Empty>No invitation is waiting for an answer.</Empty>
      ) : (
        <DeskTable id="invitations-table" caption="Open invitations" head={["Invited", "Sent", "Link works until", ""]}>
          {view.invitations.items.map((i) => (
            <tr key={i.id}>
              <td className={`${cellClass} break-all`}>
                {i.name ?? i.email}
                {i.name ? <span className="block text-xs text-slate-600">{i.email}</span> : null}
                {i.standing === "advisor" ? <span className="block text-xs text-slate-600">Advisor</span> : null}
              </td>
              <td className={cellClass}>{i.sentAt}</td>
              <td className={cellClass}>{i.expiresAt}</td>
              <td className={cellClass}>
                {view.canInvite ? (
                  <div className="flex flex-wrap gap-3">
                    <IntentForm intent="invite" errors={[]}>
                      <input type="hidden" name="email" value={i.email} />
                      {i.name ? <input type="hidden" name="name" value={i.name} /> : null}
                      <input type="hidden" name="standing" value={i.standing} />
                      {i.advisoryGroup ? <input type="hidden" name="advisoryGroup" value={i.advisoryGroup} /> : null}
                      <button type="submit" className="text-brand-700 underline">
                        Resend<span className="sr-only"> to {i.email}</span>
                      </button>
                    </IntentForm>
                    <IntentForm intent="revoke-invitation" errors={[]}>
                      <input type="hidden" name="invitationId" value={i.id} />
                      <button type="submit" className="text-red-700 underline">
                        Revoke<span className="sr-only"> {i.email}&apos;s invitation</span>
                      </button>
                    </IntentForm>
                  </div>
                ) : null}
              </td>
            </tr>
          ))}
        </DeskTable>
      )}
      <Pager paged={view.invitations} label="Open invitations" />
    </SectionCard>
  );
}

const interestStatus = { already: "A judge already", invited: "Invited", open: "Not invited yet" } as const;

export function InterestsSection({ view, actionData }: Props<"interests">) {
  const fromInterest =
    actionData?.intent === "invite" &&
    actionData.result.initialValue?.interestId &&
    actionData.result.initialValue?.standing !== "advisor";
  const { interests } = view;
  return (
    <SectionCard id="interests" title="Offers to judge">
      <p className="mt-2 text-sm text-slate-700">
        People who sent the judge/advisor interest form offering to judge. Inviting uses the form&apos;s address and
        name.
      </p>
      {fromInterest ? (
        <Refusals
          messages={Object.values(actionData.result.error ?? {})
            .flat()
            .filter((message): message is string => typeof message === "string")}
        />
      ) : null}
      {interests.total === 0 ? (
        <Empty>
          No one has offered to judge yet. The form is at{" "}
          <a href="/judge-advisor-register" className={deskLinkClass}>
            /judge-advisor-register
          </a>
          .
        </Empty>
      ) : (
        <DeskTable
          id="interests-table"
          caption="Offers to judge"
          head={["Person", "Organization", "Sent", "Status", ""]}
        >
          {interests.items.map((i) => (
            <tr key={i.id}>
              <td className={`${cellClass} break-all`}>
                {i.name}
                <span className="block text-xs text-slate-600">{i.email}</span>
              </td>
              <td className={cellClass}>
                {i.organization}
                <span className="block text-xs text-slate-600">{i.title}</span>
              </td>
              <td className={cellClass}>{i.sentAt}</td>
              <td className={cellClass}>{interestStatus[i.status]}</td>
              <td className={cellClass}>
                {view.canInvite && i.status !== "already" ? (
                  <IntentForm intent="invite" errors={[]}>
                    <input type="hidden" name="interestId" value={String(i.id)} />
                    <button type="submit" className="text-brand-700 underline">
                      {i.status === "invited" ? "Invite again" : "Invite"}
                      <span className="sr-only"> {i.name}</span>
                    </button>
                  </IntentForm>
                ) : null}
              </td>
            </tr>
          ))}
        </DeskTable>
      )}
      <Pager paged={interests} label="Offers to judge" />
    </SectionCard>
  );
}
