import { useId } from "react";
import { Link } from "react-router";
import type { LegalBlock, LegalDocument } from "~/content/legal";
import { contactText } from "~/content/site";
import { mountainDateKey } from "~/clock/schedule";
import { formatMountain } from "~/clock/format";
import { useSiteContact } from "~/lib/site-contact";
import { PageHero } from "./page";

export interface RelatedLink {
  href: string;
  label: string;
}

export function hasLegalDates(doc: LegalDocument): boolean {
  return doc.effective !== undefined || doc.lastUpdated !== undefined;
}

/**
 * "Effective September 26, 2025 · Last updated September 26, 2025", or
 * nothing for a document without dates (only the spec's dates are shown).
 */
export function LegalDates({ doc }: { doc: LegalDocument }) {
  const dates = [
    doc.effective ? { label: "Effective", date: doc.effective } : null,
    doc.lastUpdated ? { label: "Last updated", date: doc.lastUpdated } : null,
  ].filter((d) => d !== null);
  if (dates.length === 0) return null;
  return (
    <p>
      {dates.map(({ label, date }, index) => (
        <span key={label}>
          {index > 0 ? " · " : null}
          {`${label} `}
          <time dateTime={mountainDateKey(date)}>{formatMountain(date, "longDate")}</time>
        </span>
      ))}
    </p>
  );
}

function Block({ block }: { block: LegalBlock }) {
  const contact = useSiteContact();
  const captionId = useId();
  switch (block.type) {
    case "paragraph":
      return <p>{contactText(block.text, contact)}</p>;
    case "list":
      return (
        <ul className="list-disc space-y-1 pl-6">
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case "table":
      return (
        // A table keeps its columns (WCAG 1.4.10 exempts two-dimensional
        // tables from reflow) and scrolls sideways on a narrow screen: a named,
        // focusable region, so the keyboard can scroll it too (axe
        // scrollable-region-focusable, #23).
        <div role="region" aria-labelledby={captionId} tabIndex={0} className="overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption id={captionId} className="mb-2 text-left font-semibold text-brand-950">
              {block.caption}
            </caption>
            <thead>
              <tr className="border-b-2 border-slate-300">
                {block.headers.map((header) => (
                  <th key={header} scope="col" className="py-2 pr-4 font-semibold text-brand-950">
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row) => (
                <tr key={row[0]} className="border-b border-slate-200 align-top">
                  {row.map((cell, index) =>
                    index === 0 ? (
                      <th key={index} scope="row" className="py-2 pr-4 font-medium text-slate-800">
                        {cell}
                      </th>
                    ) : (
                      <td key={index} className="py-2 pr-4">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
  }
}

/**
 * One legal text (contest rules, terms, privacy policy, sponsor agreement):
 * its h1 and dates, a table of contents, numbered sections with anchors, then
 * whatever the page adds (signature blocks) and its related links.
 */
export function LegalDocumentPage({
  doc,
  related,
  children,
}: {
  doc: LegalDocument;
  related: readonly RelatedLink[];
  children?: React.ReactNode;
}) {
  return (
    <>
      <PageHero eyebrow="Legal" title={doc.title} lead={hasLegalDates(doc) ? <LegalDates doc={doc} /> : undefined} />
      {/* minmax(0, …) tracks: a wide table scrolls in its own box instead of widening the column past a 320 px screen (#23). */}
      <div className="container-page section grid grid-cols-1 gap-12 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <nav aria-labelledby="toc-heading" className="lg:sticky lg:top-24 lg:self-start">
          <h2 id="toc-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-700">
            On this page
          </h2>
          <ol className="mt-3 space-y-2 text-sm">
            {doc.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-brand-700 underline-offset-2 hover:underline">
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="prose-legal">
          <p className="text-lg">{doc.summary}</p>
          {doc.sections.map((section) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="pt-6">
              <h2 id={`${section.id}-heading`} className="text-2xl font-bold text-brand-950">
                {section.title}
              </h2>
              <div className="mt-3 space-y-4">
                {section.blocks.map((block, index) => (
                  <Block key={index} block={block} />
                ))}
              </div>
            </section>
          ))}
          {children}
          <aside aria-labelledby="related-heading" className="card mt-10">
            <h2 id="related-heading" className="text-lg font-semibold text-brand-950">
              Related
            </h2>
            <ul className="mt-3 flex flex-wrap gap-3">
              {related.map((link) => (
                <li key={link.href}>
                  <Link to={link.href} className="btn-secondary">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </aside>
        </div>
      </div>
    </>
  );
}
