/**
 * /portal's results section (issue 24): once the edition's finalists are
 * published, the team's per-criterion scores (normalized and raw averages),
 * its overall result, whether it is a finalist, the judges' comments (never
 * who wrote them), and the appeal form with its window, or the appeal's status.
 */
import { appealLimits, appealMessages, teamResultsText } from "~/content/judging-results";
import type { IntentActionData } from "~/forms/intent-action.server";
import type { TeamResults } from "~/judging/team-results.server";
import { AppealSchema } from "~/judging/schema";
import { TextareaField } from "../forms";
import { IntentForm, intentErrors, Refusals, useIntentForm } from "../intent-form";
import { SectionCard } from "../section-card";

const score = (value: number) => value.toFixed(2);

export function ResultsSection({
  results,
  actionData,
}: {
  results: TeamResults;
  actionData: IntentActionData | undefined;
}) {
  const { result } = results;
  return (
    <SectionCard id="results" title="Judging results" testId="team-results">
      <p className="mt-2 text-slate-700">{`Published ${results.published}.`}</p>
      <p className="mt-2 font-semibold text-brand-950" data-testid="finalist-status">
        {results.finalist ? teamResultsText.finalist : teamResultsText.notFinalist}
      </p>
      {result ? (
        <>
          <p className="mt-4 text-slate-700">{teamResultsText.intro}</p>
          <div className="mt-4">
            {/* Three columns that wrap: it fits a 320 px screen without a scrolling region. */}
            <table className="w-full text-left text-sm" data-testid="team-scores">
              <caption className="sr-only">{`Your project's scores from ${result.judges} judges`}</caption>
              <thead>
                <tr className="border-b border-slate-200">
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Criterion
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Normalized average
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    Raw average
                  </th>
                </tr>
              </thead>
              <tbody>
                {result.criteria.map((c) => (
                  <tr key={c.id} className="border-b border-slate-100">
                    <th scope="row" className="py-2 pr-4 font-medium">
                      {c.name}
                    </th>
                    <td className="py-2 pr-4">{score(c.normalized)}</td>
                    <td className="py-2">{score(c.raw)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" className="py-2 pr-4 font-semibold">
                    Overall (weighted)
                  </th>
                  <td className="py-2 pr-4 font-semibold" data-testid="overall-normalized">
                    {score(result.normalized)}
                  </td>
                  <td className="py-2 font-semibold">{score(result.raw)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
          <p className="mt-2 text-sm text-slate-600">{`Scored by ${result.judges} judge${result.judges === 1 ? "" : "s"}, out of 10.`}</p>
        </>
      ) : (
        <p className="mt-4 text-slate-700">{teamResultsText.notJudged}</p>
      )}
      <h3 className="mt-6 font-semibold text-slate-900">Comments from the judges</h3>
      {results.comments.length > 0 ? (
        <ul className="mt-2 space-y-3" data-testid="judge-comments">
          {results.comments.map((comment, i) => (
            <li key={i} className="whitespace-pre-line rounded-lg bg-slate-50 p-3 text-slate-800">
              {comment}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-slate-700">{teamResultsText.noComments}</p>
      )}
      <Appeal appeal={results.appeal} actionData={actionData} />
    </SectionCard>
  );
}

function Appeal({ appeal, actionData }: { appeal: TeamResults["appeal"]; actionData: IntentActionData | undefined }) {
  return (
    <div className="mt-6" data-testid="appeal">
      <h3 id="appeal-heading" className="font-semibold text-slate-900">
        Appeal
      </h3>
      {/* A refused post from a page that no longer shows the form (already filed, window closed). */}
      {appeal.open ? null : (
        // The paragraph below already says why a project that was not submitted cannot appeal.
        <Refusals
          messages={intentErrors(actionData, "appeal").filter(
            (message) => appeal.submitted || message !== appealMessages.notSubmitted,
          )}
        />
      )}
      {appeal.filed ? (
        <dl className="mt-2 space-y-1 text-slate-700" data-testid="appeal-status">
          <div>
            <dt className="inline font-medium">Filed: </dt>
            <dd className="inline">{appeal.filed.filed}</dd>
          </div>
          <div>
            <dt className="inline font-medium">Status: </dt>
            <dd className="inline">
              {appeal.filed.decided ? `Decided ${appeal.filed.decided}` : "Under review by the appeals committee"}
            </dd>
          </div>
          {appeal.filed.decision ? (
            <div>
              <dt className="font-medium">Decision</dt>
              <dd className="whitespace-pre-line">{appeal.filed.decision}</dd>
            </div>
          ) : null}
        </dl>
      ) : appeal.open ? (
        <AppealForm until={appeal.until} actionData={actionData} />
      ) : !appeal.submitted ? (
        <p className="mt-2 text-slate-700">{appealMessages.notSubmitted}</p>
      ) : (
        <p className="mt-2 text-slate-700">{teamResultsText.appealClosed(appeal.until)}</p>
      )}
    </div>
  );
}

function AppealForm({ until, actionData }: { until: string; actionData: IntentActionData | undefined }) {
  const [form, fields] = useIntentForm("appeal", AppealSchema, actionData);
  return (
    <>
      <p className="mt-2 text-slate-700">{teamResultsText.appealIntro(until)}</p>
      <IntentForm intent="appeal" form={form} labelledBy="appeal-heading" className="mt-3 max-w-2xl space-y-3">
        <TextareaField
          meta={fields.body}
          label="Your appeal"
          hint={`Between ${appealLimits.minCharacters} and ${appealLimits.maxCharacters.toLocaleString("en-US")} characters. Say which score or decision you appeal and why.`}
          rows={8}
        />
        <button type="submit" className="btn-primary">
          Send the appeal
        </button>
      </IntentForm>
    </>
  );
}
