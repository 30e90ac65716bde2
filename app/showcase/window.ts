/**
 * When the showcase is shown and when the audience may vote (issue 25), from
 * the edition's "showcase-voting" milestone: shown from its start and kept
 * afterwards as the edition's archive; voting from its start until its end
 * (00:00 MT after the last day, Mar 31, 2026). Pure: pages, actions and the
 * admin CLI read the same rule.
 */
import { milestoneOf, type Edition } from "../content/editions";

export type VotingWindow = "notYetOpen" | "open" | "closed";

export function showcaseOpensAt(edition: Edition): Date {
  return milestoneOf(edition, "showcase-voting").start;
}

/** The first instant after the vote: the milestone's (exclusive) end. */
export function votingClosesAt(edition: Edition): Date {
  const m = milestoneOf(edition, "showcase-voting");
  return m.end ?? m.start;
}

export function votingWindow(now: Date, edition: Edition): VotingWindow {
  const t = now.getTime();
  if (t < showcaseOpensAt(edition).getTime()) return "notYetOpen";
  return t < votingClosesAt(edition).getTime() ? "open" : "closed";
}

/**
 * The edition whose showcase /showcase shows at `now`: the current edition's
 * once it has opened; before that, the latest earlier edition's (its
 * archive), or none.
 */
export function showcaseEdition(
  now: Date,
  current: Edition,
  editions: readonly Edition[],
): { shown: Edition | null; upcoming: Edition | null } {
  if (now.getTime() >= showcaseOpensAt(current).getTime()) return { shown: current, upcoming: null };
  const earlier = editions
    .filter((e) => e.id !== current.id && showcaseOpensAt(e).getTime() <= now.getTime())
    .sort((a, b) => showcaseOpensAt(b).getTime() - showcaseOpensAt(a).getTime());
  return { shown: earlier[0] ?? null, upcoming: current };
}
