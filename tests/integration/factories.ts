/**
 * Test data as the site's tables hold it: one factory per table, the one place
 * in the tests that knows each table's required columns. A factory writes one
 * row through drizzle over ~/db/schema (so the schema's defaults apply), fills
 * what the test does not care about (a unique id, the 2026 edition,
 * `FACTORY_TIME`), and answers the row it wrote. A test passes only what its
 * assertions depend on; a column change touches this file.
 *
 * Rows here bypass the domain on purpose: a test that proves how a row gets
 * written (signing up, submitting, scoring) goes through the site; these give
 * the other tests the state that flow leaves behind.
 */
import { env } from "cloudflare:test";
import { getTableColumns } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { OrganizerRoleName } from "~/content/organize";
import { rubricCriteria } from "~/content/judging";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";

/** The instant a factory stamps its rows with unless told: inside the 2026 portal's season, before its deadline. */
export const FACTORY_TIME = "2026-03-10T12:00:00.000Z";
const EDITION = "2026";

/** The fields a test gave, without those it left undefined (which would otherwise hide a default). */
function given<T extends object>(fields: T): T {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as T;
}

const uuid = () => crypto.randomUUID();
const short = () => uuid().slice(0, 8);

async function insert<T extends SQLiteTable>(table: T, row: T["$inferInsert"]): Promise<T["$inferInsert"]> {
  await getDb(env)
    .insert(table)
    .values(row as never);
  return row;
}

/** Writes the row and answers the id the database gave it (tables keyed by an autoincrement id). */
async function insertWithId<T extends SQLiteTable>(table: T, row: T["$inferInsert"]): Promise<number> {
  const result = await getDb(env)
    .insert(table)
    .values(row as never)
    .run();
  return result.meta.last_row_id;
}

/**
 * Many rows of one table in one batch: as many rows per statement as keep it
 * under D1's 100 bound values, for the tests that need hundreds.
 */
async function insertMany<T extends SQLiteTable>(table: T, rows: T["$inferInsert"][]): Promise<T["$inferInsert"][]> {
  const db = getDb(env);
  const perStatement = Math.max(1, Math.floor(100 / Object.keys(getTableColumns(table)).length));
  const statements = [];
  for (let i = 0; i < rows.length; i += perStatement) {
    statements.push(db.insert(table).values(rows.slice(i, i + perStatement) as never));
  }
  if (statements.length > 0) await db.batch(statements as unknown as Parameters<typeof db.batch>[0]);
  return rows;
}

// ── People ──

/** A user row only (no password, no session): verified, with two-step sign-in on, unless told. */
export function createUser(fields: Partial<typeof schema.user.$inferInsert> = {}) {
  const id = fields.id ?? `user-${uuid()}`;
  return insert(schema.user, {
    id,
    name: "",
    email: `person.${short()}@${short()}.test`,
    emailVerified: true,
    twoFactorEnabled: true,
    ...given(fields),
  });
}

/** An organizer's role (replacing the one they had). */
export async function createOrganizerRole(
  userId: string,
  role: OrganizerRoleName,
  fields: Partial<typeof schema.organizerRoles.$inferInsert> = {},
) {
  const row = { userId, role, grantedBy: "test", grantedAt: "2026-03-01T00:00:00.000Z", ...given(fields) };
  await getDb(env)
    .insert(schema.organizerRoles)
    .values(row)
    .onConflictDoUpdate({ target: schema.organizerRoles.userId, set: { role } });
  return row;
}

export function createOrganizerToken(
  fields: Pick<typeof schema.organizerTokens.$inferInsert, "userId" | "tokenHash"> &
    Partial<typeof schema.organizerTokens.$inferInsert>,
) {
  return insert(schema.organizerTokens, {
    id: uuid(),
    name: "test token",
    createdAt: "2026-03-01T00:00:00.000Z",
    ...given(fields),
  });
}

/** An open proposal of the two-person rule (of a sample action unless told). */
export function createOrganizerProposal(fields: Partial<typeof schema.organizerProposals.$inferInsert> = {}) {
  return insert(schema.organizerProposals, {
    id: uuid(),
    action: "test.sample",
    input: "{}",
    preview: JSON.stringify({ summary: "A sample", tables: [] }),
    previewHash: "x",
    summary: "A sample",
    proposedBy: "someone",
    proposedLabel: "someone@example.test",
    createdAt: "2026-03-25T00:00:00.000Z",
    expiresAt: "2026-03-26T00:00:00.000Z",
    ...given(fields),
  });
}

