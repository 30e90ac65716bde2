import type { Browser, Cookie } from "@playwright/test";
import { expect } from "@playwright/test";
import { createHash } from "node:crypto";
import { SEED_PASSWORD, seedPasswordHash, seedStatements, storeObjects } from "../../scripts/seed-projects.mjs";
import { sponsorsPart } from "../../scripts/seed-recognition.mjs";
import { localDatabase } from "../../scripts/local-d1.mjs";
import { logoPng } from "../../scripts/png.mjs";
import { sponsorTiersById } from "../../app/content/pricing";
import { tierAchievementId } from "../../app/content/credentials";
import { edition2026 } from "../edition-2026";
import { uniqueIp } from "./auth-helpers";
import { localBound, localSql } from "./local-d1";

/**
 * The people of the signed-in layout check (issue 35), as rows: signing each
 * up through the pages would cost minutes. One person may enter every area at
 * once, with the longest realistic address (64 characters, RFC 5321's limit
 * for the part before the @): enrolled through their own organization's
 * Workforce Package, lead of a team with a draft, a judge of the edition with
 * an assigned project, the organization's owner, and a director on the
 * organizers' desk (every desk page opens for a director), with a proposal,
 * audit rows and an API token to list. Their teammates,
 * employees and co-administrator have long addresses too, and the draft has
 * long URLs and file names. Beside them, the twenty submitted projects of
 * `npm run seed -- projects` (the showcase's gallery and a project to vote
 * for and to judge), the same rows showcase.spec.ts seeds.
 *
 * Every row has a fixed id per Playwright project and is inserted once
 * (INSERT OR IGNORE): each project has its own person, so the two never share
 * a session or a flag, and a retry reuses the rows.
 */

const EDITION = edition2026.id;
const AT = "2026-02-02T16:00:00.000Z";

/** A desk session's last request that no phase's clock finds a working day old (see signInEveryone). */
const PINNED = "9999-12-31T00:00:00.000Z";

/** The organization's mail domain: every address of ./layout-people.ts ends with it. */
const DOMAIN = "treasure-valley-logistics-co.org";
/** The longest address a person is likely to have (RFC 5321 caps the part before the @ at 64; whole addresses that long are rare). */
export const LONGEST_ADDRESS = 64;

function lit(value: string | number | null): string {
  if (value === null) return "NULL";
  if (typeof value === "number") return String(value);
  return `'${value.replaceAll("'", "''")}'`;
}

const insert = (table: string, row: Record<string, string | number | null>) =>
  `INSERT OR IGNORE INTO ${table} (${Object.keys(row).join(", ")}) VALUES (${Object.values(row).map(lit).join(", ")})`;

/** The seeded project the person judges, and the one whose page they see with the vote. */
export const JUDGED_TEAM = `seed-${EDITION}-team-01`;
export const VOTE_SLUG = "invoice-triage-bot";

/** The link token of the person's open invitation to advise (43 base64url characters, app/lib/link-token.server.ts). */
export const advisorInvitationTokenOf = (person: Everyone) =>
  createHash("sha256").update(`layout-advisor-${person.userId}`).digest("base64url");

/** The open proposal the person sees at /organize/proposals/:id. */
export const proposalIdOf = (person: Everyone) => `${person.userId}-proposal`;

export interface Everyone {
  userId: string;
  email: string;
  organizationId: string;
  teamId: string;
}

/** The person of one Playwright project (`tag` tells the projects apart). */
export function everyoneOf(projectIndex: number, projectName: string): Everyone {
  const tag = projectName.replace(/[^a-z]/g, "").slice(0, 6);
  return {
    userId: `layout-everyone-${tag}`,
    // 64 characters; the project's initial tells the two people apart.
    email: `alexandria.montgomery-okonkwo.${tag[0]}@${DOMAIN}`,
    // Organization ids are UUIDs (app/organization/access.server.ts).
    organizationId: `35000000-0000-4000-8000-00000000000${projectIndex + 1}`,
    teamId: `layout-team-${tag}`,
  };
}

