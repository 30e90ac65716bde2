/**
 * The rules between an edition's facts (issue 52), checked before a draft is
 * saved, proposed or published and before a published edition is changed.
 * Each problem names the form field it belongs to, in plain words. Pure:
 * the candidate, the edition before it and, for a change, the published
 * version and "now" are handed in.
 *
 * The relations are SPEC.md §9's, as the 2026 edition reads them: the
 * milestones in their order by Boise calendar day; enrollment, standard
 * registration, organization enrollment and the program's start within the
 * creation period; the submission deadline within it or on the day after
 * its last day (Mar 17 → Mar 18, 11:59 PM); the final enrollment deadline
 * not after the submission deadline; the showcase and judging after the
 * submission deadline; the early-bird cut-off while enrollment is open; the
 * sponsorship close by the end of the finals; an early-bird price not above
 * the regular one; and the whole edition after the previous one's finals.
 */
import { formatMountain } from "~/clock/format";
import { editionEndsAt, editionStartsAt, mountainDateKey } from "~/clock/schedule";
import { editionCheckMessages as say } from "~/content/edition-desk";
import { milestonesById, type Edition, type EditionMilestone, type MilestoneId } from "~/content/editions";
import { fieldOf, milestoneKind, type FieldProblem } from "./fields";

const day = (d: Date) => mountainDateKey(d);
const when = (d: Date) => formatMountain(d, "dateTime");
const date = (d: Date) => formatMountain(d);

/** The field a milestone's start, or end, is typed in. */
function startField(m: EditionMilestone): string {
  return fieldOf.startDate(m.id);
}
function endField(m: EditionMilestone): string {
  return fieldOf.endDate(m.id);
}

/** Every problem of `candidate` on its own and beside the edition before it. */
export function checkEdition(candidate: Edition, { previous }: { previous?: Edition | null } = {}): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const add = (field: string, message: string) => {
    if (!problems.some((p) => p.field === field && p.message === message)) problems.push({ field, message });
  };
  const m = milestonesById(candidate);
  const list = candidate.milestones;

  for (const item of list) {
    if (item.end && item.end.getTime() <= item.start.getTime() && milestoneKind(item) !== "deadline") {
      add(endField(item), say.endBeforeStart(item.title));
    }
  }
  for (let i = 1; i < list.length; i++) {
    const before = list[i - 1]!;
    const item = list[i]!;
    if (day(item.start) < day(before.start)) {
      add(startField(item), say.outOfOrder(item.title, date(item.start), before.title, date(before.start)));
    }
  }

  const creation = m["creation-period"];
  const creationEnd = creation.end ?? creation.start;
  const within = (id: MilestoneId) => {
    const item = m[id];
    if (item.start.getTime() < creation.start.getTime() || item.start.getTime() >= creationEnd.getTime()) {
      add(
        startField(item),
        say.outsideCreation(item.title, date(creation.start), date(new Date(creationEnd.getTime() - 1))),
      );
    }
  };
  (["early-enrollment", "standard-registration", "organization-enrollment-opens", "program-starts"] as const).forEach(
    within,
  );

  const submission = m["submission-deadline"];
  if (submission.start.getTime() < creation.start.getTime() || day(submission.start) > day(creationEnd)) {
    add(
      startField(submission),
      say.submissionOutsideCreation(date(new Date(creationEnd.getTime() - 1)), date(creationEnd)),
    );
  }
  const finalEnrollment = m["final-enrollment-deadline"];
  if (candidate.finalEnrollmentDeadline.closesAt.getTime() > candidate.submissionDeadline.closesAt.getTime()) {
    add(startField(finalEnrollment), say.finalEnrollmentAfterSubmission(when(candidate.submissionDeadline.due)));
  }
  for (const id of ["showcase-voting", "judging"] as const) {
    if (m[id].start.getTime() < candidate.submissionDeadline.closesAt.getTime()) {
      add(startField(m[id]), say.beforeSubmissionCloses(m[id].title, when(candidate.submissionDeadline.due)));
    }
  }
  const judgingEnd = m.judging.end ?? m.judging.start;
  if (judgingEnd.getTime() > m["finalists-announced"].start.getTime()) {
    add(startField(m["finalists-announced"]), say.announcedDuringJudging(date(new Date(judgingEnd.getTime() - 1))));
  }

  if (
    candidate.pricingRegularFrom.getTime() <= candidate.enrollmentOpens.getTime() ||
    candidate.pricingRegularFrom.getTime() > candidate.finalEnrollmentDeadline.closesAt.getTime()
  ) {
    add(
      fieldOf.regularPricesFrom,
      say.earlyBirdOutsideEnrollment(when(candidate.enrollmentOpens), when(candidate.finalEnrollmentDeadline.due)),
    );
  }
  const finalsEnd = m.finals.end ?? m.finals.start;
  if (
    candidate.sponsorshipClosesAt.getTime() <= candidate.enrollmentOpens.getTime() ||
    candidate.sponsorshipClosesAt.getTime() > finalsEnd.getTime()
  ) {
    add(fieldOf.sponsorshipDate, say.sponsorshipOutside(when(finalsEnd)));
  }

  for (const plan of ["individual", "workforce"] as const) {
    const { earlyBird, regular } = candidate.prices[plan];
    if (earlyBird > regular) add(fieldOf.price(plan, "earlyBird"), say.earlyBirdAboveRegular(plan));
  }

  if (previous && previous.id !== candidate.id) {
    const previousEnd = editionEndsAt(previous);
    const first = [...list].sort((a, b) => a.start.getTime() - b.start.getTime())[0]!;
    if (editionStartsAt(candidate).getTime() < previousEnd.getTime()) {
      add(
        startField(first),
        say.overlapsPreviousFinals(
          first.title,
          date(first.start),
          previous.name,
          date(milestonesById(previous).finals.start),
        ),
      );
    }
  }
  return problems;
}

