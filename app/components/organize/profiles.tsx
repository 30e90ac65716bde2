/**
 * /organize/judges' advisors and profiles (issue 54), each a tab (issue 56):
 * the offers to advise, each invited (the same invitation as a judge's, with
 * an advisor's standing and the advisory group chosen here), the edition's
 * advisors, and the profiles judges and advisors gave, published with one
 * button. Plain forms.
 */
import type { IntentActionData } from "~/forms/intent-action.server";
import type { JudgesDeskView } from "~/judging/desk.server";
import { profilePaths } from "~/content/profiles";
import { IntentForm, intentErrors, Refusals } from "../intent-form";
import { SectionCard } from "../section-card";
import { cellClass, DeskTable, deskControlClass, deskLabelClass, deskLinkClass, Empty, Pager } from "./desk";

type TabView<Tab extends JudgesDeskView["view"]> = Extract<JudgesDeskView, { view: Tab }>;

const interestStatus = { already: "An advisor already", invited: "Invited", open: "Not invited yet" } as const;

/** The advisory group's choice, for an advisor's invitation. */
export function AdvisoryGroupSelect({ id, groups }: { id: string; groups: readonly { id: string; name: string }[] }) {
  return (
    <div>
      <label htmlFor={id} className={deskLabelClass}>
        Advisory group
      </label>
      <select id={id} name="advisoryGroup" className={deskControlClass} defaultValue={groups[0]?.id}>
        {groups.map((g) => (
          <option key={g.id} value={g.id}>
            {g.name}
          </option>
        ))}
      </select>
    </div>
  );
}

export function AdvisorsSection({ view }: { view: TabView<"advisors"> }) {
  return (
    <SectionCard id="advisors" title="Advisors">
      <p className="mt-2 text-sm text-slate-700">
        An advisor is invited and accepts as a judge does, with the advisory group chosen on the offer to advise or the
        invitation. Advisors never score and are never assigned projects.
      </p>
      {view.advisors.total === 0 ? (
        <Empty>No advisor has accepted an invitation yet.</Empty>
      ) : (
        <DeskTable id="advisors-table" caption="Advisors" head={["Advisor", "Group", "Joined"]}>
          {view.advisors.items.map((a) => (
            <tr key={a.email}>
              <td className={`${cellClass} break-all`}>
                {a.name}
                <span className="block text-xs text-slate-600">{a.email}</span>
              </td>
              <td className={cellClass}>{a.group}</td>
              <td className={cellClass}>{a.joined}</td>
            </tr>
          ))}
        </DeskTable>
      )}
      <Pager paged={view.advisors} label="Advisors" />
    </SectionCard>
  );
}

export function AdvisorInterestsSection({
  view,
  actionData,
}: {
  view: TabView<"advisor-interests">;
  actionData?: IntentActionData;
}) {
  const fromAdvisorInterest =
    actionData?.intent === "invite" &&
    actionData.result.initialValue?.interestId &&
    actionData.result.initialValue?.standing === "advisor";
  const { interests } = view;
  return (
    <SectionCard id="advisor-interests" title="Offers to advise">
      <p className="mt-2 text-sm text-slate-700">
        People who sent the judge/advisor interest form offering to advise. Inviting uses the form&apos;s address and
        name, with the advisory group chosen here.
      </p>
      {fromAdvisorInterest ? (
        <Refusals
          messages={Object.values(actionData.result.error ?? {})
            .flat()
            .filter((message): message is string => typeof message === "string")}
        />
      ) : null}
      {interests.total === 0 ? (
        <Empty>
          No one has offered to advise yet. The form is at{" "}
          <a href="/judge-advisor-register" className={deskLinkClass}>
            /judge-advisor-register
          </a>
          .
        </Empty>
      ) : (
        <DeskTable
          id="advisor-interests-table"
          caption="Offers to advise"
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
                  <IntentForm intent="invite" errors={[]} className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="interestId" value={String(i.id)} />
                    <input type="hidden" name="standing" value="advisor" />
                    <AdvisoryGroupSelect id={`advisory-group-${i.id}`} groups={view.groups} />
                    <button type="submit" className="text-brand-700 underline">
                      {i.status === "invited" ? "Invite again as advisor" : "Invite as advisor"}
                      <span className="sr-only"> {i.name}</span>
                    </button>
                  </IntentForm>
                ) : null}
              </td>
            </tr>
          ))}
        </DeskTable>
      )}
      <Pager paged={interests} label="Offers to advise" />
    </SectionCard>
  );
}

const profileStatus = {
  published: "Published",
  changed: "Changed since publication",
  waiting: "Waiting for publication",
} as const;

export function ProfilesSection({ view, actionData }: { view: TabView<"profiles">; actionData?: IntentActionData }) {
  return (
    <SectionCard id="profiles" title="Public profiles">
      <p className="mt-2 text-sm text-slate-700">
        {view.publishedAt
          ? `Last published ${view.publishedAt}. /judges-advisors shows each profile as it was then; a profile given or changed since shows after the next publication. A withdrawn profile is gone at once.`
          : "Nothing is published yet: /judges-advisors says the profiles are coming soon until the first publication."}
      </p>
      {view.profiles.total === 0 ? (
        <Empty>No judge or advisor has opted in to a public profile yet.</Empty>
      ) : (
        <DeskTable
          id="profiles-table"
          caption="Profiles judges and advisors gave"
          head={["Person", "Standing", "Bio", "Photo", "Status"]}
        >
          {view.profiles.items.map((p) => (
            <tr key={p.userId}>
              <td className={`${cellClass} break-words`}>
                {p.name}
                <span className="block text-xs text-slate-600">
                  {[p.title, p.organization].filter(Boolean).join(", ")}
                </span>
              </td>
              <td className={cellClass}>{p.group ?? "Judge"}</td>
              <td className={`${cellClass} whitespace-pre-line break-words`}>{p.bio ?? ""}</td>
              <td className={cellClass}>
                {p.photo ? (
                  <a href={`${profilePaths.deskPhotos}/${p.userId}`} className={deskLinkClass}>
                    Photo<span className="sr-only"> of {p.name}</span>
                  </a>
                ) : (
                  "None"
                )}
              </td>
              <td className={cellClass}>{profileStatus[p.status]}</td>
            </tr>
          ))}
        </DeskTable>
      )}
      <Pager paged={view.profiles} label="Profiles" />
      {view.canPublish ? (
        <IntentForm
          intent="publish-profiles"
          errors={intentErrors(actionData, "publish-profiles")}
          className="mt-4"
          labelledBy="publish-profiles-title"
        >
          <h3 id="publish-profiles-title" className="sr-only">
            Publish profiles
          </h3>
          <input type="hidden" name="confirm" value="publish" />
          <button type="submit" className="btn-primary">
            Publish profiles
          </button>
        </IntentForm>
      ) : null}
    </SectionCard>
  );
}
