/**
 * /organize/teams/:id (issue 51): a team, its members, its project's status,
 * and its history from the one event log: its members' own actions, judges'
 * conflicts and organizers' decisions, in one list.
 */
import { DeskBody, DeskHero, DeskTable, cellClass } from "~/components/organize/desk";
import { HistorySection } from "~/components/organize/history";
import { SectionCard } from "~/components/section-card";
import { historyText } from "~/content/events";
import { signedInPageHeaders } from "~/forms/action.server";
import { pageMeta } from "~/lib/meta";
import { deskPage } from "~/organize/action-intent.server";
import { deskHeader } from "~/organize/guard.server";
import { deskContext } from "~/organize/guard.server";
import { teamDeskView } from "~/desk/histories.server";
import type { Route } from "./+types/team";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(historyText.title, historyText.teamLead),
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const desk = context.get(deskContext);
  return deskPage({ header: deskHeader(desk), ...(await teamDeskView(desk, params.id)) });
}

export const headers = signedInPageHeaders;

export default function Team({ loaderData: view }: Route.ComponentProps) {
  return (
    <>
      <DeskHero header={view.header} title={historyText.teamTitle(view.team.title)} lead={historyText.teamLead} />
      <DeskBody>
        <SectionCard id="team" title={historyText.membersCaption}>
          <p className="mt-2 text-slate-700">{historyText.project(view.project?.status ?? null)}</p>
          <DeskTable id="team-members" caption={historyText.membersCaption} head={historyText.membersHead}>
            {view.members.map((member) => (
              <tr key={member.userId}>
                <td className={cellClass}>
                  <a href={`/organize/people/${member.userId}`} className="font-semibold text-brand-700 underline">
                    {member.email}
                  </a>
                </td>
                <td className={cellClass}>{member.role}</td>
                <td className={cellClass}>
                  <time dateTime={member.joinedAt}>{member.joined}</time>
                </td>
              </tr>
            ))}
          </DeskTable>
        </SectionCard>
        <HistorySection history={view.history} of={view.team.title} />
      </DeskBody>
    </>
  );
}