/**
 * What a change of a published edition may not do at `now` (issue 52):
 * facts people already relied on stay. A milestone that has begun keeps its
 * start and one that has passed keeps its end; no new time lies in the past;
 * prices and the early-bird cut-off stay once enrollment has opened; a
 * sponsorship close that has passed stays.
 */
export function checkChange(candidate: Edition, published: Edition, now: Date): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const t = now.getTime();
  const before = milestonesById(published);
  for (const item of candidate.milestones) {
    const was = before[item.id];
    const startMoved = was.start.getTime() !== item.start.getTime();
    const endMoved = (was.end?.getTime() ?? null) !== (item.end?.getTime() ?? null);
    if (!startMoved && !endMoved) continue;
    const deadline = milestoneKind(item) === "deadline";
    // A deadline is relied on until it closes; a range or an event from its start.
    const reliedFrom = deadline ? (was.end ?? was.start) : was.start;
    if (startMoved && reliedFrom.getTime() <= t) {
      problems.push({ field: startField(item), message: say.alreadyPassed(item.title, when(was.start)) });
      continue;
    }
    if (!deadline && endMoved && was.end && was.end.getTime() <= t) {
      problems.push({ field: endField(item), message: say.alreadyPassed(item.title, when(was.end)) });
      continue;
    }
    if (startMoved && item.start.getTime() <= t) {
      problems.push({ field: startField(item), message: say.intoThePast(item.title, when(item.start), when(now)) });
    } else if (endMoved && item.end && item.end.getTime() <= t) {
      problems.push({ field: endField(item), message: say.intoThePast(item.title, when(item.end), when(now)) });
    }
  }
  const enrollmentOpened = published.enrollmentOpens.getTime() <= t;
  if (enrollmentOpened) {
    for (const plan of ["individual", "workforce"] as const) {
      for (const phase of ["earlyBird", "regular"] as const) {
        if (candidate.prices[plan][phase] !== published.prices[plan][phase]) {
          problems.push({
            field: fieldOf.price(plan, phase),
            message: say.priceRelied(when(published.enrollmentOpens)),
          });
        }
      }
    }
    if (candidate.pricingRegularFrom.getTime() !== published.pricingRegularFrom.getTime()) {
      problems.push({ field: fieldOf.regularPricesFrom, message: say.priceRelied(when(published.enrollmentOpens)) });
    }
  }
  if (
    candidate.sponsorshipClosesAt.getTime() !== published.sponsorshipClosesAt.getTime() &&
    (published.sponsorshipClosesAt.getTime() <= t || candidate.sponsorshipClosesAt.getTime() <= t)
  ) {
    problems.push({
      field: fieldOf.sponsorshipDate,
      message: say.alreadyPassed("The sponsorship close", when(published.sponsorshipClosesAt)),
    });
  }
  return problems;
}

/** The milestones whose times differ between two versions of an edition, in the edition's order. */
export function movedMilestones(
  before: Edition,
  after: Edition,
): { before: EditionMilestone; after: EditionMilestone }[] {
  const was = milestonesById(before);
  return after.milestones
    .filter((m) => {
      const old = was[m.id];
      return (
        old.start.getTime() !== m.start.getTime() ||
        (old.end?.getTime() ?? null) !== (m.end?.getTime() ?? null) ||
        old.allDay !== m.allDay
      );
    })
    .map((m) => ({ before: was[m.id], after: m }));
}