export function createSignInFailure(
  fields: Pick<typeof schema.signInFailures.$inferInsert, "email" | "failedAt"> &
    Partial<typeof schema.signInFailures.$inferInsert>,
) {
  return insert(schema.signInFailures, { client: "10.0.0.1", ...given(fields) });
}

// ── Registrations, organizations, sponsors, offers ──

/** A paid individual registration of 2026 unless told (Avery Nguyen, early bird). */
export function createRegistration(
  fields: Pick<typeof schema.registrations.$inferInsert, "userId"> & Partial<typeof schema.registrations.$inferInsert>,
) {
  const type = fields.registrationType ?? "individual";
  const status = fields.status ?? "paid";
  return insert(schema.registrations, {
    id: `reg_${uuid()}`,
    editionId: EDITION,
    registrationType: type,
    plan: type,
    pricingPhase: "earlyBird",
    amountCents: 19900,
    status,
    firstName: "Avery",
    lastName: "Nguyen",
    email: "avery@example.com",
    phone: "208-555-0142",
    paidAt: status === "paid" ? FACTORY_TIME : null,
    ...given(fields),
  });
}

export function createCompanyCode(
  fields: Pick<typeof schema.companyCodes.$inferInsert, "registrationId"> &
    Partial<typeof schema.companyCodes.$inferInsert>,
) {
  return insert(schema.companyCodes, {
    code: `CODE${uuid().slice(0, 6).toUpperCase()}`,
    editionId: EDITION,
    ...given(fields),
  });
}

/** Invitations an organization's administrator sent to employees, one row per address (the daily limit counts them). */
export function createEmployeeInvitations(
  registrationId: string,
  rows: (Pick<typeof schema.organizationEmployeeInvitations.$inferInsert, "email" | "day" | "invitedBy"> &
    Partial<typeof schema.organizationEmployeeInvitations.$inferInsert>)[],
) {
  return insertMany(
    schema.organizationEmployeeInvitations,
    rows.map((row) => ({ registrationId, createdAt: FACTORY_TIME, ...given(row) })),
  );
}

/** A co-administrator of an organization (a workforce registration). */
export function createOrganizationAdmin(
  fields: Pick<typeof schema.organizationAdmins.$inferInsert, "registrationId" | "userId"> &
    Partial<typeof schema.organizationAdmins.$inferInsert>,
) {
  return insert(schema.organizationAdmins, {
    addedBy: "test",
    createdAt: "2026-02-01T00:00:00.000Z",
    ...given(fields),
  });
}

/** A paid gold sponsorship of 2026 unless told. */
export function createSponsorship(
  fields: Pick<typeof schema.sponsorships.$inferInsert, "userId"> & Partial<typeof schema.sponsorships.$inferInsert>,
) {
  return insert(schema.sponsorships, {
    id: `spo_${uuid()}`,
    editionId: EDITION,
    tier: "gold",
    amountCents: 1_000_000,
    status: "paid",
    firstName: "Jamie",
    lastName: "Lee",
    title: "CEO",
    companyName: "Gem State Co",
    companyUrl: "https://gemstate.example.com",
    email: "jamie@example.com",
    phone: "208-555-0123",
    paidAt: FACTORY_TIME,
    ...given(fields),
  });
}

/** An offer to judge (Riley Park), sent from /judge-advisor-register; answers its id. */
export function createJudgeAdvisorInterest(fields: Partial<typeof schema.judgeAdvisorInterests.$inferInsert> = {}) {
  return insertWithId(schema.judgeAdvisorInterests, {
    role: "judge",
    firstName: "Riley",
    lastName: "Park",
    email: "riley@example.com",
    phone: "208-555-0188",
    organization: "Gem Labs",
    title: "CTO",
    expertise: "ML",
    experience: "10 years",
    motivation: "Help",
    ...given(fields),
  });
}

// ── Teams and projects ──

/**
 * A team of 2026 with its members (the first one leads, all joining when the
 * team is made); with no members, a team whose people all left.
 */
