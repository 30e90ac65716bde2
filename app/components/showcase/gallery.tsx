/**
 * /showcase's sections (issue 25): the filter and search (a plain GET form),
 * the project cards a page at a time with links to the other pages (issue
 * 34: plain links that keep the search and the track), and the audience vote
 * as published. No JavaScript.
 */
import { exclusionCategoryLabels, type ExclusionCategory } from "~/content/showcase";
import type { GalleryView } from "~/showcase/view.server";

const labelClass = "block text-sm font-semibold text-slate-800";
const controlClass = "mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2";

export function ShowcaseFilter({ view }: { view: GalleryView }) {
  return (
    <form
      method="get"
      action="/showcase"
      role="search"
      aria-label="Find a project"
      className="card grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
    >
      <div>
        <label htmlFor="showcase-q" className={labelClass}>
          Search by title
        </label>
        <input
          id="showcase-q"
          name="q"
          type="search"
          defaultValue={view.filter.q}
          maxLength={80}
          className={controlClass}
        />
      </div>
      <div>
        <label htmlFor="showcase-track" className={labelClass}>
          Track
        </label>
        <select id="showcase-track" name="track" defaultValue={view.filter.track ?? ""} className={controlClass}>
          <option value="">All tracks</option>
          {view.tracks.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-primary">
        Show projects
      </button>
    </form>
  );
}

export function ProjectCards({ view }: { view: GalleryView }) {
  const filtered = !!view.filter.q || !!view.filter.track;
  const { total } = view.pagination;
  if (view.projects.length === 0) {
    return (
      <p className="card text-slate-700" data-testid="no-projects">
        {filtered
          ? "No project matches this search. Try another title or all tracks."
          : "No project is in the showcase yet. Projects appear here once their teams agree to be shown."}
        {filtered ? (
          <>
            {" "}
            <a href="/showcase" className="font-semibold text-brand-700 underline">
              Show every project
            </a>
          </>
        ) : null}
      </p>
    );
  }
  return (
    <>
      <p className="text-slate-700" role="status" data-testid="project-count">
        {`${total} ${total === 1 ? "project" : "projects"}${filtered ? " match" : ""}.`}
      </p>
      <ul className="mt-4 grid gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="projects">
        {view.projects.map((p) => (
          <li key={p.slug} className="card flex flex-col">
            {p.trackName ? <p className="text-sm font-semibold text-brand-700">{p.trackName}</p> : null}
            <h3 className="mt-1 text-lg font-semibold text-brand-950">
              <a href={`/showcase/${p.slug}`} className="underline decoration-brand-300 hover:decoration-brand-700">
                {p.title}
              </a>
            </h3>
            <p className="mt-2 flex-1 text-slate-700">{p.summary}</p>
            {p.teamName ? <p className="mt-3 text-sm text-slate-600">{`Team ${p.teamName}`}</p> : null}
          </li>
        ))}
      </ul>
      <GalleryPages view={view} />
    </>
  );
}

/** The address of a page of the gallery, with the search and the track it shows. */
function galleryHref(filter: GalleryView["filter"], page: number): string {
  const params = new URLSearchParams();
  if (filter.q) params.set("q", filter.q);
  if (filter.track) params.set("track", filter.track);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/showcase?${query}#projects` : "/showcase#projects";
}

/** The pages to link: the first, the last, and the two either side of this one; null marks a gap. */
function pageNumbers(page: number, pageCount: number): (number | null)[] {
  const wanted = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pageCount])]
    .filter((n) => n >= 1 && n <= pageCount)
    .sort((a, b) => a - b);
  return wanted.flatMap((n, i) => (i > 0 && n - wanted[i - 1]! > 1 ? [null, n] : [n]));
}

const pageLinkClass =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-3 font-semibold text-brand-700 underline decoration-brand-300 hover:decoration-brand-700";

function GalleryPages({ view }: { view: GalleryView }) {
  const { page, pageCount } = view.pagination;
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pages of projects" className="mt-8" data-testid="gallery-pages">
      <p className="text-slate-700">{`Page ${page} of ${pageCount}`}</p>
      <ul className="mt-3 flex flex-wrap items-center gap-2">
        {page > 1 ? (
          <li>
            <a href={galleryHref(view.filter, page - 1)} rel="prev" className={pageLinkClass}>
              Previous
            </a>
          </li>
        ) : null}
        {pageNumbers(page, pageCount).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={n}>
              {n === page ? (
                <span
                  aria-current="page"
                  className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg bg-brand-700 px-3 font-semibold text-white"
                >
                  <span className="sr-only">Page </span>
                  {n}
                </span>
              ) : (
                <a href={galleryHref(view.filter, n)} className={pageLinkClass}>
                  <span className="sr-only">Page </span>
                  {n}
                </a>
              )}
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <a href={galleryHref(view.filter, page + 1)} rel="next" className={pageLinkClass}>
              Next
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

export function AudienceLedger({ audience }: { audience: NonNullable<GalleryView["audience"]> }) {
  const winners = audience.ledger.filter((row) => row.winner);
  return (
    <div className="space-y-6">
      <p className="text-lg text-slate-800" data-testid="audience-choice">
        {winners.length === 0
          ? "No vote counted."
          : `Audience Choice: ${winners.map((w) => `"${w.title}"`).join(" and ")}, with ${winners[0]!.final} ${winners[0]!.final === 1 ? "vote" : "votes"}.`}
      </p>
      <div
        className="overflow-x-auto rounded-lg border border-slate-200"
        tabIndex={0}
        role="region"
        aria-label="Vote ledger"
      >
        <table className="w-full min-w-[36rem] text-left text-sm" data-testid="ledger">
          <caption className="sr-only">Votes per project: cast, excluded with the reason, and counted</caption>
          <thead className="bg-slate-100 text-slate-800">
            <tr>
              <th scope="col" className="px-3 py-2">
                Project
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Votes cast
              </th>
              <th scope="col" className="px-3 py-2">
                Excluded (reason)
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Counted
              </th>
            </tr>
          </thead>
          <tbody>
            {audience.ledger.map((row) => {
              const excluded = Object.entries(row.excluded).filter(([, n]) => n > 0);
              return (
                <tr key={`${row.slug}-${row.title}`} className="border-t border-slate-200">
                  <th scope="row" className="px-3 py-2 font-medium">
                    {row.slug ? (
                      <a href={`/showcase/${row.slug}`} className="text-brand-700 underline">
                        {row.title}
                      </a>
                    ) : (
                      row.title
                    )}
                    {row.winner ? " (Audience Choice)" : ""}
                  </th>
                  <td className="px-3 py-2 text-right">{row.cast}</td>
                  <td className="px-3 py-2">
                    {excluded.length === 0
                      ? "None"
                      : excluded
                          .map(
                            ([category, n]) =>
                              `${n}: ${exclusionCategoryLabels[category as ExclusionCategory] ?? category}`,
                          )
                          .join("; ")}
                  </td>
                  <td className="px-3 py-2 text-right font-semibold">{row.final}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
