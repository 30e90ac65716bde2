/**
 * The desk's team chooser (issue 56): of every team of the edition (kept per
 * isolate, ~/portal/extensions.server.ts `keptEditionTeams`), the few a form's
 * `<select>` lists: those matching the page's `team-q` search, at most
 * `teamChooserRules.maxOptions`. An edition with fewer teams lists them all,
 * as before; a larger one is narrowed by a GET search, without JavaScript.
 */
import { teamChooserRules } from "~/content/organize";

export interface TeamChoice {
  id: string;
  label: string;
}

export interface TeamChooser {
  /** The search as typed (trimmed), "" for none. */
  q: string;
  /** The teams the `<select>` lists. */
  options: TeamChoice[];
  /** How many teams match the search (every team without one). */
  matching: number;
  /** How many teams the edition has. */
  total: number;
}

/** The search parameter of the chooser's GET form. */
export const teamChooserParam = "team-q";

/** The teams of `all` (already in the order to list them) that match `url`'s search, capped. */
export function chooseTeams(all: readonly TeamChoice[], url: URL): TeamChooser {
  const q = (url.searchParams.get(teamChooserParam) ?? "").trim().slice(0, teamChooserRules.searchMaxChars);
  const needle = q.toLowerCase();
  const options: TeamChoice[] = [];
  let matching = 0;
  for (const team of all) {
    if (needle && !team.label.toLowerCase().includes(needle) && !team.id.toLowerCase().includes(needle)) continue;
    matching++;
    if (options.length < teamChooserRules.maxOptions) options.push(team);
  }
  return { q, options, matching, total: all.length };
}