export async function createTeam(
  fields: Partial<typeof schema.teams.$inferInsert> & { members?: readonly string[] } = {},
) {
  const { members = [], ...rest } = fields;
  const team = await insert(schema.teams, {
    id: uuid(),
    editionId: EDITION,
    name: `Team ${short()}`,
    createdBy: members[0] ?? "someone",
    createdAt: FACTORY_TIME,
    ...given(rest),
  });
  for (const [i, userId] of members.entries()) {
    await createTeamMember({
      teamId: team.id,
      userId,
      editionId: team.editionId,
      role: i === 0 ? "lead" : "member",
      joinedAt: team.createdAt,
    });
  }
  return team;
}

export function createTeamMember(
  fields: Pick<typeof schema.teamMembers.$inferInsert, "teamId" | "userId"> &
    Partial<typeof schema.teamMembers.$inferInsert>,
) {
  return insert(schema.teamMembers, { editionId: EDITION, role: "member", joinedAt: FACTORY_TIME, ...given(fields) });
}

/**
 * The team's project, submitted (by `submittedBy`, at `createdAt`) unless its
 * status says draft; every part the portal asks for filled in.
 */
export function createSubmission(
  fields: Pick<typeof schema.submissions.$inferInsert, "teamId" | "updatedBy"> &
    Partial<typeof schema.submissions.$inferInsert>,
) {
  const at = fields.createdAt ?? FACTORY_TIME;
  const submitted = (fields.status ?? "submitted") === "submitted";
  return insert(schema.submissions, {
    editionId: EDITION,
    prototypeUrl: "https://demo.example.com/app",
    abstract: "Our abstract: an assistant that drafts permit letters.",
    videoUrl: "https://www.loom.com/share/abc123",
    videoConfirmed: true,
    aiUseLog: "We used a chat assistant for drafts and checked every answer.",
    status: "submitted",
    submittedAt: submitted ? at : null,
    submittedBy: submitted ? fields.updatedBy : null,
    createdAt: at,
    updatedAt: at,
    ...given(fields),
  });
}

/** A file row of the project (a one-page pitch deck unless told); the object in R2 is the test's to put. */
export function createSubmissionFile(
  fields: Pick<typeof schema.submissionFiles.$inferInsert, "teamId" | "uploadedBy"> &
    Partial<typeof schema.submissionFiles.$inferInsert>,
) {
  const id = fields.id ?? uuid();
  const component = fields.component ?? "pitchDeck";
  return insert(schema.submissionFiles, {
    id,
    component,
    objectKey: `submissions/${EDITION}/${fields.teamId}/${component}/${id}`,
    filename: "deck.pdf",
    contentType: "application/pdf",
    sizeBytes: 100,
    pageCount: 1,
    uploadedAt: FACTORY_TIME,
    ...given(fields),
  });
}

/** An open invitation to a team, a week long from `createdAt`. */
export function createTeamInvitation(
  fields: Pick<typeof schema.teamInvitations.$inferInsert, "teamId" | "email" | "tokenHash" | "invitedBy"> &
    Partial<typeof schema.teamInvitations.$inferInsert>,
) {
  const createdAt = fields.createdAt ?? FACTORY_TIME;
  return insert(schema.teamInvitations, {
    id: uuid(),
    createdAt,
    expiresAt: new Date(Date.parse(createdAt) + 7 * 86_400_000).toISOString(),
    ...given(fields),
  });
}

export function createDeadlineExtension(
  fields: Pick<typeof schema.deadlineExtensions.$inferInsert, "teamId" | "until"> &
    Partial<typeof schema.deadlineExtensions.$inferInsert>,
) {
  return insert(schema.deadlineExtensions, {
    editionId: EDITION,
    hours: 24,
    reason: "A stolen laptop",
    grantedBy: "organizer:d@example.test",
    grantedAt: FACTORY_TIME,
    ...given(fields),
  });
}

// ── Judging ──

/** An invitation to judge, open for 2026's judging unless told (its token's hash is the test's to give). */
export function createJudgeInvitation(
  fields: Pick<typeof schema.judgeInvitations.$inferInsert, "email"> &
    Partial<typeof schema.judgeInvitations.$inferInsert>,
) {
  const id = fields.id ?? uuid();
  return insert(schema.judgeInvitations, {
    id,
    editionId: EDITION,
    tokenHash: `hash-${id}`,
    invitedBy: "organizer:test",
    createdAt: "2026-03-01T00:00:00.000Z",
    expiresAt: "2026-04-30T00:00:00.000Z",
    ...given(fields),
  });
}

