/**
 * A desk page's tabs (issue 56): plain links, one per table, the current one
 * marked for assistive technology (`aria-current="page"`); each with its
 * count when the page knows it. The page shows the current tab's table only.
 */
export interface DeskTab {
  view: string;
  href: string;
  count: number | null;
  /** What the count counts, when the tab's name does not say it ("live" conflicts). */
  unit?: string;
}

export function DeskTabs<Tab extends DeskTab>({
  label,
  tabs,
  current,
  names,
}: {
  /** What the tabs choose between (the navigation's name). */
  label: string;
  tabs: readonly Tab[];
  current: Tab["view"];
  names: Record<Tab["view"], string>;
}) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2 border-b border-slate-300">
        {tabs.map((tab) => {
          const here = tab.view === current;
          return (
            <li key={tab.view}>
              <a
                href={tab.href}
                aria-current={here ? "page" : undefined}
                className={`-mb-px inline-block rounded-t-lg border px-3 py-2 font-semibold ${
                  here
                    ? "border-slate-300 border-b-slate-50 bg-slate-50 text-brand-950"
                    : "border-transparent text-brand-700 underline-offset-4 hover:underline"
                }`}
              >
                {names[tab.view as Tab["view"]]}
                {tab.count === null ? null : (
                  <span className="font-normal text-slate-700">{` (${tab.count}${tab.unit ? ` ${tab.unit}` : ""})`}</span>
                )}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
