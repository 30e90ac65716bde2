/**
 * One page of a desk table (issue 32): tables are filtered and paged by GET
 * forms and links, so they work without JavaScript. `param` names the page's
 * query parameter, so two tables of one page page separately.
 */
import { deskRules } from "~/content/organize";

/** A page of a list read a page at a time, with links to its neighbours. */
export interface Stepped<T> {
  items: T[];
  page: number;
  /** Links to the neighbouring pages, keeping the page's other parameters; null at either end. */
  previous: string | null;
  next: string | null;
}

/** A page of a list whose length is known. */
export interface Paged<T> extends Stepped<T> {
  pages: number;
  total: number;
}

/** The address of page `to` of `url`'s list (`param` in its query string; page 1 has none). */
function pageLink(url: URL, param: string, to: number) {
  const params = new URLSearchParams(url.searchParams);
  if (to > 1) params.set(param, String(to));
  else params.delete(param);
  const query = params.toString();
  return `${url.pathname}${query ? `?${query}` : ""}`;
}

export function paged<T>(items: readonly T[], url: URL, param = "page", size: number = deskRules.pageSize): Paged<T> {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const asked = Number(url.searchParams.get(param));
  const page = Number.isInteger(asked) && asked >= 1 ? Math.min(asked, pages) : 1;
  const link = (to: number) => pageLink(url, param, to);
  return {
    items: items.slice((page - 1) * size, page * size),
    page,
    pages,
    total: items.length,
    previous: page > 1 ? link(page - 1) : null,
    next: page < pages ? link(page + 1) : null,
  };
}

/**
 * The page a URL asks for (`param`, 1 when absent or not a page number) and
 * the LIMIT and OFFSET that read it: a table paged in SQL (issue 56) reads
 * one page and a count, never the whole list.
 */
export function askedPage(url: URL, param = "page", size: number = deskRules.pageSize) {
  const asked = Number(url.searchParams.get(param));
  const page = Number.isInteger(asked) && asked >= 1 ? asked : 1;
  return { page, limit: size, offset: (page - 1) * size };
}

/**
 * One page read in SQL as `paged` would show it: `items` are the rows of
 * `page`, `total` the count of every row. A page past the last (a stale
 * link) answers null: the caller reads the last page instead, as `paged`
 * shows it.
 */
export function pageOf<T>(
  items: T[],
  page: number,
  total: number,
  url: URL,
  param = "page",
  size: number = deskRules.pageSize,
): Paged<T> | null {
  const pages = Math.max(1, Math.ceil(total / size));
  if (page > pages) return null;
  const link = (to: number) => pageLink(url, param, to);
  return {
    items,
    page,
    pages,
    total,
    previous: page > 1 ? link(page - 1) : null,
    next: page < pages ? link(page + 1) : null,
  };
}

/**
 * A page read in SQL without its list's length (issue 56: a busy
 * organizer's history is long, and counting it grew with every read they
 * made): `rows` are up to `size + 1` rows from the page's offset, the one
 * past the page only saying that a next page exists. Null for an empty page
 * past the first (a stale link): the caller counts once and shows the last.
 */
export function steppedPage<T>(rows: T[], url: URL, param: string, size: number): Stepped<T> | null {
  const { page } = askedPage(url, param, size);
  if (rows.length === 0 && page > 1) return null;
  return {
    items: rows.slice(0, size),
    page,
    previous: page > 1 ? pageLink(url, param, page - 1) : null,
    next: rows.length > size ? pageLink(url, param, page + 1) : null,
  };
}

/** The URL asking for the last page of `total` rows instead (what a stale link past the end shows). */
export function lastPageUrl(url: URL, total: number, param = "page", size: number = deskRules.pageSize): URL {
  const last = new URL(url);
  last.searchParams.set(param, String(Math.max(1, Math.ceil(total / size))));
  return last;
}

/**
 * A view paged in SQL, or, when a table's page was past its end (a stale
 * link), that view at the URL of the page to show instead (`lastPageUrl`).
 */
export async function notPastTheEnd<V>(view: (url: URL) => Promise<V | URL>, url: URL): Promise<V> {
  const first = await view(url);
  if (!(first instanceof URL)) return first;
  const again = await view(first);
  if (again instanceof URL) throw new Error("A desk table's last page is past its end.");
  return again;
}
