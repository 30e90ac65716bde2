/**
 * One page of a desk table (issue 32): tables are filtered and paged by GET
 * forms and links, so they work without JavaScript. `param` names the page's
 * query parameter, so two tables of one page page separately.
 */
import { deskRules } from "~/content/organize";

export interface Paged<T> {
  items: T[];
  page: number;
  pages: number;
  total: number;
  /** Links to the neighbouring pages, keeping the page's other parameters; null at either end. */
  previous: string | null;
  next: string | null;
}

export function paged<T>(items: readonly T[], url: URL, param = "page", size: number = deskRules.pageSize): Paged<T> {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const asked = Number(url.searchParams.get(param));
  const page = Number.isInteger(asked) && asked >= 1 ? Math.min(asked, pages) : 1;
  const link = (to: number) => {
    const params = new URLSearchParams(url.searchParams);
    if (to > 1) params.set(param, String(to));
    else params.delete(param);
    const query = params.toString();
    return `${url.pathname}${query ? `?${query}` : ""}`;
  };
  return {
    items: items.slice((page - 1) * size, page * size),
    page,
    pages,
    total: items.length,
    previous: page > 1 ? link(page - 1) : null,
    next: page < pages ? link(page + 1) : null,
  };
}
