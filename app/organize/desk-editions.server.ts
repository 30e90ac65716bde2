/**
 * The editions a desk list filters by (people, registrations, invoices):
 * the clock's first, then the other published ones, then "all editions".
 * One home, so every list names an edition the same way.
 */
import { editionsFor } from "~/clock/clock.server";
import { peopleText } from "~/content/organize";
import type { Desk } from "./guard.server";

/** The clock's edition, then the other published ones (never the test fixture). */
export function deskEditions(desk: Desk) {
  const published = editionsFor(desk.env).filter((e) => !e.isFixture);
  return [desk.edition, ...published.filter((e) => e.id !== desk.edition.id)];
}

/** An edition filter's options, "all" last. */
export function deskEditionOptions(desk: Desk) {
  return [
    ...deskEditions(desk).map((e) => ({ value: e.id, label: e.name })),
    { value: "all", label: peopleText.allEditions },
  ];
}

/** An edition's name as a list's heading says it ("all" included); an unknown id names itself. */
export function deskEditionName(desk: Desk, editionId: string) {
  if (editionId === "all") return peopleText.allEditions;
  return editionsFor(desk.env).find((e) => e.id === editionId)?.name ?? editionId;
}
