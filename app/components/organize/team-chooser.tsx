/**
 * The search that narrows a desk form's team `<select>` (issue 56): a GET
 * form of its own, before the POST form (forms do not nest), shown when the
 * edition has more teams than the `<select>` lists or a search is on. Works
 * without JavaScript: the page comes back with the matching teams listed.
 */
import { teamChooserRules, teamChooserText as text } from "~/content/organize";
import { teamChooserParam, type TeamChooser } from "~/organize/team-chooser";
import { deskControlClass, deskLabelClass } from "./desk";

export function TeamSearch({ chooser, action, id }: { chooser: TeamChooser; action: string; id: string }) {
  if (chooser.total <= teamChooserRules.maxOptions && !chooser.q) return null;
  const note = !chooser.q
    ? text.showing(chooser.options.length, chooser.matching)
    : chooser.matching === 0
      ? text.noMatch(chooser.q)
      : chooser.matching > chooser.options.length
        ? `${text.matching(chooser.matching, chooser.q)} ${text.showing(chooser.options.length, chooser.matching)}`
        : text.matching(chooser.matching, chooser.q);
  return (
    <form method="get" action={action} className="mt-4 flex flex-wrap items-end gap-3" role="search">
      <div>
        <label htmlFor={id} className={deskLabelClass}>
          {text.searchLabel}
        </label>
        <input
          id={id}
          name={teamChooserParam}
          type="search"
          maxLength={teamChooserRules.searchMaxChars}
          defaultValue={chooser.q}
          aria-describedby={`${id}-note`}
          className={deskControlClass}
        />
      </div>
      <button type="submit" className="btn-outline">
        {text.searchButton}
      </button>
      <p id={`${id}-note`} className="w-full text-sm text-slate-700" role="status">
        {text.searchHint} {note}
      </p>
    </form>
  );
}
