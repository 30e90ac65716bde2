/**
 * An edition as it is stored (ADR 024): one JSON document per version in
 * `edition_versions.document`, instants as ISO strings. `editionDocument`
 * checks the shape (not the rules between dates: ./check.ts does that) so a
 * row that does not read back as an `Edition` fails loudly where it is read,
 * never on a page.
 */
import * as z from "zod/mini";
import { milestoneIds, type Edition } from "~/content/editions";

const instant = z.pipe(
  z.union([z.date(), z.iso.datetime({ offset: true })]),
  z.transform((value) => (value instanceof Date ? value : new Date(value))),
);

const deadline = z.object({ due: instant, closesAt: instant });
const pricePerPhase = z.object({ earlyBird: z.int().check(z.nonnegative()), regular: z.int().check(z.nonnegative()) });

const milestone = z.object({
  id: z.enum(milestoneIds),
  title: z.string().check(z.minLength(1)),
  description: z.string(),
  start: instant,
  end: z.optional(instant),
  allDay: z.boolean(),
  timeNote: z.optional(z.string()),
  location: z.optional(z.string()),
  isDeadline: z.boolean(),
  audience: z.enum(["everyone", "participants", "organizations"]),
});

export const editionDocument = z.object({
  id: z.string().check(z.regex(/^[0-9]{4}$/)),
  name: z.string().check(z.minLength(1)),
  enrollmentOpens: instant,
  pricingRegularFrom: instant,
  standardRegistrationOpens: instant,
  submissionDeadline: deadline,
  finalEnrollmentDeadline: deadline,
  sponsorshipClosesAt: instant,
  prices: z.object({ individual: pricePerPhase, workforce: pricePerPhase }),
  goals: z.object({
    participants: z.int().check(z.positive()),
    organizations: z.int().check(z.positive()),
    projectSubmissions: z.int().check(z.positive()),
  }),
  finalsVenue: z.object({ city: z.string(), event: z.string(), showcase: z.string(), name: z.string() }),
  milestones: z.array(milestone).check(z.length(milestoneIds.length)),
});

/** The stored text of an edition: its instants as ISO strings, keys in a stable order. */
export function serializeEdition(edition: Edition): string {
  const { isFixture: _fixture, ...stored } = edition;
  return JSON.stringify(stored);
}

/** Reads a stored edition back; throws on a document that is not one. */
export function parseEdition(text: string): Edition {
  return editionDocument.parse(JSON.parse(text)) as Edition;
}