/** Every row of the person, their team, organization and judging, for one project. */
export function everyoneStatements(person: Everyone, passwordHash: string, projectIndex: number): string[] {
  const { userId, email, organizationId, teamId } = person;
  expect(email, "the person's address").toHaveLength(LONGEST_ADDRESS);
  const initial = email[email.indexOf("@") - 1];
  // Colleagues with addresses nearly as long (60-odd characters).
  const colleague = (role: string, local: string) => ({
    id: `${userId}-${role}`,
    email: `${local}.${initial}@${DOMAIN}`,
  });
  const teammate = colleague("teammate", "jordan.whitehorse-castillo.it");
  const employee = colleague("employee", "priya.ramanathan-oconnell.hr");
  const coAdmin = colleague("coadmin", "maximilian.featherstonehaugh");
  const company = "Treasure Valley Regional Logistics & Distribution Cooperative";
  // A company code per project: 12 characters of app/payments/company-code.ts's alphabet.
  const code = `LAYQTRVK${"ABCDEFGH"[projectIndex]}${"23456789"[projectIndex]}WX`;
  const account = (id: string, name: string, address: string) => [
    insert('"user"', {
      id,
      name,
      email: address,
      email_verified: 1,
      created_at: Date.parse(AT),
      updated_at: Date.parse(AT),
    }),
    insert("account", {
      id: `${id}-credential`,
      account_id: id,
      provider_id: "credential",
      user_id: id,
      password: passwordHash,
      created_at: Date.parse(AT),
      updated_at: Date.parse(AT),
    }),
  ];
  const enrolled = (id: string, first: string, last: string, address: string) =>
    insert("registrations", {
      id: `${id}-enrollment`,
      edition_id: EDITION,
      user_id: id,
      registration_type: "individual",
      plan: "individual",
      pricing_phase: "regular",
      amount_cents: 0,
      status: "enrolled",
      first_name: first,
      last_name: last,
      email: address,
      phone: "(208) 555-0135",
      company_name: company,
      employer_code: code,
      organization_registration_id: organizationId,
      created_at: AT,
      updated_at: AT,
      paid_at: AT,
    });
  const member = (id: string, role: "lead" | "member") =>
    insert("team_members", { team_id: teamId, user_id: id, edition_id: EDITION, role, joined_at: AT });
  return [
    ...account(userId, "Alexandria Montgomery-Okonkwo", email),
    ...account(teammate.id, "Jordan Whitehorse-Castillo", teammate.email),
    ...account(employee.id, "Priya Ramanathan-O'Connell", employee.email),
    ...account(coAdmin.id, "Maximilian Featherstonehaugh", coAdmin.email),
    // The organization: a paid Workforce Package with its live code, a co-administrator and some history.
    insert("registrations", {
      id: organizationId,
      edition_id: EDITION,
      user_id: userId,
      registration_type: "workforce",
      plan: "workforce",
      pricing_phase: "earlyBird",
      amount_cents: edition2026.prices.workforce.earlyBird,
      status: "paid",
      first_name: "Alexandria",
      last_name: "Montgomery-Okonkwo",
      email,
      phone: "(208) 555-0135",
      company_name: company,
      title: "Director of Workforce Innovation and Continuous Improvement",
      employer_website: "https://www.treasure-valley-regional-logistics-cooperative.org/workforce",
      checkout_session_id: `cs_layout_${organizationId.replaceAll("-", "")}`,
      created_at: AT,
      updated_at: AT,
      paid_at: AT,
    }),
    insert("company_codes", { code, registration_id: organizationId, edition_id: EDITION, created_at: AT }),
    // The organization sponsors the edition too (Gold, paid): the sponsors' report (issue 55) is theirs to read.
    insert("sponsorships", {
      id: `spo_layout_${organizationId.replaceAll("-", "")}`,
      edition_id: EDITION,
      user_id: userId,
      tier: "gold",
      amount_cents: sponsorTiersById.gold.cents,
      status: "paid",
      first_name: "Alexandria",
      last_name: "Montgomery-Okonkwo",
      title: "Director of Workforce Innovation and Continuous Improvement",
      company_name: company,
      company_url: "https://www.treasure-valley-regional-logistics-cooperative.org/workforce",
      email,
      phone: "(208) 555-0135",
      paid_at: AT,
      created_at: AT,
    }),
    insert("organization_admins", {
      registration_id: organizationId,
      user_id: coAdmin.id,
      added_by: userId,
      created_at: AT,
    }),
    `INSERT INTO events (created_at, actor_kind, actor_user_id, actor_label, actor_role, action, summary, targets, organization_id, payload) SELECT ${lit(AT)}, 'account', ${lit(userId)}, 'admin', 'admin', 'organization.admin-added', 'Joined as co-administrator', '{}', ${lit(organizationId)}, ${lit(JSON.stringify({ email: coAdmin.email }))} WHERE NOT EXISTS (SELECT 1 FROM events WHERE organization_id = ${lit(organizationId)})`,
    // Three employees enrolled with the code: the person, their teammate and a colleague.
    enrolled(userId, "Alexandria", "Montgomery-Okonkwo", email),
    enrolled(teammate.id, "Jordan", "Whitehorse-Castillo", teammate.email),
    enrolled(employee.id, "Priya", "Ramanathan-O'Connell", employee.email),
    // Seven more, so the organization holds a recognition tier (ten: Innovation Partner, the longest tier name).
    ...moreEmployees.flatMap(([first, last], i) => {
      const more = colleague(`employee-${i + 2}`, `${first}.${last}`.toLowerCase().replace(/[^a-z.-]/g, ""));
      return [...account(more.id, `${first} ${last}`, more.email), enrolled(more.id, first, last, more.email)];
    }),
    ...recognitionStatements(person, { company, teammate, employee, coAdmin }),
    // Their team's draft: long URLs and file names, and an invitation to a long address.
    insert("teams", {
      id: teamId,
      edition_id: EDITION,
      name: "Treasure Valley Workforce Automation Collective",
      created_by: userId,
      created_at: AT,
    }),
    member(userId, "lead"),
    member(teammate.id, "member"),
    insert("team_invitations", {
      id: `${teamId}-invitation`,
      team_id: teamId,
      email: employee.email,
      token_hash: `layout-${teamId}-invitation`,
      invited_by: userId,
      created_at: AT,
      expires_at: "2027-01-01T00:00:00.000Z",
    }),
    insert("submissions", {
      team_id: teamId,
      edition_id: EDITION,
      prototype_url:
        "https://prototypes.treasure-valley-regional-logistics-cooperative.org/workforce-automation/dock-scheduling-assistant?demo=true",
      abstract: "Dock scheduling by a chat assistant; every proposed slot is confirmed by the shift lead.",
      video_url: "https://www.youtube.com/watch?v=TreasureValleyWorkforceAutomationCollectiveDemo2026",
      video_confirmed: 1,
      ai_use_log: "A language model drafts each schedule; a person approves it.",
      status: "draft",
      created_at: AT,
      updated_at: AT,
      updated_by: userId,
      title: "Dock Scheduling Assistant for Regional Cross-Docking Warehouses",
      summary: "A chat assistant proposes dock appointments from carrier e-mails; the shift lead confirms each one.",
      track: "process-automation",
    }),
    ...(["pitchDeck", "reflectionLog"] as const).map((component) =>
      insert("submission_files", {
        id: `${teamId}-${component}`,
        team_id: teamId,
        component,
        object_key: `submissions/${EDITION}/${teamId}/${component}/layout`,
        filename: `treasure-valley-workforce-automation-collective-${component === "pitchDeck" ? "pitch-deck" : "reflection-log"}-final-revision-3.pdf`,
        content_type: "application/pdf",
        size_bytes: 48213,
        page_count: 11,
        uploaded_by: userId,
        uploaded_at: AT,
      }),
    ),
    // A judge of the edition with one seeded project to score.
    insert("judge_invitations", {
      id: `${userId}-judge-invitation`,
      edition_id: EDITION,
      email,
      name: "Alexandria Montgomery-Okonkwo",
      token_hash: `layout-${userId}-judge`,
      invited_by: "layout",
      created_at: AT,
      expires_at: "2026-03-01T00:00:00.000Z",
      accepted_at: AT,
      accepted_by: userId,
    }),
    insert("judges", {
      edition_id: EDITION,
      user_id: userId,
      name: "Alexandria Montgomery-Okonkwo",
      invitation_id: `${userId}-judge-invitation`,
      joined_at: AT,
    }),
    // A director on the organizers' desk (issue 32), with what its pages list: an open proposal whose preview
    // has long addresses, audit rows by the person, and an API token with a long name.
    insert("organizer_roles", { user_id: userId, role: "director", granted_by: "layout", granted_at: AT }),
    insert("organizer_proposals", {
      id: proposalIdOf(person),
      action: "layout.sample",
      input: "{}",
      preview: JSON.stringify({
        summary: `Send the finalists' announcement to ${teammate.email} and two others`,
        tables: [
          {
            caption: "Recipients",
            columns: ["Name", "E-mail", "Team", "Project"],
            rows: [
              [
                "Jordan Whitehorse-Castillo",
                teammate.email,
                "Treasure Valley Workforce Automation Collective",
                "Dock Scheduling Assistant for Regional Cross-Docking Warehouses",
              ],
              [
                "Priya Ramanathan-O'Connell",
                employee.email,
                "Treasure Valley Workforce Automation Collective",
                "Dock Scheduling Assistant for Regional Cross-Docking Warehouses",
              ],
              [
                "Maximilian Featherstonehaugh",
                coAdmin.email,
                "Treasure Valley Workforce Automation Collective",
                "Dock Scheduling Assistant for Regional Cross-Docking Warehouses",
              ],
            ],
          },
        ],
        notes: [`Replies go to ${email}.`],
      }),
      preview_hash: "layout",
      summary: `Send the finalists' announcement to ${teammate.email} and two others`,
      proposed_by: coAdmin.id,
      proposed_label: coAdmin.email,
      created_at: "2026-03-25T00:00:00.000Z",
      expires_at: "2099-01-01T00:00:00.000Z",
    }),
    `INSERT INTO events (created_at, actor_kind, actor_user_id, actor_label, actor_role, action, summary, targets) SELECT ${lit(AT)}, 'person', ${lit(userId)}, ${lit(email)}, 'director', 'organizers.grant', ${lit(`Granted the coordinator role to ${coAdmin.email}`)}, ${lit(JSON.stringify({ email: coAdmin.email }))} WHERE NOT EXISTS (SELECT 1 FROM events WHERE actor_user_id = ${lit(userId)})`,
    // An open appeal of the person's own team, so /organize/appeals shows its text and decision form.
    insert("judging_appeals", {
      id: `${EDITION}-${teamId}`,
      edition_id: EDITION,
      team_id: teamId,
      submitted_by: userId,
      body: `Our ethics score does not match the rubric: we documented every safeguard in the reflection log, section four, and can walk the committee through it.`,
      created_at: "2026-04-06T16:00:00.000Z",
    }),
    insert("organizer_tokens", {
      id: `${userId}-token`,
      user_id: userId,
      name: "Treasure Valley registrar's reporting spreadsheet (nightly import, do not revoke)",
      token_hash: `layout-${userId}-token`,
      created_at: AT,
    }),
    `INSERT INTO judging_assignments (edition_id, team_id, judge_user_id, assigned_at, assigned_by) SELECT ${lit(EDITION)}, ${lit(JUDGED_TEAM)}, ${lit(userId)}, '2026-03-21T06:00:00.000Z', 'layout' WHERE NOT EXISTS (SELECT 1 FROM judging_assignments WHERE team_id = ${lit(JUDGED_TEAM)} AND judge_user_id = ${lit(userId)})`,
  ];
}

