/**
 * The people area's registered actions and queries (issue 33, ADR 018), as
 * app/desk/registry.server.ts gathers them: the organizer API serves
 * each, and the desk's pages read the same functions.
 */
import { inboxActions } from "./inbox.server";
import {
  contactsListQuery,
  interestsListQuery,
  organizationsListQuery,
  registrationsListQuery,
  sponsorshipsListQuery,
  subscribersListQuery,
} from "./lists.server";
import { personQuery, searchPeopleQuery } from "./people.server";

export const peopleActions = [...inboxActions];

export const peopleQueries = [
  searchPeopleQuery,
  personQuery,
  registrationsListQuery,
  sponsorshipsListQuery,
  organizationsListQuery,
  contactsListQuery,
  interestsListQuery,
  subscribersListQuery,
];
