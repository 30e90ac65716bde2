/**
 * The organization's activity: its company admins' own actions, rows of the
 * site's one event log (app/events/), written through the one guarded commit
 * in the same batch as the change. A conditional change (the code still
 * live, the employee still enrolled) passes its condition as `holds`: when
 * someone else's change got there a moment earlier, nothing is written and
 * the commit answers `{ ok: false }`.
 */
import { commitAccountChange, type CommitOptions, type Statement } from "~/events/commit.server";
import type { AccountEventKind, AccountEventPayload } from "~/events/kinds";
import type { Db } from "~/db/client.server";

type OrganizationKind = Extract<AccountEventKind, `organization.${string}`>;

/** A company admin's change and its row of the organization's activity, in one batch. */
export function commitOrganizationChange<Kind extends OrganizationKind>(
  db: Db,
  change: {
    organizationId: string;
    actorUserId: string;
    kind: Kind;
    /** Never a company code. */
    payload: AccountEventPayload<Kind>;
    now: Date;
    statements: Statement[];
    /** The person it is about, if one. */
    subjectUserId?: string;
  } & CommitOptions,
) {
  const { organizationId, actorUserId, subjectUserId, ...rest } = change;
  return commitAccountChange(db, {
    ...rest,
    actor: { userId: actorUserId, role: "admin" },
    subject: { organizationId, userId: subjectUserId ?? null },
  });
}