/** The organization's other enrolled employees: names as long as real ones get. */
const moreEmployees = [
  ["Guadalupe", "Villanueva-Hernandez"],
  ["Bartholomew", "Quackenbush-Ellingsworth"],
  ["Oluwaseun", "Adebayo-Richardson"],
  ["Christopher", "Vanderhoeven-Lindqvist"],
  ["Anastasia", "Papadopoulos-Whitfield"],
  ["Thaddeus", "Blackwater-Running-Elk"],
  ["Marguerite", "Delacroix-Fitzgerald"],
] as const;

/** The recognition's images (issue 54): a tall logo for the person's sponsorship and organization, a tall photo for profiles. */
const images = {
  sponsorLogo: logoPng(260, 380, [30, 80, 120]),
  organizationLogo: logoPng(240, 360, [120, 60, 20]),
  photo: logoPng(300, 400, [70, 70, 90]),
};
const stored = (prefix: string, bytes: Buffer) => ({
  key: `${prefix}${createHash("sha256").update(bytes).digest("hex")}.png`,
  bytes,
  contentType: "image/png",
});
const objects = {
  sponsorLogo: stored("sponsor-logos/", images.sponsorLogo),
  organizationLogo: stored("organization-logos/", images.organizationLogo),
  photo: stored("profile-photos/", images.photo),
};

