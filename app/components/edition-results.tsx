import type { AwardId } from "~/content/editions";
import { hasResults, type PublishedResults, type ResultEntry } from "~/judging/published";
import { awards, finalsAwards } from "~/content/program";
import { Section } from "./page";

function entryText(entry: ResultEntry): string {
  return [entry.name, entry.organization, entry.project ? `“${entry.project}”` : undefined].filter(Boolean).join(" · ");
}

/**
 * The edition's results as the organizers published them (the page's loader
 * reads them with app/judging/published.server.ts). Until they publish, the
 * section says that results will be posted: it never invents finalists or
 * winners.
 */
export function EditionResults({
  editionName,
  results,
  tone = "white",
}: {
  /** "2026 Challenge", as the page's loader read it off the edition. */
  editionName: string;
  results: PublishedResults;
  tone?: "white" | "muted";
}) {
  const { finalists, awards: winners } = results;
  const published = hasResults(results);
  const allAwards: readonly { id: AwardId; name: string }[] = [...awards, ...finalsAwards];
  return (
    <Section id="results" title={`${editionName} results`} tone={tone}>
      {published ? (
        <div className="grid gap-8 lg:grid-cols-2">
          <div>
            <h3 className="text-lg font-semibold text-brand-950">Finalists</h3>
            {finalists.length > 0 ? (
              <ul className="mt-3 space-y-2 text-slate-700" data-testid="results-finalists">
                {finalists.map((f) => (
                  <li key={entryText(f)}>{entryText(f)}</li>
                ))}
              </ul>
            ) : (
              <p className="mt-3 text-slate-600">The finalists will be listed here.</p>
            )}
          </div>
          <div>
            <h3 className="text-lg font-semibold text-brand-950">Awards</h3>
            <dl className="mt-3 space-y-3" data-testid="results-awards">
              {allAwards.map((award) => {
                const entries = winners[award.id] ?? [];
                return (
                  <div key={award.id}>
                    <dt className="font-medium text-brand-950">{award.name}</dt>
                    <dd className="text-slate-700">
                      {entries.length > 0 ? entries.map(entryText).join("; ") : "To be announced"}
                    </dd>
                  </div>
                );
              })}
            </dl>
          </div>
        </div>
      ) : (
        <p className="text-lg text-slate-700" data-testid="results-pending">
          {`The ${editionName}'s finalists and award winners will be posted here as soon as the organizers publish them.`}
        </p>
      )}
    </Section>
  );
}
