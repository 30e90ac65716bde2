/**
 * The frame of every desk page (issue 32, ADR 018): the hero with the
 * desk's menu (the pages this role may open) and who is signed in, a table
 * that scrolls sideways on a phone rather than squeezing, and the links to
 * a table's other pages. Server-rendered; nothing here needs JavaScript.
 */
import type { ReactNode } from "react";
import { useLocation } from "react-router";
import type { Paged } from "~/organize/paging";
import { PageHero } from "../page";

export interface DeskHeader {
  email: string;
  role: string;
  menu: { path: string; label: string }[];
}

export const deskLinkClass = "font-semibold text-brand-700 underline";
/** A team's desk page (/organize/teams/:id). */
export const teamPage = (teamId: string) => `/organize/teams/${teamId}`;

/** An organization's desk page (/organize/organizations/:id), by its Workforce registration's id. */
export const organizationPage = (registrationId: string) => `/organize/organizations/${registrationId}`;

/** A name linked to its desk page, or the name alone for a role that may not open it (`href` null). */
export function LinkIfAllowed({ href, children }: { href: string | null; children: ReactNode }) {
  return href ? (
    <a href={href} className={deskLinkClass}>
      {children}
    </a>
  ) : (
    <>{children}</>
  );
}

export const deskLabelClass = "block text-sm font-semibold text-slate-800";
export const deskControlClass = "mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900";

export function DeskHero({ header, title, lead }: { header: DeskHeader; title: string; lead?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <>
      <PageHero eyebrow="Organizers' desk" title={title} lead={lead} />
      <nav aria-label="Organizers' desk" className="border-b border-slate-200 bg-white">
        <div className="container-page flex flex-wrap items-center justify-between gap-x-6 gap-y-2 py-3">
          {/* The links' styles set once on the list, not repeated on each of some twenty links of every desk page. */}
          <ul className="flex flex-wrap gap-x-5 gap-y-2 [&_a]:font-semibold [&_a]:text-brand-700 [&_a]:underline-offset-4 [&_a:hover]:underline [&_a[aria-current=page]]:text-brand-950 [&_a[aria-current=page]]:underline">
            {header.menu.map((item) => (
              <li key={item.path}>
                <a href={item.path} aria-current={pathname === item.path ? "page" : undefined}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
          <p className="text-sm text-slate-700">
            <span className="break-all">{header.email}</span> ({header.role})
          </p>
        </div>
      </nav>
    </>
  );
}

/** The page's sections, one column. */
export function DeskBody({ children }: { children: ReactNode }) {
  return (
    <section className="section bg-slate-50">
      <div className="container-page max-w-5xl space-y-8">{children}</div>
    </section>
  );
}

/**
 * A table with its caption; on a narrow screen it scrolls inside a focusable, named region. The region
 * is positioned so the visually hidden labels of its buttons (`sr-only`, absolutely positioned) stay
 * inside it: otherwise they widen the whole page at 320 px.
 */
export function DeskTable({
  id,
  caption,
  head,
  children,
}: {
  id: string;
  caption: string;
  head: readonly string[];
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-labelledby={`${id}-caption`}
      tabIndex={0}
      className="relative mt-4 overflow-x-auto rounded-lg border border-slate-200 focus:outline-none focus:ring-2 focus:ring-brand-600"
    >
      <table className="min-w-full divide-y divide-slate-200 bg-white text-left text-sm" data-testid={id}>
        <caption id={`${id}-caption`} className="sr-only">
          {caption}
        </caption>
        <thead className="bg-slate-100">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="whitespace-nowrap px-3 py-2 font-semibold text-slate-900">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

export const cellClass = "px-3 py-2 align-top text-slate-800";

/** "Page 2 of 5" with links to the previous and next pages (plain links: no JavaScript). */
export function Pager({
  paged,
  label,
}: {
  /** `pages` when the list's length is known; a list read a page at a time shows only where it is. */
  paged: Pick<Paged<unknown>, "page" | "previous" | "next"> & { pages?: number };
  label: string;
}) {
  if (!paged.previous && !paged.next) return null;
  return (
    <nav aria-label={`${label}: pages`} className="mt-3 flex flex-wrap items-center gap-4 text-sm">
      {paged.previous ? (
        <a href={paged.previous} className={deskLinkClass} rel="prev">
          ← Previous page
        </a>
      ) : null}
      <span className="text-slate-700">
        {paged.pages === undefined ? `Page ${paged.page}` : `Page ${paged.page} of ${paged.pages}`}
      </span>
      {paged.next ? (
        <a href={paged.next} className={deskLinkClass} rel="next">
          Next page →
        </a>
      ) : null}
    </nav>
  );
}

/** What an empty table means, and what to do about it. */
export function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="mt-4 rounded-lg border border-dashed border-slate-300 bg-white p-4 text-slate-700">{children}</p>
  );
}
