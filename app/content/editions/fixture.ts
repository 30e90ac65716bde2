/**
 * A made-up edition for tests only (not real content): it flips every
 * phase-dependent page without touching the database's editions. The only
 * edition left in code (ADR 024): the clock considers it only outside
 * production and only when APP_EDITION_FIXTURE=1 (`siteEditions`,
 * app/editions/cache.server.ts). Its figures are
 * deliberately unlike the real ones so a test can tell them apart.
 */
import type { Edition, EditionMilestone } from "./types";

const at = (iso: string) => new Date(iso);
const day = (date: string, offset: string, title: string, id: EditionMilestone["id"], days = 1) => ({
  id,
  title,
  description: `Fixture milestone: ${title.toLowerCase()}.`,
  start: at(`${date}T00:00:00${offset}`),
  end: new Date(at(`${date}T00:00:00${offset}`).getTime() + days * 86_400_000),
  allDay: true,
  isDeadline: false,
  audience: "everyone" as const,
});
const deadline = { due: at("2027-04-14T23:59:00-06:00"), closesAt: at("2027-04-15T00:00:00-06:00") };

export const fixtureEdition: Edition = {
  id: "fixture",
  name: "Fixture Edition",
  isFixture: true,
  enrollmentOpens: at("2027-01-11T09:00:00-07:00"),
  pricingRegularFrom: at("2027-02-01T00:00:00-07:00"),
  standardRegistrationOpens: at("2027-02-01T09:00:00-07:00"),
  submissionDeadline: deadline,
  finalEnrollmentDeadline: deadline,
  sponsorshipClosesAt: at("2027-05-20T09:00:00-06:00"),
  prices: {
    individual: { earlyBird: 11_100, regular: 22_200 },
    workforce: { earlyBird: 333_300, regular: 444_400 },
  },
  goals: { participants: 7, organizations: 8, projectSubmissions: 9 },
  finalsVenue: { city: "Fixtureville, Idaho", event: "Fixture Week", showcase: "Fixture Hall", name: "Fixture Finals" },
  milestones: [
    {
      id: "early-enrollment",
      title: "Fixture enrollment opens",
      description: "Fixture milestone: enrollment opens.",
      start: at("2027-01-11T09:00:00-07:00"),
      allDay: false,
      timeNote: "9:00 AM MT",
      isDeadline: false,
      audience: "participants",
    },
    day("2027-01-11", "-07:00", "Fixture creation period", "creation-period", 92),
    {
      id: "standard-registration",
      title: "Fixture standard registration",
      description: "Fixture milestone: standard registration.",
      start: at("2027-02-01T09:00:00-07:00"),
      allDay: false,
      timeNote: "9:00 AM MT",
      isDeadline: false,
      audience: "participants",
    },
    day("2027-02-08", "-07:00", "Fixture organization enrollment", "organization-enrollment-opens"),
    day("2027-02-15", "-07:00", "Fixture program start", "program-starts"),
    { ...deadlineMilestone("submission-deadline", "Fixture submission deadline") },
    { ...deadlineMilestone("final-enrollment-deadline", "Fixture enrollment deadline") },
    day("2027-04-16", "-06:00", "Fixture showcase", "showcase-voting", 11),
    day("2027-04-17", "-06:00", "Fixture judging", "judging", 13),
    {
      id: "finalists-announced",
      title: "Fixture finalists announced",
      description: "Fixture milestone: finalists announced.",
      start: at("2027-04-30T09:00:00-06:00"),
      allDay: false,
      timeNote: "9:00 AM MT",
      isDeadline: false,
      audience: "everyone",
    },
    {
      id: "finals",
      title: "Fixture Finals",
      description: "Fixture milestone: the finals.",
      start: at("2027-05-20T09:00:00-06:00"),
      end: at("2027-05-20T16:00:00-06:00"),
      allDay: false,
      timeNote: "9:00 AM – 4:00 PM MT",
      location: "Fixtureville, Idaho",
      isDeadline: false,
      audience: "everyone",
    },
  ],
};

function deadlineMilestone(id: EditionMilestone["id"], title: string): EditionMilestone {
  return {
    id,
    title,
    description: `Fixture milestone: ${title.toLowerCase()}.`,
    start: deadline.due,
    end: deadline.closesAt,
    allDay: false,
    timeNote: "11:59 PM MT",
    isDeadline: true,
    audience: "participants",
  };
}
