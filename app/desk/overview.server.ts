/**
 * The organizers' desk, assembled (issue 51). The desk's machinery
 * (app/organize/: roles, the guard, the executor, proposals, tokens, paging)
 * stands below the concerns, which all build their actions and pages on it;
 * what gathers every concern stands here, above them and beside the routes:
 * the registry of actions and queries (./registry.server.ts), the table of
 * pages (./pages.ts) and this overview. So imports run one way: routes →
 * app/desk → concerns → app/organize.
 *
 * /organize: where the edition stands, and what needs this role's attention.
 * Each concern gives its own blocks from its desk module (statements and the
 * figures shaped from their rows); this runs those the role may read in one
 * round trip, with a fixed number of aggregate statements whatever the
 * edition's size (tests/integration/request-work.test.ts).
 */
import { formatMountain } from "~/clock/format";
import { editionPhase, nextMilestone } from "~/clock/schedule";
import { phaseSummaries } from "~/content/phases";
import { judgesOverview, scoreCoverageOverview } from "~/judging/desk.server";
import { outboxOverview } from "~/notifications/desk.server";
import { dailyJobsOverview, openProposalsOverview, recentChangesOverview } from "~/organize/desk.server";
import { deskHeader, type Desk } from "~/organize/guard.server";
import {
  guardToken,
  keptOverviewBlock,
  readOverviewBlocks,
  type OverviewBlock,
} from "~/organize/overview-block.server";
import type { Permission } from "~/organize/roles";
import { organizationsOverview } from "~/people/desk.server";
import { registrationsOverview } from "~/people/overview.server";
import { teamsOverview } from "~/portal/desk.server";
import { votesOverview } from "~/showcase/overview.server";

export async function overviewDeskView(desk: Desk) {
  const { now, edition } = desk;
  const next = nextMilestone(now, edition.milestones);
  const allowed = <T>(block: (desk: Desk) => OverviewBlock<T>, permission: Permission) =>
    desk.can(permission) ? block(desk) : null;
  // Counts of tables whose every write changes the judging report's token (migrations/0034_desk_flat.sql),
  // kept per isolate under the token the guard read (the page declares it, app/desk/pages.ts): counted once
  // after each change, not on every view of an edition that grows (issue 56).
  const token = guardToken(desk.version, "judging-report");
  const keptUnderReport =
    <T>(name: string, block: (desk: Desk) => OverviewBlock<T>) =>
    (desk: Desk) =>
      keptOverviewBlock(block(desk), { key: `${edition.id}:${name}`, token });
  const read = await readOverviewBlocks(desk.db, {
    judges: allowed(judgesOverview, "read:judge"),
    outbox: allowed(outboxOverview, "read:desk"),
    openProposals: allowed(openProposalsOverview, "read:proposal"),
    recent: allowed(recentChangesOverview, "read:audit"),
    registrations: allowed(keptUnderReport("registrations", registrationsOverview), "read:desk"),
    teams: allowed(keptUnderReport("teams", teamsOverview), "read:desk"),
    votes: allowed(votesOverview, "read:desk"),
    // Company codes are private (SPEC.md): only a role that reads organizations sees them.
    companies: allowed(organizationsOverview, "read:organization"),
    coverage: allowed(scoreCoverageOverview, "read:report"),
    jobs: allowed(dailyJobsOverview, "read:desk"),
  });
  const { registrations, teams, votes, ...blocks } = read;
  return {
    header: deskHeader(desk),
    edition: {
      name: edition.name,
      phase: phaseSummaries[editionPhase(now, edition)].replace("{edition}", edition.name),
      next: next ? { title: next.title, when: formatMountain(next.start, "dateTime") } : null,
    },
    ...blocks,
    canRequeue: desk.can("send:message"),
    // The edition's numbers: every role of the desk reads all of them.
    counts: registrations && teams && votes !== null ? { ...registrations, ...teams, votes } : null,
  };
}
