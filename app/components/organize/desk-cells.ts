/**
 * A desk table's cell style, set once on an element around the table instead of on every cell (issue 56: the
 * same class list in each cell of every row was a third of a list page's HTML). A cell's second line (an
 * address, a team id, a state) is a `<small>`, styled here too. `cellClass` (./desk.tsx) is the per-cell form.
 */
export const deskCellsClass =
  "[&_td]:px-3 [&_td]:py-2 [&_td]:align-top [&_td]:text-slate-800 [&_td_small]:block [&_td_small]:text-xs [&_td_small]:text-slate-600";

/** A link in a cell, styled from the table (the links of `deskLinkClass`, ./desk.tsx). */
export const deskCellLinksClass = "[&_td_a]:font-semibold [&_td_a]:text-brand-700 [&_td_a]:underline";

/** A row's header cell (`<th scope="row">` in the body), styled from the table as the cells are. */
export const deskRowHeadsClass =
  "[&_tbody_th]:px-3 [&_tbody_th]:py-2 [&_tbody_th]:text-left [&_tbody_th]:align-top [&_tbody_th]:font-semibold [&_tbody_th]:text-slate-900";
