/**
 * /organize/results' sections (issue 32): the ranking, the two proposal
 * forms (finalists: the top N or chosen team ids; awards: each award's
 * team, shown once its link is followed), plain POSTs enhanced by Conform,
 * and what is already published.
 */
import { getInputProps } from "@conform-to/react";
import { publicationText } from "~/content/results";
import type { IntentActionData } from "~/forms/intent-action.server";
import type { ResultsDeskView } from "~/results/desk.server";
import { PublishAwardsSchema, PublishFinalistsSchema } from "~/results/schema";
import { ErrorList } from "../forms";
import { IntentForm, useIntentForm } from "../intent-form";
import { SectionCard } from "../section-card";
import { cellClass, DeskTable, deskControlClass, deskLabelClass, deskLinkClass, Empty, Pager } from "./desk";
import { deskCellsClass } from "./desk-cells";

type Props = { view: ResultsDeskView; actionData?: IntentActionData };

export function RankingSection({ view }: Props) {
  return (
    <SectionCard id="ranking" title="Ranking">
      <p className="mt-2 text-sm text-slate-700">
        {view.complete
          ? "Every submitted project has its complete score sets."
          : `${view.missing} project(s) are missing complete score sets.`}
      </p>
      {view.ranking.total === 0 ? (
        <Empty>No submitted project yet.</Empty>
      ) : (
        // The cells' style once, around the table (issue 56), not in every cell of every row.
        <div className={deskCellsClass}>
          <DeskTable
            id="ranking-table"
            caption="Ranking by normalized weighted total"
            head={["Rank", "Team", "Normalized", "Judges", "Team id"]}
          >
            {view.ranking.items.map((p) => (
              <tr key={p.teamId}>
                <td>{p.rank ?? "—"}</td>
                <td className="break-words">{p.name}</td>
                <td>{p.normalized}</td>
                <td>{p.judges}</td>
                <td className="break-all font-mono text-xs">{p.teamId}</td>
              </tr>
            ))}
          </DeskTable>
        </div>
      )}
      <Pager paged={view.ranking} label="Ranking" />
    </SectionCard>
  );
}

export function FinalistsSection({ view, actionData }: Props) {
  const [form, fields] = useIntentForm("publish-finalists", PublishFinalistsSchema, actionData);
  const { key: topKey, ...top } = getInputProps(fields.top, { type: "number" });
  const { key: idsKey, ...ids } = getInputProps(fields.teamIds, { type: "text" });
  const { key: forceKey, ...force } = getInputProps(fields.force, { type: "checkbox" });
  return (
    <SectionCard id="finalists" title="Propose the finalists">
      <p className="mt-2 text-sm text-slate-700">{publicationText.finalistsLead}</p>
      {view.finalists.open ? null : (
        <p className="mt-2 text-sm text-slate-700">{`Finalists can be published from ${view.finalists.opens}.`}</p>
      )}
      <IntentForm intent="publish-finalists" form={form} className="mt-4 space-y-4">
        <div>
          <label htmlFor={fields.top.id} className={deskLabelClass}>
            The top N of the ranking
          </label>
          <input key={topKey} {...top} min={1} inputMode="numeric" className={deskControlClass} />
          <ErrorList id={fields.top.errorId} errors={fields.top.errors} />
        </div>
        <div>
          <label htmlFor={fields.teamIds.id} className={deskLabelClass}>
            Or these team ids <span className="font-normal text-slate-600">(separated by spaces or commas)</span>
          </label>
          <input key={idsKey} {...ids} autoComplete="off" className={deskControlClass} />
          <ErrorList id={fields.teamIds.errorId} errors={fields.teamIds.errors} />
        </div>
        <div className="flex items-start gap-2">
          <input key={forceKey} {...force} className="mt-1 h-5 w-5" />
          <label htmlFor={fields.force.id} className="text-sm text-slate-800">
            Publish anyway if some projects' score sets are incomplete
          </label>
        </div>
        <ErrorList id={fields.force.errorId} errors={fields.force.errors} />
        <button type="submit" className="btn-primary">
          Propose the finalists
        </button>
      </IntentForm>
    </SectionCard>
  );
}

export function AwardsSection({ view, actionData }: Props) {
  return (
    <SectionCard id="awards" title="Propose the awards">
      <p className="mt-2 text-sm text-slate-700">{publicationText.awardsLead}</p>
      {view.awards.open ? null : (
        <p className="mt-2 text-sm text-slate-700">{`Awards can be published from ${view.awards.opens}.`}</p>
      )}
      {view.choosingAwards || actionData?.intent === "publish-awards" ? (
        <AwardsForm view={view} actionData={actionData} />
      ) : (
        <p className="mt-4">
          <a href={view.awardsHref} className={deskLinkClass}>
            Choose the awards…
          </a>
        </p>
      )}
    </SectionCard>
  );
}

/** One select per award, of the published finalists and the ranking's first fifty. */
function AwardsForm({ view, actionData }: Props) {
  const [form, fields] = useIntentForm("publish-awards", PublishAwardsSchema, actionData);
  const teams = view.awardTeams;
  return (
    <>
      <IntentForm intent="publish-awards" form={form} className="mt-4 space-y-4">
        {view.awardChoices.map((award) => {
          const field = fields[award.id];
          return (
            <div key={award.id}>
              <label htmlFor={field.id} className={deskLabelClass}>
                {award.name}
              </label>
              <select
                id={field.id}
                name={field.name}
                defaultValue=""
                aria-describedby={field.errors ? field.errorId : undefined}
                className={deskControlClass}
              >
                <option value="">Not presented now</option>
                {teams.map((t) => (
                  <option key={t.teamId} value={t.teamId}>
                    {t.rank ? `#${t.rank} ${t.name}` : t.name}
                  </option>
                ))}
              </select>
              <ErrorList id={field.errorId} errors={field.errors} />
            </div>
          );
        })}
        <button type="submit" className="btn-primary">
          Propose the awards
        </button>
      </IntentForm>
      <a href={view.awardsCancelHref} className={`${deskLinkClass} mt-3 inline-block`}>
        Cancel
      </a>
    </>
  );
}

export function PublishedSection({ view }: Props) {
  return (
    <SectionCard id="published" title="Published">
      {view.published.length === 0 ? (
        <Empty>{publicationText.publishedEmpty}</Empty>
      ) : (
        <DeskTable
          id="published-table"
          caption="Published results"
          head={["Result", "Place", "Name", "Published", "By"]}
        >
          {view.published.map((r) => (
            <tr key={`${r.result}-${r.teamId}`}>
              <td className={cellClass}>{r.result}</td>
              <td className={cellClass}>{r.place}</td>
              <td className={`${cellClass} break-words`}>{r.name}</td>
              <td className={cellClass}>{r.publishedAt}</td>
              <td className={`${cellClass} break-all`}>{r.publishedBy}</td>
            </tr>
          ))}
        </DeskTable>
      )}
    </SectionCard>
  );
}