/** A bio at the form's limit (600 characters, app/content/profiles.ts), one long word among them. */
function bioOf(name: string): string {
  const text =
    `${name} has spent two decades bringing automation to warehouses, clinics and county offices across Idaho, ` +
    "first as an industrial engineer on the night shift of a cross-docking terminal, then as the lead of a " +
    "workforce-innovation programme that trained four hundred supervisors to evaluate AI tools. " +
    "Interests: human-in-the-loop-scheduling-and-exception-handling, accessibility, rural broadband and plain-language " +
    "documentation. Judging, they look for the person who confirms every decision the assistant proposes and the " +
    "evidence that the tool saved real hours. ";
  return text.repeat(2).slice(0, 600).trimEnd();
}

type Colleague = { id: string; email: string };

/**
 * What the recognition of issue 54 shows of the person and their colleagues:
 * the Gold sponsorship's presence and the organization's listing, each
 * approved once and then changed (so the public pages show the approved copy
 * and the desk a change waiting for review), the organization's tier
 * credential, and published profiles (the person a judge, the colleagues an
 * advisor of each group) with long names, titles, organizations, a 600-character
 * bio and a tall photo.
 */
function recognitionStatements(
  person: Everyone,
  people: { company: string; teammate: Colleague; employee: Colleague; coAdmin: Colleague },
): string[] {
  const { userId, email, organizationId } = person;
  const { company, teammate, employee, coAdmin } = people;
  const website = "https://www.treasure-valley-regional-logistics-cooperative.org/workforce";
  const sponsorLogo = { key: objects.sponsorLogo.key, type: "image/png", width: 260, height: 380 };
  const organizationLogo = { key: objects.organizationLogo.key, type: "image/png", width: 240, height: 360 };
  const photo = { key: objects.photo.key, width: 300, height: 400 };
  const profile = (
    id: string,
    standing: "judge" | "advisor",
    group: string | null,
    name: string,
    title: string,
    organization: string,
  ) =>
    insert("public_profiles", {
      edition_id: EDITION,
      user_id: id,
      standing,
      advisory_group: group,
      name,
      title,
      organization,
      bio: bioOf(name),
      photo_key: photo.key,
      photo_width: photo.width,
      photo_height: photo.height,
      consented_at: AT,
      updated_at: AT,
      shown_name: name,
      shown_title: title,
      shown_organization: organization,
      shown_bio: bioOf(name),
      shown_photo_key: photo.key,
      shown_photo_width: photo.width,
      shown_photo_height: photo.height,
      published_at: AT,
    });
  const advisor = (who: Colleague, group: string, name: string) => [
    insert("judge_invitations", {
      id: `${who.id}-advisor-invitation`,
      edition_id: EDITION,
      email: who.email,
      name,
      token_hash: `layout-${who.id}-advisor`,
      invited_by: "layout",
      created_at: AT,
      expires_at: "2026-03-01T00:00:00.000Z",
      accepted_at: AT,
      accepted_by: who.id,
      standing: "advisor",
      advisory_group: group,
    }),
    insert("advisors", {
      edition_id: EDITION,
      user_id: who.id,
      name,
      advisory_group: group,
      invitation_id: `${who.id}-advisor-invitation`,
      joined_at: AT,
    }),
  ];
  return [
    insert("sponsor_presences", {
      sponsorship_id: `spo_layout_${organizationId.replaceAll("-", "")}`,
      edition_id: EDITION,
      display_name: company,
      website,
      description: `${company}: moving freight for the farms, mills and clinics of southwest Idaho since 1974, now with AI.`,
      logo_key: sponsorLogo.key,
      logo_type: sponsorLogo.type,
      logo_width: sponsorLogo.width,
      logo_height: sponsorLogo.height,
      status: "submitted",
      submitted_at: "2026-02-20T16:00:00.000Z",
      reviewed_at: AT,
      reviewed_by: "layout",
      shown_name: company,
      shown_website: website,
      shown_description: `${company}: moving freight for the farms, mills and clinics of southwest Idaho.`,
      shown_logo_key: sponsorLogo.key,
      shown_logo_type: sponsorLogo.type,
      shown_logo_width: sponsorLogo.width,
      shown_logo_height: sponsorLogo.height,
      approved_at: AT,
      updated_at: "2026-02-20T16:00:00.000Z",
    }),
    insert("organization_listings", {
      organization_id: organizationId,
      edition_id: EDITION,
      display_name: `${company} (Boise, Nampa and Twin Falls)`,
      website,
      logo_key: organizationLogo.key,
      logo_type: organizationLogo.type,
      logo_width: organizationLogo.width,
      logo_height: organizationLogo.height,
      status: "submitted",
      submitted_at: "2026-02-20T16:00:00.000Z",
      reviewed_at: AT,
      reviewed_by: "layout",
      shown_name: company,
      shown_website: website,
      shown_logo_key: organizationLogo.key,
      shown_logo_type: organizationLogo.type,
      shown_logo_width: organizationLogo.width,
      shown_logo_height: organizationLogo.height,
      approved_at: AT,
      updated_at: "2026-02-20T16:00:00.000Z",
    }),
    // The tier the ten enrolled employees earn, as app/organization/tier-credential.server.ts issues it.
    insert("credentials", {
      id: createHash("sha256").update(organizationId).digest("hex").slice(0, 32),
      edition_id: EDITION,
      achievement: tierAchievementId("innovation-partner"),
      user_id: `organization:${organizationId}`,
      source: "tier",
      earned_at: AT,
      issued_at: AT,
      recipient_email: "",
      recipient_salt: "",
      is_public: 1,
      created_at: AT,
    }),
    profile(
      userId,
      "judge",
      null,
      "Alexandria Montgomery-Okonkwo",
      "Director of Workforce Innovation and Continuous Improvement",
      company,
    ),
    ...advisor(teammate, "industry-experts", "Jordan Whitehorse-Castillo"),
    profile(
      teammate.id,
      "advisor",
      "industry-experts",
      "Jordan Whitehorse-Castillo",
      "Principal Engineer, Warehouse Robotics and Computer Vision",
      "Intermountain Supply Chain Automation Consortium",
    ),
    ...advisor(employee, "academic-leaders", "Priya Ramanathan-O'Connell"),
    profile(
      employee.id,
      "advisor",
      "academic-leaders",
      "Priya Ramanathan-O'Connell",
      "Associate Professor of Industrial and Systems Engineering",
      "College of Engineering, University of Idaho at Coeur d'Alene",
    ),
    ...advisor(coAdmin, "business-leaders", "Maximilian Featherstonehaugh"),
    profile(
      coAdmin.id,
      "advisor",
      "business-leaders",
      "Maximilian Featherstonehaugh",
      "Chief Executive Officer and Co-Founder",
      "Featherstonehaugh Family Orchards and Agricultural Holdings",
    ),
    // An open invitation to advise, so the acceptance form with its profile fields can be checked.
    insert("judge_invitations", {
      id: `${userId}-advisor-invitation`,
      edition_id: EDITION,
      email,
      name: "Alexandria Montgomery-Okonkwo",
      token_hash: createHash("sha256").update(advisorInvitationTokenOf(person)).digest("hex"),
      invited_by: "layout",
      created_at: AT,
      expires_at: "2099-01-01T00:00:00.000Z",
      standing: "advisor",
      advisory_group: "business-leaders",
    }),
    // The person's latest change waits for the next publication: /organize/judges lists it.
    `UPDATE public_profiles SET title = 'Director of Workforce Innovation, Continuous Improvement and Applied AI', updated_at = '2026-02-21T16:00:00.000Z' WHERE user_id = ${lit(userId)} AND edition_id = ${lit(EDITION)} AND updated_at = ${lit(AT)}`,
    `INSERT OR IGNORE INTO profile_publications (edition_id, first_published_at, published_at, published_by) VALUES (${lit(EDITION)}, ${lit(AT)}, ${lit(AT)}, ${lit(email)})`,
  ];
}