/** A judge of the edition, with the accepted invitation the row refers to (unless `invitationId` names one). */
export async function createJudge(
  fields: Pick<typeof schema.judges.$inferInsert, "userId"> &
    Partial<typeof schema.judges.$inferInsert> & { email?: string },
) {
  const { email, ...rest } = fields;
  const editionId = rest.editionId ?? EDITION;
  const joinedAt = rest.joinedAt ?? "2026-03-02T00:00:00.000Z";
  const invitationId =
    rest.invitationId ??
    (
      await createJudgeInvitation({
        editionId,
        email: email ?? `${rest.userId}@judges.example`,
        acceptedAt: joinedAt,
        acceptedBy: rest.userId,
      })
    ).id;
  return insert(schema.judges, { editionId, name: "Judge", joinedAt, ...given(rest), invitationId });
}

export function createAssignment(
  fields: Pick<typeof schema.judgingAssignments.$inferInsert, "teamId" | "judgeUserId"> &
    Partial<typeof schema.judgingAssignments.$inferInsert>,
) {
  return insert(schema.judgingAssignments, {
    editionId: EDITION,
    assignedAt: "2026-03-21T08:00:00.000Z",
    assignedBy: "test",
    ...given(fields),
  });
}

/**
 * A judge's scores of a project: `score` on each criterion of the rubric (or
 * on those `criteria` names), replacing any score already there.
 */
export async function createScores({
  criteria = rubricCriteria.map((c) => c.id),
  score,
  ...fields
}: Pick<typeof schema.judgingScores.$inferInsert, "teamId" | "judgeUserId"> &
  Partial<Omit<typeof schema.judgingScores.$inferInsert, "criterion" | "score">> & {
    score: number;
    criteria?: readonly string[];
  }) {
  const rows = criteria.map((criterion) => ({
    editionId: EDITION,
    updatedAt: "2026-03-25T18:00:00.000Z",
    ...given(fields),
    criterion,
    score,
  }));
  for (const row of rows) {
    await getDb(env)
      .insert(schema.judgingScores)
      .values(row)
      .onConflictDoUpdate({
        target: [schema.judgingScores.teamId, schema.judgingScores.judgeUserId, schema.judgingScores.criterion],
        set: { score },
      });
  }
  return rows;
}

export function createReview(
  fields: Pick<typeof schema.judgingReviews.$inferInsert, "teamId" | "judgeUserId"> &
    Partial<typeof schema.judgingReviews.$inferInsert>,
) {
  return insert(schema.judgingReviews, { editionId: EDITION, updatedAt: "2026-03-25T18:00:00.000Z", ...given(fields) });
}

/** A conflict an organizer recorded, unless told. */
export function createConflict(
  fields: Pick<typeof schema.judgingConflicts.$inferInsert, "teamId" | "judgeUserId"> &
    Partial<typeof schema.judgingConflicts.$inferInsert>,
) {
  return insert(schema.judgingConflicts, {
    editionId: EDITION,
    source: "organizer",
    detail: "Mentored them",
    createdAt: "2026-03-20T00:00:00.000Z",
    createdBy: "test",
    ...given(fields),
  });
}

/** A team's appeal of its scores (one per team and edition: its id says so). */
export function createAppeal(
  fields: Pick<typeof schema.judgingAppeals.$inferInsert, "teamId" | "submittedBy"> &
    Partial<typeof schema.judgingAppeals.$inferInsert>,
) {
  const editionId = fields.editionId ?? EDITION;
  return insert(schema.judgingAppeals, {
    id: `${editionId}-${fields.teamId}`,
    editionId,
    body: "Our ethics score does not match the rubric's own words.",
    createdAt: "2026-04-06T00:00:00.000Z",
    ...given(fields),
  });
}

/** A published result: a finalist of 2026 announced on 2026's finalists' day, unless told. */
export function createPublishedResult(
  fields: Pick<typeof schema.publishedResults.$inferInsert, "teamId"> &
    Partial<typeof schema.publishedResults.$inferInsert>,
) {
  return insert(schema.publishedResults, {
    editionId: EDITION,
    award: "finalist",
    teamName: "The Team",
    publishedAt: "2026-04-03T15:00:00.000Z",
    publishedBy: "test",
    ...given(fields),
  });
}

