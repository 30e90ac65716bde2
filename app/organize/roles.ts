/**
 * Who on the Challenge's staff may do what (issue 32, ADR 018): the four
 * roles as better-auth access-control roles (`better-auth/plugins/access`,
 * plain statements of entities and actions, no endpoints). A permission is
 * written `action:entity` ("invite:judge"). Every organizer action and desk
 * page names one; the server checks it against the role the person holds in
 * `organizer_roles` at the time of the request, whether they act on the
 * desk or with an API token.
 *
 * Later waves add an entity or an action here when a new kind of action
 * needs one, and give it to the roles that may take it.
 */
import { createAccessControl } from "better-auth/plugins/access";
import type { OrganizerRoleName } from "~/content/organize";

export const organizerStatements = {
  /** The overview at /organize. */
  desk: ["read"],
  /** The audit log and its CSV; verifying its hash chain is the directors' (issue 50). */
  audit: ["read", "verify"],
  /** Organizer roles: only directors see, grant and remove them. */
  organizer: ["read", "grant", "remove"],
  /** One's own API tokens (a director may revoke anyone's). */
  token: ["create", "revoke"],
  /** The two-person rule: anyone who may propose sees open proposals; only a director confirms. */
  proposal: ["read", "confirm"],
  judge: ["read", "invite", "remove"],
  /** Judges' and advisors' public profiles, published on /judges-advisors (issue 54). */
  profile: ["publish"],
  assignment: ["read", "run"],
  conflict: ["read", "add", "dismiss"],
  report: ["read"],
  publication: ["propose"],
  appeal: ["read", "decide"],
  showcase: ["read", "moderate"],
  vote: ["read", "exclude"],
  deadline: ["extend"],
  person: ["read"],
  registration: ["read"],
  /** An organization's public listing on /employer-recognition is approved or returned on review (issue 54). */
  organization: ["read", "review"],
  /** A sponsor's presence on the site is approved or returned on review (issue 54). */
  sponsorship: ["read", "review"],
  /** Receivables (issue 53): invoices read, resent, voided, and settled by a payment received outside Stripe. */
  invoice: ["read", "resend", "void", "settle"],
  credential: ["read", "import", "revoke"],
  /** Contact messages and interest forms (read, mark handled) and announcements (send). */
  message: ["read", "send", "handle"],
  /** Editions as data (issue 52): coordinators draft; a director proposes publication and changes a published one. */
  edition: ["read", "draft", "publish", "change"],
  /** The public site as it will be on another day of an edition, for this desk session only (issue 52). */
  site: ["preview"],
} as const;

type Statements = typeof organizerStatements;
type Entity = keyof Statements;

/** "invite:judge", "confirm:proposal", … */
export type Permission = { [E in Entity]: `${Statements[E][number]}:${E}` }[Entity];

const ac = createAccessControl(organizerStatements);

const everything = Object.fromEntries(Object.entries(organizerStatements).map(([k, v]) => [k, [...v]])) as {
  -readonly [E in Entity]: Statements[E][number][];
};

export const organizerRoleDefinitions = {
  /** Everything: grants and removes roles, confirms one-way publications. */
  director: ac.newRole(everything),
  /** Judges, assignments, conflicts, appeals, the showcase and the vote review. */
  coordinator: ac.newRole({
    desk: ["read"],
    audit: ["read"],
    token: ["create", "revoke"],
    proposal: ["read"],
    judge: ["read", "invite", "remove"],
    profile: ["publish"],
    assignment: ["read", "run"],
    conflict: ["read", "add", "dismiss"],
    report: ["read"],
    publication: ["propose"],
    appeal: ["read", "decide"],
    showcase: ["read", "moderate"],
    vote: ["read", "exclude"],
    deadline: ["extend"],
    edition: ["read", "draft"],
    site: ["preview"],
  }),
  /** People, registrations, organizations, sponsorships, credentials and messages. */
  registrar: ac.newRole({
    desk: ["read"],
    audit: ["read"],
    token: ["create", "revoke"],
    proposal: ["read"],
    person: ["read"],
    registration: ["read"],
    organization: ["read", "review"],
    sponsorship: ["read", "review"],
    invoice: ["read", "resend", "void", "settle"],
    credential: ["read", "import", "revoke"],
    message: ["read", "send", "handle"],
  }),
  /** Reads the overview and the reports. */
  viewer: ac.newRole({
    desk: ["read"],
    token: ["create", "revoke"],
    report: ["read"],
  }),
} satisfies Record<OrganizerRoleName, unknown>;

/** Whether `role` holds `permission`. */
export function can(role: OrganizerRoleName, permission: Permission): boolean {
  const [action, entity] = permission.split(":") as [string, Entity];
  return organizerRoleDefinitions[role].authorize({ [entity]: [action] } as never).success;
}

/** Every permission, for listing and tests. */
export const allPermissions = Object.entries(organizerStatements).flatMap(([entity, actions]) =>
  actions.map((action) => `${action}:${entity}` as Permission),
);