/**
 * The rows of the sample sponsors (`npm run seed -- recognition`'s sponsors,
 * every tier with a wide and a tall logo) and this project's person, and the
 * images they show, stored in the server's local R2. Public pages are checked
 * before the signed-in ones and read these rows into a copy of a minute, so
 * the spec seeds them before its first page; once per process (the second
 * call, from signInEveryone, is a no-op).
 */
const seededStates = new Set<string>();
export function seedEveryone(stateDir: string, projectIndex: number, projectName: string): Everyone {
  const person = everyoneOf(projectIndex, projectName);
  const key = `${stateDir} ${person.userId}`;
  if (seededStates.has(key)) return person;
  const hash = seedPasswordHash();
  localBound(stateDir, seedStatements(edition2026, 20, hash).statements);
  localSql(stateDir, everyoneStatements(person, hash, projectIndex).join(";\n"));
  const sponsors = sponsorsPart.seed({
    edition: edition2026,
    now: new Date(),
    database: localDatabase(stateDir)!,
    passwordHash: hash,
  });
  localBound(stateDir, sponsors.statements);
  // Stored every time: a put of the same bytes under the same key is harmless, and a fresh state needs them.
  storeObjects(stateDir, [...sponsors.objects, ...Object.values(objects)]);
  seededStates.add(key);
  return person;
}

