import type { ReactNode } from "react";

/**
 * A table that keeps its columns and, on a narrow screen, scrolls sideways in
 * a region of its own (issue 35), as /privacy-policy's retention table does:
 * WCAG 1.4.10 exempts data tables from reflow, and the region is named and
 * focusable so a keyboard can scroll it (axe scrollable-region-focusable).
 */
export function TableRegion({
  label,
  className = "",
  children,
}: {
  /** Names the region: the table's caption. */
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // `relative`: the region is the containing block of its cells' screen-reader-only text (absolutely
    // positioned), which otherwise escapes the scrolling and widens the page by a column's width.
    <div role="region" aria-label={label} tabIndex={0} className={`relative overflow-x-auto ${className}`.trim()}>
      {children}
    </div>
  );
}
