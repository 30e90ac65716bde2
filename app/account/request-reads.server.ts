/**
 * What the header's account menu and the page under it both read, read once
 * per request (issue 56) and shared through the request's context, as
 * `requestSession` shares the session (app/auth/request-session.server.ts):
 * the account's organizer role (the menu's desk link and the desk's
 * middleware) and the organizations it manages (the menu's link, /account's
 * list and the organization area's middleware), both of which the session's
 * own statement usually brings.
 */
import { createContext, type RouterContextProvider } from "react-router";
import type { OrganizerRoleName } from "~/content/organize";
import type { Db } from "~/db/client.server";
import { organizationsOf, type Organization } from "~/organization/managed.server";
import { roleOf } from "~/organize/organizers.server";

type Context = Readonly<RouterContextProvider>;

const organizerRoleOfRequest = createContext<Promise<OrganizerRoleName | null> | null>(null);
const organizationsOfRequest = createContext<Promise<Organization[]> | null>(null);

function once<T>(context: Context, key: ReturnType<typeof createContext<Promise<T> | null>>, read: () => Promise<T>) {
  const known = context.get(key);
  if (known) return known;
  const reading = read();
  context.set(key, reading);
  return reading;
}

/** The signed-in account's organizer role, or null: read on the first ask of the request. */
export function requestOrganizerRole(context: Context, db: Db, userId: string): Promise<OrganizerRoleName | null> {
  return once(context, organizerRoleOfRequest, () => roleOf(db, userId));
}

/**
 * The role as the session's own statement read it (app/auth/session-read.server.ts), or the desk's middleware
 * when better-auth answered the session: nobody later in the request reads it again.
 */
export function shareOrganizerRole(context: Context, role: OrganizerRoleName | null) {
  context.set(organizerRoleOfRequest, Promise.resolve(role));
}

/**
 * The organizations as the session's own statement read them
 * (app/auth/session-read.server.ts): nobody later in the request reads them again.
 */
export function shareOrganizations(context: Context, organizations: Organization[]) {
  context.set(organizationsOfRequest, Promise.resolve(organizations));
}

/** The organizations the signed-in account manages: read with the session, else on the first ask of the request. */
export function requestOrganizations(context: Context, db: Db, userId: string): Promise<Organization[]> {
  return once(context, organizationsOfRequest, () => organizationsOf(db, userId));
}