/**
 * Seeds the showcase's projects and this project's person, signs the person in
 * (through the JSON API, from a client address of its own) and answers the
 * session's cookies. Judges and the desk want two-step sign-in on and a
 * session that passed it: the flag and the session's mark are set once the
 * session exists, as signing in with a code leaves them
 * (app/auth/second-factor-session.server.ts; tests/integration/judging-helpers.ts does the same).
 */
export async function signInEveryone(
  browser: Browser,
  {
    baseURL,
    stateDir,
    projectIndex,
    projectName,
  }: { baseURL: string; stateDir: string; projectIndex: number; projectName: string },
): Promise<{ person: Everyone; cookies: Cookie[] }> {
  const person = seedEveryone(stateDir, projectIndex, projectName);
  localSql(stateDir, `UPDATE "user" SET two_factor_enabled = 0 WHERE id = ${lit(person.userId)}`);

  const context = await browser.newContext({ baseURL });
  try {
    const response = await context.request.post("/api/auth/sign-in/email", {
      data: { email: person.email, password: SEED_PASSWORD },
      headers: { origin: new URL(baseURL).origin, "cf-connecting-ip": uniqueIp() },
    });
    expect(response.status(), await response.text()).toBe(200);
    localSql(
      stateDir,
      [
        `UPDATE "user" SET two_factor_enabled = 1 WHERE id = ${lit(person.userId)}`,
        `UPDATE session SET second_factor_at = ${Date.now()} WHERE user_id = ${lit(person.userId)}`,
        // The desk signs a session out after a working day without a desk request, on the request's clock;
        // this check asks for the desk in every phase, months apart, on one session. So its desk session is
        // pinned to a last request in the far future, where no clock finds it idle (the limit itself is
        // tests/integration/organize-access.test.ts's).
        `INSERT OR REPLACE INTO organizer_sessions (session_id, last_request_at) SELECT id, '${PINNED}' FROM session WHERE user_id = ${lit(person.userId)}`,
        `CREATE TRIGGER IF NOT EXISTS ${lit(`layout_pin_${person.userId}`).replaceAll("'", '"')} AFTER UPDATE ON organizer_sessions WHEN NEW.session_id IN (SELECT id FROM session WHERE user_id = ${lit(person.userId)}) BEGIN UPDATE organizer_sessions SET last_request_at = '${PINNED}' WHERE session_id = NEW.session_id; END`,
      ].join(";\n"),
    );
    return { person, cookies: await context.cookies() };
  } finally {
    await context.close();
  }
}
