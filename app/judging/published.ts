/**
 * An edition's published results as pages show them (issue 24): the
 * finalists and each award's winners, from `published_results` (read by
 * ./published.server.ts). Types only, so components can import them.
 */
import type { AwardId } from "../content/editions";

export interface ResultEntry {
  /** The participant or team, as the organizers published it. */
  readonly name: string;
  readonly organization?: string;
  readonly project?: string;
}

/** The edition's published results; empty lists while nothing is (the site then says results will be posted). */
export interface PublishedResults {
  readonly finalists: readonly ResultEntry[];
  readonly awards: Partial<Readonly<Record<AwardId, readonly ResultEntry[]>>>;
}

export function hasResults(results: PublishedResults): boolean {
  return results.finalists.length > 0 || Object.values(results.awards).some((entries) => entries.length > 0);
}
