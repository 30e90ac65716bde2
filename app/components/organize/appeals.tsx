/**
 * /organize/appeals' section (issue 32): the edition's appeals, open ones
 * first, each with its team, who filed it and when, the committee's
 * deadline and the appeal's text; an open one has the decision form (a
 * plain POST, enhanced by Conform), a decided one its decision, who and when.
 */
import { appealDeskText } from "~/content/judging-results";
import type { DeskLinks } from "~/desk/pages";
import type { IntentActionData } from "~/forms/intent-action.server";
import type { AppealsDeskView } from "~/judging/desk.server";
import { DecideAppealSchema } from "~/judging/schema";
import { TextareaField } from "../forms";
import { IntentForm, intentErrors, Refusals, useIntentForm } from "../intent-form";
import { SectionCard } from "../section-card";
import { Empty, LinkIfAllowed, Pager, teamPage } from "./desk";

type Props = { view: AppealsDeskView; links: DeskLinks; actionData?: IntentActionData };
type Appeal = AppealsDeskView["appeals"]["items"][number];

export function AppealsSection({ view, links, actionData }: Props) {
  const { appeals } = view;
  // A refusal of an appeal no longer open (decided meanwhile, unknown) has no form left to show it on.
  const shown = new Set(appeals.items.filter((a) => !a.decision).map((a) => a.id));
  const orphan = actionData?.intent === "decide" && !shown.has(actionData.instance ?? "");
  return (
    <SectionCard id="appeals" title="Appeals">
      <p className="mt-2 text-sm text-slate-700">
        {`${view.counts.open} open, ${view.counts.decided} decided. ${appealDeskText.lead}`}
      </p>
      {orphan ? <Refusals messages={intentErrors(actionData, "decide")} /> : null}
      {appeals.total === 0 ? (
        <Empty>{appealDeskText.empty}</Empty>
      ) : (
        <ol className="mt-4 space-y-6">
          {appeals.items.map((appeal) => (
            <li key={appeal.id}>
              <AppealCard
                appeal={appeal}
                teamHref={links.team ? teamPage(appeal.teamId) : null}
                canDecide={view.canDecide}
                actionData={actionData}
              />
            </li>
          ))}
        </ol>
      )}
      <Pager paged={appeals} label="Appeals" />
    </SectionCard>
  );
}

function AppealCard({
  appeal,
  teamHref,
  canDecide,
  actionData,
}: {
  appeal: Appeal;
  teamHref: string | null;
  canDecide: boolean;
  actionData: IntentActionData | undefined;
}) {
  const headingId = `appeal-${appeal.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4">
      <h3 id={headingId} className="break-words font-semibold text-slate-900">
        <LinkIfAllowed href={teamHref}>{appeal.team}</LinkIfAllowed>{" "}
        <span className="text-sm font-normal text-slate-600">
          (appeal {appeal.id}, {appeal.decision ? "decided" : "open"})
        </span>
      </h3>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm text-slate-700 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Filed</dt>
        <dd className="break-all">
          {appeal.filed} by {appeal.submittedBy ?? "a member whose account is gone"}
        </dd>
        {appeal.decision ? (
          <>
            <dt className="font-semibold">Decided</dt>
            <dd className="break-all">
              {appeal.decision.at} by {appeal.decision.by}
            </dd>
          </>
        ) : (
          <>
            <dt className="font-semibold">Decide by</dt>
            <dd>{appeal.decideBy}</dd>
          </>
        )}
      </dl>
      <h4 className="mt-3 text-sm font-semibold text-slate-800">The team&apos;s appeal</h4>
      <p className="mt-1 whitespace-pre-line break-words text-slate-800">{appeal.body}</p>
      {appeal.decision ? (
        <>
          <h4 className="mt-3 text-sm font-semibold text-slate-800">The committee&apos;s decision</h4>
          <p className="mt-1 whitespace-pre-line break-words text-slate-800" data-testid="appeal-decision">
            {appeal.decision.text}
          </p>
        </>
      ) : canDecide ? (
        <DecideForm appealId={appeal.id} team={appeal.team} actionData={actionData} />
      ) : null}
    </article>
  );
}

function DecideForm({
  appealId,
  team,
  actionData,
}: {
  appealId: string;
  team: string;
  actionData: IntentActionData | undefined;
}) {
  const [form, fields] = useIntentForm("decide", DecideAppealSchema, actionData, {
    instance: appealId,
    defaultValue: { appealId },
  });
  return (
    <IntentForm intent="decide" form={form} className="mt-4 space-y-3">
      <input type="hidden" name="appealId" value={appealId} />
      <TextareaField meta={fields.decision} label={`Decision on ${team}'s appeal`} hint={appealDeskText.decisionHint} />
      <button type="submit" className="btn-primary">
        Record the decision<span className="sr-only"> on appeal {appealId}</span>
      </button>
    </IntentForm>
  );
}
