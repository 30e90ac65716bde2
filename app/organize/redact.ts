/**
 * People's addresses as a desk role that may not read people sees them
 * (issue 50): the audit log and proposal previews carry the addresses of
 * participants, judges and buyers in their summaries, facts and tables, and
 * a coordinator (no `read:person`) reads those pages. Every address in a
 * text keeps its first character and its domain: "c•••@example.com" still
 * tells two rows about the same person apart, and says which organization.
 *
 * The actor of a row (the organizer who acted) is never passed through
 * this: who did what on the desk is the log's point, and organizers know
 * one another.
 */

/** An address anywhere in a text, JSON included: local part (its first character kept) and domain. */
const ADDRESS = /([\p{L}\p{N}])[\p{L}\p{N}._%+'-]*@((?:[\p{L}\p{N}-]+\.)+[\p{L}\p{N}-]{2,})/gu;

/** Every address in `text` redacted; the rest as it was. */
export function redactAddresses(text: string): string {
  return text.replace(ADDRESS, "$1•••@$2");
}

/** What a role shows: addresses as they are for a role that may read people, redacted for any other. */
export function addressesFor(mayReadPeople: boolean): <T extends string | null>(text: T) => T {
  return (text) => (mayReadPeople || text === null ? text : (redactAddresses(text) as typeof text));
}
