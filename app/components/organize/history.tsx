import { historyText } from "~/content/events";
import type { Stepped } from "~/organize/paging";
import type { HistoryItem } from "~/desk/histories.server";
import { SectionCard } from "../section-card";
import { cellClass, DeskTable, Empty, Pager } from "./desk";

/** A subject's history from the one event log: a table with its caption, newest first, paged by links. */
export function HistorySection({ history, of }: { history: Stepped<HistoryItem>; of: string }) {
  const caption = historyText.caption(of);
  return (
    <SectionCard id="history" title={historyText.title}>
      <p className="mt-2 text-slate-700">{historyText.lead}</p>
      {history.items.length === 0 ? (
        <Empty>{historyText.none}</Empty>
      ) : (
        <DeskTable id="history-table" caption={caption} head={historyText.head}>
          {history.items.map((item) => (
            <tr key={item.id}>
              <td className={`${cellClass} whitespace-nowrap`}>
                <time dateTime={item.at}>{item.when}</time>
              </td>
              <td className={cellClass}>{item.who}</td>
              <td className={cellClass}>{item.what}</td>
            </tr>
          ))}
        </DeskTable>
      )}
      <Pager paged={history} label={caption} />
    </SectionCard>
  );
}
