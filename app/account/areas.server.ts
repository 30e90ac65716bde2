/**
 * Which signed-in areas the header's account menu offers an account (issue
 * 35): one check per area of `accountAreas` (app/content/navigation.ts). The
 * Record type makes a new area's entry there need its check here. A check
 * only shows or hides a link: each area's own middleware still decides, on
 * the server, who may enter (ADR 013), so a failed check hides the link and
 * logs, and the page still renders.
 */
import type { RouterContextProvider } from "react-router";
import type { MenuFacts, SessionUser } from "~/auth/session.server";
import { passedSecondFactor } from "~/auth/second-factor-session.server";
import { accountAreas, type AccountAreaId } from "~/content/navigation";
import type { Edition } from "~/content/editions";
import { getDb, type Db } from "~/db/client.server";
import { judgeOf } from "~/judging/judge.server";
import { log } from "~/lib/log.server";
import { requestOrganizations, requestOrganizerRole } from "./request-reads.server";

/** The request's session, as the root loader already has it. */
export interface SignedInSession {
  user: SessionUser;
  secondFactorAt: string | null;
  /** Read with the session (app/auth/session-read.server.ts); absent when better-auth answered: then read here. */
  menuFacts?: MenuFacts | null;
}

interface AreaCheckArgs {
  /** The request's context: the role and the organizations are shared with the page (./request-reads.server.ts). */
  context: Readonly<RouterContextProvider>;
  db: Db;
  userId: string;
  session: SignedInSession;
  edition: Edition;
}

const mayEnter: Record<AccountAreaId, (args: AreaCheckArgs) => Promise<boolean>> = {
  // Every signed-in account: the portal itself says what, if anything, is still missing (issue 15).
  portal: async () => true,
  // A judge of the current edition who has not stepped down; /judging says so if two-step sign-in is off.
  judging: async ({ db, userId, edition, session }) => {
    if (session.menuFacts) return session.menuFacts.judgeOfEditions.includes(edition.id);
    const judge = await judgeOf(db, userId, edition.id);
    return judge !== null && judge.leftAt === null;
  },
  // The owner or a co-administrator of a paid Workforce Package (issue 14).
  organization: async ({ context, db, userId }) => (await requestOrganizations(context, db, userId)).length > 0,
  // An organizer the desk would admit (app/organize/guard.server.ts): any role opens /organize, but only verified
  // and in a session past the second factor. Anyone else gets the desk's 404, so the link is not shown to them:
  // the desk tells nobody it exists. The session's part is already known; the role came with the session's
  // statement, or is one indexed read when better-auth answered the session.
  organize: async ({ context, db, userId, session }) =>
    session.user.emailVerified &&
    passedSecondFactor(session) &&
    (await requestOrganizerRole(context, db, userId)) !== null,
  account: async () => true,
};

/** The areas the session's account may enter, in the menu's order. */
export async function accountAreasFor(
  env: Env,
  context: Readonly<RouterContextProvider>,
  session: SignedInSession,
  edition: Edition,
  requestId: string,
): Promise<AccountAreaId[]> {
  const args = { context, db: getDb(env), userId: session.user.id, session, edition };
  const allowed = await Promise.all(
    accountAreas.map(async ({ id }) => {
      try {
        return await mayEnter[id](args);
      } catch (error) {
        log("error", "account.area_lookup_failed", { requestId, area: id, error });
        return false;
      }
    }),
  );
  return accountAreas.filter((_, index) => allowed[index]).map(({ id }) => id);
}
