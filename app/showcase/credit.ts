/**
 * How a team is named in public (issue 25; issue 31 for published results):
 * each member as they chose to be shown (nobody's choice yet is the most
 * private, "team name only"), and a member's organization only if they chose
 * to show it, as the privacy policy promises. The showcase's project pages
 * and the published finalists and awards (app/results/publication.server.ts)
 * both name teams here; ./credit.server.ts reads what it is given.
 */
import { unnamedParticipant, type nameDisplayOptions } from "../content/showcase";

type NameDisplay = (typeof nameDisplayOptions)[number]["id"];

export interface CreditedMember {
  firstName: string;
  lastName: string;
  /** null: the member never chose, which shows no name. */
  nameDisplay: NameDisplay | null;
  showOrganization: boolean;
  organization: string | null;
}

/** A member's name as they chose it shown, or null (team name only). */
export function displayName(first: string, last: string, choice: NameDisplay): string | null {
  if (choice === "full") return `${first} ${last}`.trim();
  if (choice === "initial") return `${first} ${last.trim().charAt(0).toUpperCase()}${last.trim() ? "." : ""}`.trim();
  return null;
}

export interface PublicCredit {
  /** The members' names as they chose them shown, lead first. */
  members: string[];
  /** The organizations members chose to show, distinct and sorted. */
  organizations: string[];
  /** The credit line: "Team X: members", the members, the team, or the unnamed participant. */
  credit: string;
  /** One name for a result: the team's name, else the members shown, else the unnamed participant. */
  name: string;
}

/** `members` in the order they are credited (the lead first). */
export function publicCredit(teamName: string | null, members: CreditedMember[]): PublicCredit {
  const shown: string[] = [];
  const organizations = new Set<string>();
  for (const member of members) {
    const name = displayName(member.firstName, member.lastName, member.nameDisplay ?? "team");
    if (name) shown.push(name);
    if (member.showOrganization && member.organization) organizations.add(member.organization);
  }
  const teamLabel = teamName ? `Team ${teamName}` : null;
  const credit =
    shown.length > 0
      ? teamLabel
        ? `${teamLabel}: ${shown.join(", ")}`
        : shown.join(", ")
      : (teamLabel ?? unnamedParticipant);
  return {
    members: shown,
    organizations: [...organizations].sort(),
    credit,
    name: teamName ?? (shown.length > 0 ? shown.join(", ") : unnamedParticipant),
  };
}
