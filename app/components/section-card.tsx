/**
 * A signed-in page's sections (the dashboard, the portal, /account): a card
 * with its heading, labelled for assistive technology, and the one style of
 * a button that removes or destroys something.
 */
import type { ReactNode } from "react";

export const dangerButtonClass = "rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800";

export function SectionCard({
  id,
  title,
  children,
  testId,
}: {
  id: string;
  title: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="card p-6 sm:p-8" data-testid={testId}>
      <h2 id={`${id}-heading`} className="text-2xl font-bold text-brand-950">
        {title}
      </h2>
      {children}
    </section>
  );
}