// ── The showcase ──

/** An audience vote, cast in the 2026 showcase from a documentation address unless told. */
export function createVote(
  fields: Pick<typeof schema.showcaseVotes.$inferInsert, "teamId"> & Partial<typeof schema.showcaseVotes.$inferInsert>,
) {
  const id = fields.id ?? uuid();
  const castAt = fields.castAt ?? "2026-03-22T18:00:00.000Z";
  return insert(schema.showcaseVotes, {
    id,
    editionId: EDITION,
    userId: `voter-${id}`,
    clientIp: "203.0.113.9",
    ipPrefix: "203.0.113",
    accountCreatedAt: "2026-01-01T00:00:00.000Z",
    emailDomain: "example.com",
    createdAt: castAt,
    castAt,
    ...given(fields),
  });
}

/** How a member shows on the project's page. */
export function createMemberDisplay(
  fields: Pick<typeof schema.showcaseMemberDisplay.$inferInsert, "teamId" | "userId"> &
    Partial<typeof schema.showcaseMemberDisplay.$inferInsert>,
) {
  return insert(schema.showcaseMemberDisplay, { nameDisplay: "full", updatedAt: FACTORY_TIME, ...given(fields) });
}

/** A line of the audience vote's published ledger (no vote excluded unless told). */
export function createLedgerEntry(
  fields: Pick<typeof schema.showcaseLedger.$inferInsert, "teamId" | "projectTitle" | "finalCount"> &
    Partial<typeof schema.showcaseLedger.$inferInsert>,
) {
  return insert(schema.showcaseLedger, {
    editionId: EDITION,
    votesCast: fields.finalCount,
    votesExcluded: "{}",
    publishedAt: "2026-03-31T10:00:00Z",
    publishedBy: "organizer",
    ...given(fields),
  });
}

// ── Credentials ──

/** An imported (unsigned) credential of 2026, public unless told. */
export function createCredential(
  fields: Pick<typeof schema.credentials.$inferInsert, "userId" | "recipientEmail"> &
    Partial<typeof schema.credentials.$inferInsert>,
) {
  return insert(schema.credentials, {
    id: uuid().replaceAll("-", ""),
    editionId: EDITION,
    achievement: "ai-builder",
    source: "import",
    earnedAt: "2026-02-01",
    issuedAt: "2026-02-02T00:00:00.000Z",
    recipientSalt: "salt",
    isPublic: true,
    createdAt: "2026-02-02T00:00:00.000Z",
    ...given(fields),
  });
}

// ── Messages ──

/** An e-mail in the outbox (a contact notification, pending, unless told). */
export function createNotification(fields: Partial<typeof schema.notifications.$inferInsert> = {}) {
  return insert(schema.notifications, {
    id: uuid(),
    kind: "contact",
    recipient: "x@example.org",
    subject: "s",
    payload: "{}",
    ...given(fields),
  });
}

/** A message sent through the contact form; answers its id. */
export function createContactSubmission(fields: Partial<typeof schema.contactSubmissions.$inferInsert> = {}) {
  return insertWithId(schema.contactSubmissions, {
    name: "Ada Writer",
    email: "ada@example.com",
    message: "A message long enough",
    ...given(fields),
  });
}

function subscriberRow(fields: Partial<typeof schema.nextEditionSubscribers.$inferInsert>) {
  const id = fields.id ?? uuid();
  return { id, email: `list.${id.slice(0, 8)}@example.org`, unsubscribeNonce: uuid(), ...given(fields) };
}

/** An address on the next-edition list (unconfirmed unless told). */
export function createSubscriber(fields: Partial<typeof schema.nextEditionSubscribers.$inferInsert> = {}) {
  return insert(schema.nextEditionSubscribers, subscriberRow(fields));
}

/** `count` addresses on the next-edition list, in one batch; `fields(i)` gives each its own. */
export function createSubscribers(
  count: number,
  fields: (i: number) => Partial<typeof schema.nextEditionSubscribers.$inferInsert> = () => ({}),
) {
  return insertMany(
    schema.nextEditionSubscribers,
    Array.from({ length: count }, (_, i) => subscriberRow(fields(i))),
  );
}
