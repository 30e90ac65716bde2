-- Issue 52 (ADR 024): the 2026 edition, until now the module app/content/editions/2026.ts,
-- becomes data, unchanged: version 1 is serializeEdition(edition2026) (app/editions/document.ts)
-- byte for byte (tests/integration/edition-2026-migration.test.ts compares it with the copy the
-- tests keep, tests/fixtures/edition-2026.ts).
--
-- Written by the migration, published at the instant enrollment opened (2025-11-10T16:00:00.000Z, 9:00 AM
-- Mountain on 10 November 2025): the day participants first relied on these dates and prices.
-- rules_version "2026.1": the contest rules as the site has served them all through 2026
-- (app/content/legal.ts gives them no date or version of their own; the desk records the next).
INSERT INTO editions (id, created_at, created_by, published_version)
VALUES ('2026', '2025-11-10T16:00:00.000Z', 'migration', 1);

INSERT INTO edition_versions
  (edition_id, version, document, state, based_on, rules_version, note, created_by, created_at, published_at, published_by)
VALUES (
  '2026',
  1,
  '{"id":"2026","name":"2026 Challenge","enrollmentOpens":"2025-11-10T16:00:00.000Z","pricingRegularFrom":"2026-01-08T07:00:00.000Z","standardRegistrationOpens":"2026-01-08T16:00:00.000Z","submissionDeadline":{"due":"2026-03-19T05:59:00.000Z","closesAt":"2026-03-19T06:00:00.000Z"},"finalEnrollmentDeadline":{"due":"2026-03-19T05:59:00.000Z","closesAt":"2026-03-19T06:00:00.000Z"},"sponsorshipClosesAt":"2026-04-25T15:00:00.000Z","prices":{"individual":{"earlyBird":25000,"regular":30000},"workforce":{"earlyBird":500000,"regular":600000}},"goals":{"participants":500,"organizations":100,"projectSubmissions":50},"finalsVenue":{"city":"Boise, Idaho","event":"Idaho AI Week","showcase":"Capital Showcase","name":"State Capital Finals"},"milestones":[{"id":"early-enrollment","title":"Early enrollment and training access open","description":"Participants can enroll at the early-bird price and start the training stages right away.","start":"2025-11-10T16:00:00.000Z","allDay":false,"timeNote":"9:00 AM MT","isDeadline":false,"audience":"participants"},{"id":"creation-period","title":"Creation period","description":"Participants complete their training and build a project that applies AI to a real workplace problem.","start":"2025-11-10T07:00:00.000Z","end":"2026-03-18T06:00:00.000Z","allDay":true,"isDeadline":false,"audience":"participants"},{"id":"standard-registration","title":"Standard registration and Challenge Portal launch","description":"Standard registration opens, the Challenge Portal goes live and participants receive their portal credentials the same day.","start":"2026-01-08T16:00:00.000Z","allDay":false,"timeNote":"9:00 AM MT","isDeadline":false,"audience":"participants"},{"id":"organization-enrollment-opens","title":"Organization enrollment opens","description":"Organizations can enroll for the Workforce Package; enrollment is rolling from this date.","start":"2026-01-15T07:00:00.000Z","end":"2026-01-16T07:00:00.000Z","allDay":true,"isDeadline":false,"audience":"organizations"},{"id":"program-starts","title":"Program starts","description":"The first cohort begins; new cohorts start monthly.","start":"2026-02-01T07:00:00.000Z","end":"2026-02-02T07:00:00.000Z","allDay":true,"isDeadline":false,"audience":"organizations"},{"id":"submission-deadline","title":"Project submission deadline","description":"All five project components are due, with no exceptions and no late submissions; submitting 48 hours early is recommended.","start":"2026-03-19T05:59:00.000Z","end":"2026-03-19T06:00:00.000Z","allDay":false,"timeNote":"11:59 PM MT","isDeadline":true,"audience":"participants"},{"id":"final-enrollment-deadline","title":"Final enrollment deadline","description":"Enrollment in this edition of the Challenge closes at the end of the day.","start":"2026-03-19T05:59:00.000Z","end":"2026-03-19T06:00:00.000Z","allDay":false,"timeNote":"11:59 PM MT","isDeadline":true,"audience":"organizations"},{"id":"showcase-voting","title":"Public showcase and audience voting","description":"Projects are shown online from AI Literacy Day, and the public votes with one verified vote per person.","start":"2026-03-20T06:00:00.000Z","end":"2026-03-31T06:00:00.000Z","allDay":true,"location":"Online","isDeadline":false,"audience":"everyone"},{"id":"judging","title":"Judging","description":"Judges score every complete submission against the published criteria.","start":"2026-03-21T06:00:00.000Z","end":"2026-04-03T06:00:00.000Z","allDay":true,"timeNote":"Scores final Apr 2, 11:59 PM MT","isDeadline":false,"audience":"everyone"},{"id":"finalists-announced","title":"Finalists announced","description":"The finalists chosen by the judges are announced; they may present at the State Capital Finals.","start":"2026-04-03T15:00:00.000Z","allDay":false,"timeNote":"9:00 AM MT","isDeadline":false,"audience":"everyone"},{"id":"finals","title":"State Capital Finals","description":"Finalists present their projects at the Capital Showcase during Idaho AI Week, and the awards are presented.","start":"2026-04-25T15:00:00.000Z","end":"2026-04-25T22:00:00.000Z","allDay":false,"timeNote":"9:00 AM – 4:00 PM MT","location":"Boise, Idaho","isDeadline":false,"audience":"everyone"}]}',
  'published',
  NULL,
  '2026.1',
  'The 2026 edition as the site published it from code (app/content/editions/2026.ts)',
  'migration',
  '2025-11-10T16:00:00.000Z',
  '2025-11-10T16:00:00.000Z',
  'migration'
);

-- What a person relied on: the edition version their registration or sponsorship was priced from.
-- Every row so far was priced from 2026 as published in code, which is version 1.
ALTER TABLE registrations ADD COLUMN edition_version INTEGER;
ALTER TABLE sponsorships ADD COLUMN edition_version INTEGER;
UPDATE registrations SET edition_version = 1 WHERE edition_id = '2026';
UPDATE sponsorships SET edition_version = 1 WHERE edition_id = '2026';
