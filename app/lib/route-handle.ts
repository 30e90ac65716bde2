/**
 * What a route module may declare in its `handle` export.
 * `hydrate: true` ships React Router's scripts with the page; without it the
 * page is plain HTML and CSS (docs/decisions/004-javascript-only-where-it-earns-its-weight.md).
 */
export interface RouteHandle {
  hydrate?: boolean;
}

export function wantsHydration(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as RouteHandle).hydrate === true;
}
