import type { Milestone } from "~/content/dates";
import { googleCalendarUrl, milestoneIcsPath } from "~/clock/calendar";
import { type MilestoneStatus } from "~/clock/schedule";
import { formatMilestoneDate, formatMilestoneTime, formatPacific, formatTimeMountainAndPacific } from "~/clock/format";
import { StatusPill } from "./page";

/**
 * The time as the site prints it for a timed milestone, in Mountain Time with
 * Pacific Time for the panhandle: "11:59 PM MT (10:59 PM PT)",
 * "9:00 AM – 4:00 PM MT (8:00 AM – 3:00 PM PT)". All-day milestones show
 * their note, if any.
 */
export function milestoneTimeLabel(m: Milestone): string | null {
  if (m.allDay) return m.timeNote ?? null;
  if (m.end !== undefined && !m.isDeadline) {
    const pacificStart = formatPacific(m.start, "time").replace(/ PT$/, "");
    return `${formatMilestoneTime(m)} (${pacificStart} – ${formatPacific(m.end, "time")})`;
  }
  return formatTimeMountainAndPacific(m.start);
}

/** The note that explains the zone abbreviations, once per page. */
export function TimeZoneNote() {
  return (
    <p className="text-sm text-slate-600">
      Times are Mountain Time (MT), the time in Boise and southern Idaho, with Pacific Time (PT) in brackets for the
      panhandle.
    </p>
  );
}

/** Download and Google Calendar links for one milestone; the link text names the milestone. */
export function AddToCalendar({ milestone, origin }: { milestone: Milestone; origin: string }) {
  return (
    <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-2 text-sm font-semibold">
      <li>
        <a href={milestoneIcsPath(milestone)} className="text-brand-700 underline hover:text-brand-900" download>
          Add to calendar (.ics)<span className="sr-only">{`: ${milestone.title}`}</span>
        </a>
      </li>
      <li>
        <a
          href={googleCalendarUrl(milestone, origin)}
          className="text-brand-700 underline hover:text-brand-900"
          target="_blank"
          rel="noopener noreferrer"
        >
          Add to Google Calendar
          <span className="sr-only">{`: ${milestone.title} (opens in a new tab)`}</span>
        </a>
      </li>
    </ul>
  );
}

/**
 * Milestones in order, each with its status in words, date, time with zone
 * and calendar links. Each item carries the milestone id as its anchor.
 */
export function MilestoneList({
  items,
  statuses,
  origin,
  calendarLinks = true,
}: {
  items: readonly Milestone[];
  statuses: Readonly<Record<string, MilestoneStatus>>;
  origin: string;
  calendarLinks?: boolean;
}) {
  return (
    <ol className="relative space-y-6 border-l-2 border-brand-200 pl-6 sm:pl-8">
      {items.map((m) => {
        const status = statuses[m.id] ?? "upcoming";
        const time = milestoneTimeLabel(m);
        return (
          <li key={m.id} id={m.id} data-status={status} className="relative">
            <span
              aria-hidden="true"
              className={`absolute -left-[33px] top-6 size-4 rounded-full border-2 border-white sm:-left-[41px] ${
                status === "past" ? "bg-slate-400" : status === "current" ? "bg-green-700" : "bg-brand-600"
              }`}
            />
            <article className={`card ${status === "current" ? "ring-2 ring-green-700" : ""}`}>
              <div className="flex flex-wrap items-center gap-3">
                <StatusPill status={status} />
                {m.isDeadline ? (
                  <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
                    Deadline
                  </span>
                ) : null}
              </div>
              <h3 className="mt-3 text-xl font-semibold text-brand-950">{m.title}</h3>
              <p className="mt-1 font-semibold text-brand-800">
                <span className="sr-only">Date: </span>
                {formatMilestoneDate(m)}
              </p>
              {time ? (
                <p className="text-slate-700">
                  <span className="sr-only">Time: </span>
                  {time}
                </p>
              ) : null}
              {m.location ? <p className="text-slate-700">{`Location: ${m.location}`}</p> : null}
              <p className="mt-2 text-slate-600">{m.description}</p>
              {calendarLinks ? <AddToCalendar milestone={m} origin={origin} /> : null}
            </article>
          </li>
        );
      })}
    </ol>
  );
}
