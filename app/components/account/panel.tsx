/** The frame of /account's sections and the table its lists share. */
import type { ReactNode } from "react";
import { SectionCard } from "../section-card";
import { TableRegion } from "../table-region";

export function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <SectionCard id={id} title={title}>
      <div className="mt-4 space-y-4 text-slate-700">{children}</div>
    </SectionCard>
  );
}

/** A list of what the account did, as a table that scrolls sideways in its own region on a narrow screen. */
export function ActivityTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: string[];
  children: ReactNode;
}) {
  return (
    <TableRegion label={caption}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-slate-800">
          <tr>
            {columns.map((column, index) => (
              <th key={column} scope="col" className={index < columns.length - 1 ? "py-2 pr-4" : "py-2"}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableRegion>
  );
}
