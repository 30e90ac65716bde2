#!/usr/bin/env node
// `npm run seed -- projects [--count 20] [--no-files] [--organizations 3] [--judging [--judges N] [--scored 1]]`:
// submitted projects of the current edition (the one the clock picks; APP_NOW
// moves it) in the local D1, for the showcase and judging to be tried by hand,
// by the e2e tests and by the bench: accounts that can sign in (verified, one
// development password, printed below), paid individual registrations, teams
// of one to three, all five components (the two files as rows plus small PDFs
// put in the local R2 bucket; --no-files skips the objects, the rows stay),
// titles, summaries, tracks, consent and each member's name choice. Member
// addresses use a few company domains and some webmail, so conflict checks by
// domain have something to find. Idempotent: every row has a fixed id and is
// inserted once (INSERT OR IGNORE); running it again changes nothing.
//
// --organizations N (1 to 3) adds organizations with a paid Workforce Package
// and its live company code, their employees enrolled with the code (12, 4
// and 2) and the certification stages they completed, as the training
// provider's import stores them: what the organization dashboard and its
// impact report read (organizationStatements below).
//
// --judging adds the edition's judging (./seed-judging.mjs): judges who
// accepted their invitation, with two-step sign-in on and a published
// authenticator secret (`npm run seed -- judge-code` prints their code now);
// the product's assignment of every project to the judges per project; and
// scores on the rubric's scale for a --scored share of the assignments
// (default 1: all; the rest half partly scored, half not started).
//
// Local only: it migrates $STATE_DIR|.wrangler/state with Wrangler, writes
// the rows into that local D1's file as scripts/admin.mjs does locally
// (scripts/local-d1.mjs), and the files with `wrangler r2 object put --local`
// (about 2 s an object: use --no-files for hundreds of projects).
//
// `npm run seed -- recognition`: the recognition the site gives (issue 54),
// for the same edition: approved sponsors of every tier with their logos
// (./seed-recognition.mjs).
import { spawnSync } from "node:child_process";
import { createHash, scryptSync } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "./admin.mjs";
import { insertOnce, localDatabase, pendingMigrations, publishedEditionsIn, runBound } from "./local-d1.mjs";
import { authenticatorKey, defaultJudgeCount, localAuthSecret, seedJudgeCode, seedJudging } from "./seed-judging.mjs";
import { seedRecognition } from "./seed-recognition.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const load = (/** @type {string} */ path) => import(new URL(path, import.meta.url).href);
/** @type {typeof import("../app/clock/schedule.ts")} */
const schedule = await load("../app/clock/schedule.ts");
/** @type {typeof import("../app/content/showcase.ts")} */
const showcase = await load("../app/content/showcase.ts");

/** The one password of every seeded account (development only: these accounts exist only in a local database). */
export const SEED_PASSWORD = "idaho-showcase-2026";
const BUCKET = "idaho-ai-challenge-submissions";
/** The most projects one seed writes (the bench measures editions up to 2,000). */
export const MAX_SEED_PROJECTS = 5000;
const MAX_SEED_JUDGES = 2000;
const USAGE =
  "usage: npm run seed -- projects [--count 20] [--no-files] [--organizations 3] [--judging [--judges N] [--scored 1]]\n       npm run seed -- recognition\n       npm run seed -- judge-code";

const domains = [
  "sawtooth-analytics.com",
  "snake-river-foods.com",
  "gem-state-health.org",
  "treasure-valley-logistics.com",
  "gmail.com",
  "outlook.com",
  "yahoo.com",
];
/** The organization behind each company domain (webmail has none). @type {Record<string, string>} */
const companies = {
  "sawtooth-analytics.com": "Sawtooth Analytics",
  "snake-river-foods.com": "Snake River Foods",
  "gem-state-health.org": "Gem State Health",
  "treasure-valley-logistics.com": "Treasure Valley Logistics",
};

const firstNames = [
  "Avery",
  "Jordan",
  "Maya",
  "Diego",
  "Harper",
  "Noah",
  "Priya",
  "Elena",
  "Sam",
  "Kai",
  "Rosa",
  "Owen",
  "Lena",
  "Theo",
  "Ines",
  "Marcus",
  "June",
  "Tomas",
  "Grace",
  "Ravi",
];
const lastNames = [
  "Nguyen",
  "Hansen",
  "Okafor",
  "Ramirez",
  "Lindqvist",
  "Bennett",
  "Shah",
  "Kowalski",
  "Whitehorse",
  "Tanaka",
  "Morales",
  "Fischer",
  "Brooks",
  "Adeyemi",
  "Castillo",
  "Yazzie",
  "Larsen",
  "Silva",
  "O'Neill",
  "Iyer",
];

/**
 * Title, summary, track, team name, and the problem and solution in a sentence each.
 * @type {[string, string, string, string | null, string, string][]}
 */
const projects = [
  [
    "Crop Forecast Copilot",
    "A chat assistant that turns field sensor data into weekly irrigation advice for potato growers.",
    "generative-ai",
    "Spud Squad",
    "Growers read dozens of sensor dashboards before deciding when to water",
    "an assistant summarizes soil moisture and weather into a plain-language plan each Monday",
  ],
  [
    "Invoice Triage Bot",
    "An automation that reads supplier invoices, matches them to purchase orders and flags the mismatches for review.",
    "process-automation",
    "Ledger Lions",
    "Accounts payable staff keyed every invoice by hand and caught mismatches late",
    "a workflow extracts invoice fields, matches them to orders and routes only exceptions to a person",
  ],
  [
    "Clinic Wait-Time Dashboard",
    "A dashboard that predicts walk-in wait times at rural clinics so patients can pick the shortest line.",
    "data-analysis-visualization",
    "Gem Clinic Data",
    "Patients drove an hour to a clinic only to wait three more",
    "a model trained on check-in history predicts the wait and a public dashboard shows it",
  ],
  [
    "Warehouse Pick Path Planner",
    "A tool that reorders pick lists so warehouse staff walk a third less per shift.",
    "process-automation",
    "Valley Movers",
    "Pickers crossed the warehouse repeatedly for items in the same aisle",
    "an optimizer reorders each pick list by aisle and proposes slotting changes weekly",
  ],
  [
    "Plain-Language Benefits Helper",
    "A help-desk assistant that answers employees' benefits questions in plain English and Spanish, citing the policy page.",
    "customer-experience-ai",
    "Benefit Bridges",
    "HR answered the same benefits questions hundreds of times each enrollment season",
    "an assistant grounded in the plan documents answers with a citation and hands hard cases to HR",
  ],
  [
    "Responsible AI Checklist for Small Teams",
    "A one-page review process that helps small Idaho businesses decide when and how to use AI responsibly.",
    "ai-strategy-ethics",
    "Fair Use Foundry",
    "Small firms adopted AI tools without asking who could be harmed or what data left the building",
    "a short review checklist and a decision record template guide each new use",
  ],
  [
    "Food Safety Log Reader",
    "An app that reads handwritten cooler temperature logs and warns managers before a food-safety lapse.",
    "generative-ai",
    "Cold Chain Crew",
    "Paper temperature logs were reviewed only after an inspection failed",
    "photos of the logs are transcribed and out-of-range readings trigger a same-day alert",
  ],
  [
    "Snowpack to Staffing",
    "A forecast that links snowpack and weather to weekend visitor counts so a ski resort can staff rentals ahead of time.",
    "data-analysis-visualization",
    "Powder Planners",
    "Rental desks were short-staffed on powder days and idle on slow ones",
    "a forecast combining snowpack, weather and past sales suggests staffing three days ahead",
  ],
  [
    "Customer Email Sorter",
    "A classifier that sorts incoming customer e-mail by urgency and topic so the right team answers first.",
    "customer-experience-ai",
    "Inbox Rangers",
    "Urgent customer complaints waited in a shared inbox behind newsletters and receipts",
    "a classifier labels each message by urgency and topic and routes it to the right queue",
  ],
  [
    "Grant Report Drafter",
    "A writing assistant that drafts nonprofit grant reports from program data, leaving every figure for staff to confirm.",
    "generative-ai",
    null,
    "Program staff spent days each quarter assembling grant reports from spreadsheets",
    "an assistant drafts each section from the data and marks every number for human confirmation",
  ],
  [
    "Shift Swap Matcher",
    "A scheduling helper that suggests fair shift swaps for hospital staff and checks them against labor rules.",
    "process-automation",
    "Night Shift Ninjas",
    "Nurses negotiated swaps by text message and broke overtime rules without knowing",
    "a matcher proposes swaps that respect rules and seniority and records the approvals",
  ],
  [
    "Sales Pipeline Health Check",
    "A weekly report that spots stalled deals and explains why in one paragraph per account.",
    "data-analysis-visualization",
    null,
    "Managers learned of stalled deals only at the end of the quarter",
    "a weekly analysis flags deals with no activity and summarizes the history of each",
  ],
  [
    "AI Use Policy Starter Kit",
    "A policy template and training module that lets an Idaho county office adopt AI tools with clear rules.",
    "ai-strategy-ethics",
    "Policy Pioneers",
    "County staff used public AI tools with no guidance on records or privacy",
    "a policy template, a training module and an approval form set clear rules in a week",
  ],
  [
    "Returns Reason Analyzer",
    "An analysis of product-return comments that shows which defects cost the most and where they start.",
    "data-analysis-visualization",
    "Return to Sender",
    "Returns were counted but the written reasons were never read",
    "a language model groups return comments by defect and ties them to production lots",
  ],
  [
    "Voice Order Line for Farm Supply",
    "A phone assistant that takes routine farm-supply orders after hours and confirms them by text.",
    "customer-experience-ai",
    "Feed Store Futurists",
    "Ranchers calling after hours left voicemails that were entered the next day with errors",
    "a voice assistant takes the order, reads it back and texts a confirmation",
  ],
  [
    "Maintenance Manual Q&A",
    "A search assistant that answers technicians' questions from equipment manuals with the page it came from.",
    "generative-ai",
    null,
    "Technicians flipped through thousand-page manuals on the plant floor",
    "an assistant answers from the manuals and shows the page, so answers can be checked",
  ],
  [
    "Permit Intake Automation",
    "A workflow that checks building permit applications for missing documents before they reach a reviewer.",
    "process-automation",
    "Permit Pathfinders",
    "Reviewers spent a third of their time sending back incomplete applications",
    "a workflow checks each application against the document list and asks the applicant directly",
  ],
  [
    "Bias Check for Hiring Screens",
    "A review method for testing an AI resume screener for unfair outcomes before a company adopts it.",
    "ai-strategy-ethics",
    "Equal Footing",
    "A company was about to buy a resume screener nobody had tested for fairness",
    "a test plan with synthetic resumes measures outcomes by group and documents the decision",
  ],
  [
    "Tourism Chat Guide",
    "A website chat guide that plans day trips around Idaho's small towns from a visitor's interests.",
    "customer-experience-ai",
    "Trailhead Tech",
    "Visitors left the regional tourism site without finding what to do",
    "a chat guide grounded in local listings proposes a day plan with links to each business",
  ],
  [
    "Energy Use Anomaly Alerts",
    "A monitor that learns a building's normal energy use and alerts facilities staff to waste within a day.",
    "data-analysis-visualization",
    "Watt Watchers",
    "Faulty equipment wasted energy for weeks before the monthly bill showed it",
    "a model learns each building's normal load and sends an alert when use drifts",
  ],
];

/**
 * About 300 words on the project, from its problem and solution.
 * @param {string} title @param {string} problem @param {string} solution @param {string | null} company
 */
function abstractOf(title, problem, solution, company) {
  const where = company ? `at ${company}` : "in our workplace";
  return [
    `${title} started from a problem we saw every week ${where}. ${problem}, which cost time, money and patience, and the people closest to the work had no good way to fix it.`,
    `Our solution is simple to describe: ${solution}. We built it during the Challenge's creation period, starting with the smallest version that could help one person on one day, and improved it each week with feedback from the colleagues who use it.`,
    `We measured where the time went before we changed anything, so the results compare like with like. We kept a person in charge of every decision that matters: the AI prepares, suggests and checks, and a colleague approves. Data stays inside the tools our employer already trusts, and nothing personal is sent to a service we have not reviewed.`,
    `The prototype runs on real, current work rather than on a demo set. In the first weeks of use it saved each user a few hours a week, reduced errors that used to reach customers, and made the work easier to hand over when someone is away. We also found its limits: unusual cases still need a person, and we show the AI's confidence so users know when to look twice.`,
    `What we learned applies beyond our team. Start from a task people already dislike, measure it first, keep humans in the loop, and write down how the AI is used so the next team can build on it. Next we plan to share the workflow with two other departments and to publish a short guide for other Idaho organizations facing the same problem.`,
  ].join("\n\n");
}

/** About 150 words of "How AI was used". @param {string} title */
function aiUseOf(title) {
  return `For ${title} we used a general-purpose large language model through our employer's approved account to draft prompts, summarize documents and write the first version of scripts, and a spreadsheet's built-in forecasting for the numbers. Every output was read and checked by a team member before use; we kept a log of prompts that worked and of mistakes the model made, such as invented figures and overconfident answers. We did not paste any personal or confidential data into public tools: test data was anonymized first. The model helped us move faster on routine writing and code, while decisions about design, data and what to ship stayed with us. We credit the tools in our pitch deck and reflection log, and we describe how a colleague could reproduce the work with the same tools and a few hours of setup.`;
}

/** A tiny valid PDF for the file components. */
const pdfBytes = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type /Catalog /Pages 2 0 R>>endobj\n2 0 obj<</Type /Pages /Kids [3 0 R] /Count 1>>endobj\n3 0 obj<</Type /Page /Parent 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

/** @param {string[]} args */
function wrangler(args) {
  const run = spawnSync("npx", ["wrangler", ...args], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", CI: "true" },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`wrangler ${args.slice(0, 3).join(" ")} failed:\n${run.stderr || run.stdout}`);
  return run.stdout;
}

/**
 * The seed's rows for `count` projects of `edition` (pure: the tests read it too).
 * @param {{ id: string, standardRegistrationOpens: Date, submissionDeadline: { due: Date }, prices: { individual: { regular: number } } }} edition
 * @param {number} count
 * @param {string} passwordHash
 */
export function seedStatements(edition, count, passwordHash) {
  const statements = [];
  const teams = [];
  /** @type {{ email: string, name: string, teamId: string, title: string }[]} */
  const people = [];
  let personIndex = 0;
  for (let i = 0; i < count; i++) {
    const [baseTitle, summary, track, teamName, problem, solution] = projects[i % projects.length];
    const round = Math.floor(i / projects.length);
    const title = round === 0 ? baseTitle : `${baseTitle} ${round + 1}`;
    const n = String(i + 1).padStart(2, "0");
    const teamId = `seed-${edition.id}-team-${n}`;
    // Teams of 1-3; a project without a team name is a participant working alone.
    const size = teamName === null ? 1 : 2 + (i % 2);
    const members = [];
    for (let m = 0; m < size; m++, personIndex++) {
      const first = firstNames[personIndex % firstNames.length];
      const last = lastNames[(personIndex * 7) % lastNames.length];
      const domain = domains[(i + m) % domains.length];
      const local = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, "");
      const email = `${local}.${edition.id}.${n}${m}@${domain}`;
      const userId = `seed-${edition.id}-user-${n}-${m}`;
      const created = edition.standardRegistrationOpens.getTime() + (i * 3 + m) * 3_600_000;
      members.push({ userId, first, last, email, domain, role: m === 0 ? "lead" : "member", created });
    }
    const lead = members[0];
    const submittedAt = new Date(edition.submissionDeadline.due.getTime() - (2 + (i % 5)) * 86_400_000).toISOString();
    const createdAt = new Date(lead.created + 86_400_000).toISOString();
    const company = companies[lead.domain] ?? null;
    statements.push(
      insertOnce("teams", {
        id: teamId,
        edition_id: edition.id,
        name: teamName === null ? null : round === 0 ? teamName : `${teamName} ${round + 1}`,
        created_by: lead.userId,
        created_at: createdAt,
      }),
    );
    members.forEach((p, m) => {
      const createdIso = new Date(p.created).toISOString();
      statements.push(
        insertOnce('"user"', {
          id: p.userId,
          name: `${p.first} ${p.last}`,
          email: p.email,
          email_verified: 1,
          created_at: p.created,
          updated_at: p.created,
        }),
        insertOnce("account", {
          id: `${p.userId}-credential`,
          account_id: p.userId,
          provider_id: "credential",
          user_id: p.userId,
          password: passwordHash,
          created_at: p.created,
          updated_at: p.created,
        }),
        insertOnce("registrations", {
          id: `${p.userId}-registration`,
          user_id: p.userId,
          registration_type: "individual",
          plan: "individual",
          pricing_phase: "regular",
          amount_cents: edition.prices.individual.regular,
          status: "paid",
          first_name: p.first,
          last_name: p.last,
          email: p.email,
          phone: "208-555-0100",
          company_name: companies[p.domain] ?? null,
          checkout_session_id: `cs_seed_${p.userId.replace(/[^a-z0-9]/gi, "_")}`,
          created_at: createdIso,
          updated_at: createdIso,
          paid_at: createdIso,
          edition_id: edition.id,
        }),
        insertOnce("team_members", {
          team_id: teamId,
          user_id: p.userId,
          edition_id: edition.id,
          role: p.role,
          joined_at: createdAt,
        }),
        insertOnce("showcase_member_display", {
          team_id: teamId,
          user_id: p.userId,
          name_display: ["full", "initial", "team"][(i + m) % 3],
          show_organization: (i + m) % 2,
          updated_at: submittedAt,
        }),
      );
      people.push({ email: p.email, name: `${p.first} ${p.last}`, teamId, title });
      void m;
    });
    statements.push(
      insertOnce("submissions", {
        team_id: teamId,
        edition_id: edition.id,
        prototype_url: `https://prototypes.example.com/${showcase.slugify(title)}`,
        abstract: abstractOf(title, problem, solution, company),
        video_url: `https://www.youtube.com/watch?v=seed${n}demo`,
        video_confirmed: 1,
        ai_use_log: aiUseOf(title),
        status: "submitted",
        submitted_at: submittedAt,
        submitted_by: lead.userId,
        created_at: createdAt,
        updated_at: submittedAt,
        updated_by: lead.userId,
        title,
        summary,
        track,
        public_consent: 1,
        consent_by: lead.userId,
        consent_at: submittedAt,
        slug: showcase.slugify(title),
      }),
    );
    for (const component of ["pitchDeck", "reflectionLog"]) {
      const key = `submissions/${edition.id}/${teamId}/${component}/seed`;
      statements.push(
        insertOnce("submission_files", {
          id: `${teamId}-${component}`,
          team_id: teamId,
          component,
          object_key: key,
          filename: `${showcase.slugify(title)}-${component === "pitchDeck" ? "pitch-deck" : "reflection-log"}.pdf`,
          content_type: "application/pdf",
          size_bytes: pdfBytes.length,
          page_count: 1,
          uploaded_by: lead.userId,
          uploaded_at: submittedAt,
        }),
      );
    }
    teams.push({
      teamId,
      title,
      keys: ["pitchDeck", "reflectionLog"].map((c) => `submissions/${edition.id}/${teamId}/${c}/seed`),
    });
  }
  return { statements, teams, people };
}

/** The seeded organizations: each its company, and its employees enrolled with its code (the first has 12). */
const seededOrganizations = [
  { company: "Sawtooth Analytics", domain: "sawtooth-analytics.com", employees: 12 },
  { company: "Snake River Foods", domain: "snake-river-foods.com", employees: 4 },
  { company: "Gem State Health", domain: "gem-state-health.org", employees: 2 },
];
/** The most organizations one seed writes: one per company above. */
export const MAX_SEED_ORGANIZATIONS = seededOrganizations.length;

/**
 * Certification stage completions of an organization's employees, as the
 * training provider's import stores them (source 'import', unsigned until
 * first shown): of 12 employees, 9 hold AI Communicator, 6 AI Creator and
 * 3 AI Builder; smaller organizations in proportion.
 */
const stageShares = [
  ["ai-communicator", 0.75],
  ["ai-creator", 0.5],
  ["ai-builder", 0.25],
];

/**
 * The seed's rows for `count` organizations of `edition` (pure: the tests read it too): each a paid
 * Workforce Package (the owner's registration, the organization's id) with its live company code, and
 * its employees enrolled with that code (accounts that sign in, `registrations` with status 'enrolled'
 * and the organization's id, as redeeming the code writes them) on dates a week or so apart, holding
 * certifications. The first organization's first three employees join the first seeded projects' teams
 * (when there are that many), so its report has projects. Owners sign in with the development password.
 * @param {{ id: string, enrollmentOpens: Date, standardRegistrationOpens: Date, prices: { workforce: { earlyBird: number } } }} edition
 * @param {number} count
 * @param {string} passwordHash
 * @param {number} projectCount how many projects the same run seeds (their teams take employees)
 */
export function organizationStatements(edition, count, passwordHash, projectCount) {
  const statements = [];
  /** @type {{ id: string, company: string, code: string, owner: string, employees: { userId: string, email: string, held: string[] }[] }[]} */
  const organizations = [];
  for (let k = 0; k < count; k++) {
    const { company, domain, employees: size } = seededOrganizations[k];
    const o = k + 1;
    // Organization ids are UUIDs (app/organization/access.server.ts); the edition keeps editions apart.
    const id = `5eed${edition.id.padStart(4, "0").slice(-4)}-0000-4000-8000-${String(o).padStart(12, "0")}`;
    // 12 characters of the company code alphabet (app/content/registration.ts), fixed per edition and organization.
    const code = `SEED${edition.id
      .replace(/[^2-9]/g, "")
      .padEnd(4, "9")
      .slice(0, 4)}WRK${"ABC"[k]}`;
    const paidAt = new Date(edition.enrollmentOpens.getTime() + (k + 1) * 86_400_000).toISOString();
    const ownerId = `seed-${edition.id}-org-${o}-owner`;
    const [ownerFirst, ownerLast] = [
      firstNames[(k * 5 + 3) % firstNames.length],
      lastNames[(k * 3 + 11) % lastNames.length],
    ];
    const ownerEmail = `${ownerFirst}.${ownerLast}.${edition.id}.owner${o}@${domain}`
      .toLowerCase()
      .replace(/[^a-z0-9.@-]/g, "");
    const account = (
      /** @type {string} */ userId,
      /** @type {string} */ name,
      /** @type {string} */ email,
      /** @type {number} */ at,
    ) => [
      insertOnce('"user"', { id: userId, name, email, email_verified: 1, created_at: at, updated_at: at }),
      insertOnce("account", {
        id: `${userId}-credential`,
        account_id: userId,
        provider_id: "credential",
        user_id: userId,
        password: passwordHash,
        created_at: at,
        updated_at: at,
      }),
    ];
    statements.push(
      ...account(ownerId, `${ownerFirst} ${ownerLast}`, ownerEmail, Date.parse(paidAt)),
      insertOnce("registrations", {
        id,
        edition_id: edition.id,
        user_id: ownerId,
        registration_type: "workforce",
        plan: "workforce",
        pricing_phase: "earlyBird",
        amount_cents: edition.prices.workforce.earlyBird,
        status: "paid",
        first_name: ownerFirst,
        last_name: ownerLast,
        email: ownerEmail,
        phone: "208-555-0150",
        company_name: company,
        title: "Director of People",
        checkout_session_id: `cs_seed_${edition.id}_org_${o}`,
        created_at: paidAt,
        updated_at: paidAt,
        paid_at: paidAt,
      }),
      insertOnce("company_codes", { code, registration_id: id, edition_id: edition.id, created_at: paidAt }),
    );
    const employees = [];
    for (let e = 0; e < size; e++) {
      const first = firstNames[(e * 3 + k * 7) % firstNames.length];
      const last = lastNames[(e * 11 + k * 5 + 2) % lastNames.length];
      const n = String(e + 1).padStart(2, "0");
      const userId = `seed-${edition.id}-org-${o}-employee-${n}`;
      const email = `${first}.${last}.${edition.id}.o${o}e${n}@${domain}`.toLowerCase().replace(/[^a-z0-9.@-]/g, "");
      // Enrolled over the weeks after the package was paid: the report's enrolment chart has a shape.
      const enrolledAt = new Date(Date.parse(paidAt) + (e * 9 + 2) * 86_400_000 + e * 3_600_000).toISOString();
      const held = stageShares.filter(([, share]) => e < Math.round(size * Number(share))).map(([id]) => String(id));
      statements.push(
        ...account(userId, `${first} ${last}`, email, Date.parse(enrolledAt)),
        insertOnce("registrations", {
          id: `${userId}-enrollment`,
          edition_id: edition.id,
          user_id: userId,
          registration_type: "individual",
          plan: "individual",
          pricing_phase: "earlyBird",
          amount_cents: 0,
          status: "enrolled",
          first_name: first,
          last_name: last,
          email,
          phone: "208-555-0151",
          company_name: company,
          employer_code: code,
          organization_registration_id: id,
          created_at: enrolledAt,
          updated_at: enrolledAt,
          paid_at: enrolledAt,
        }),
        ...held.map((achievement, s) => {
          // Completed a stage every two weeks from enrolling; imported the day after.
          const earned = new Date(Date.parse(enrolledAt) + (s + 1) * 14 * 86_400_000);
          const issued = new Date(earned.getTime() + 86_400_000).toISOString();
          return insertOnce("credentials", {
            id: createHash("sha256").update(`${userId}:${achievement}`).digest("hex").slice(0, 32),
            edition_id: edition.id,
            achievement,
            user_id: userId,
            source: "import",
            earned_at: earned.toISOString().slice(0, 10),
            issued_at: issued,
            recipient_email: email,
            recipient_salt: createHash("sha256").update(`salt:${userId}`).digest("hex").slice(0, 16),
            is_public: 1,
            created_at: issued,
          });
        }),
      );
      // The first organization's first employees on the first seeded projects' teams.
      if (k === 0 && e < 3 && e < projectCount) {
        const teamId = `seed-${edition.id}-team-${String(e + 1).padStart(2, "0")}`;
        statements.push(
          insertOnce("team_members", {
            team_id: teamId,
            user_id: userId,
            edition_id: edition.id,
            role: "member",
            joined_at: enrolledAt,
          }),
        );
      }
      employees.push({ userId, email, held });
    }
    organizations.push({ id, company, code, owner: ownerEmail, employees });
  }
  return { statements, organizations };
}

/** The development password's stored form (app/auth/password.server.ts, ADR 005). */
export function seedPasswordHash() {
  const salt = Buffer.from("idaho-seed-salt!", "utf8");
  const params = { N: 2 ** 16, r: 8, p: 2 };
  const key = scryptSync(SEED_PASSWORD.normalize("NFKC"), salt, 32, { ...params, maxmem: 256 * params.N * params.r });
  return `$scrypt$v=1$n=${params.N},r=${params.r},p=${params.p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

/**
 * The local database (migrated when it lacks some) and the edition the
 * site's clock picks in it now (APP_NOW moves it).
 * @param {{ stateDir?: string }} options
 */
function localEdition(options) {
  const now = process.env.APP_NOW ? new Date(process.env.APP_NOW) : new Date();
  // From the project, as Wrangler (run there) reads it, whatever directory this runs in.
  const stateDir = resolve(root, options.stateDir ?? ".wrangler/state");
  // Wrangler costs seconds of CPU even when nothing is pending (a running server has migrated its database).
  if (pendingMigrations(stateDir, join(root, "migrations")).length > 0)
    wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir]);
  // The local database's own file (scripts/local-d1.mjs), migrated just above; one transaction.
  const database = localDatabase(stateDir);
  if (database === null) throw new Error(`no local D1 under ${stateDir} after migrating it`);
  // The edition the site's clock picks among the database's published ones (ADR 024).
  const edition = schedule.currentEdition(now, publishedEditionsIn(database));
  return { stateDir, database, edition, now };
}

/**
 * Files into the local R2 bucket the site reads, in one Wrangler call
 * (`r2 bulk put`: one process, where a put per file costs about 2 s each).
 * @param {string} stateDir
 * @param {{ key: string, bytes: Buffer, contentType: string }[]} objects
 */
export function storeObjects(stateDir, objects) {
  const dir = mkdtempSync(join(tmpdir(), "seed-objects-"));
  try {
    for (const contentType of new Set(objects.map((o) => o.contentType))) {
      const list = objects
        .filter((o) => o.contentType === contentType)
        .map((o, i) => {
          const file = join(dir, `${i}-${o.key.replace(/\W+/g, "-")}`);
          writeFileSync(file, o.bytes);
          return { key: o.key, file };
        });
      const listFile = join(dir, "objects.json");
      writeFileSync(listFile, JSON.stringify(list));
      wrangler([
        "r2",
        "bulk",
        "put",
        BUCKET,
        "--filename",
        listFile,
        "--content-type",
        contentType,
        "--local",
        "--persist-to",
        stateDir,
      ]);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const { positional, options } = parseArgs(process.argv.slice(2));
  if (positional[0] === "judge-code") {
    console.log(seedJudgeCode());
    return 0;
  }
  if (positional[0] !== "projects" && positional[0] !== "recognition") {
    console.error(USAGE);
    return 2;
  }
  if (options.remote) {
    console.error("The seed writes development accounts with a published password: local databases only.");
    return 2;
  }
  if (positional[0] === "recognition") {
    const { stateDir, database, edition, now } = localEdition(options);
    const lines = seedRecognition({
      edition,
      now,
      database,
      passwordHash: seedPasswordHash(),
      run: (statements) => runBound(database, statements),
      storeObjects: (objects) => storeObjects(stateDir, objects),
    });
    for (const line of lines) console.log(line);
    console.log(`Their contacts sign in with the development password: ${SEED_PASSWORD}`);
    return 0;
  }
  const count = options.count === undefined ? 20 : Number(options.count);
  if (!Number.isInteger(count) || count < 1 || count > MAX_SEED_PROJECTS) {
    console.error(`--count takes a whole number from 1 to ${MAX_SEED_PROJECTS}`);
    return 2;
  }
  const judging = options.judging !== undefined && options.judging !== "false";
  const judgeCount = options.judges === undefined ? defaultJudgeCount(count) : Number(options.judges);
  const scored = options.scored === undefined ? 1 : Number(options.scored);
  if (!judging && (options.judges !== undefined || options.scored !== undefined)) {
    console.error("--judges and --scored go with --judging");
    return 2;
  }
  if (!Number.isInteger(judgeCount) || judgeCount < 1 || judgeCount > MAX_SEED_JUDGES) {
    console.error(`--judges takes a whole number from 1 to ${MAX_SEED_JUDGES}`);
    return 2;
  }
  if (!Number.isFinite(scored) || scored < 0 || scored > 1) {
    console.error("--scored takes the share of assignments to score completely, from 0 to 1 (e.g. 0.8)");
    return 2;
  }
  const organizationCount = options.organizations === undefined ? 0 : Number(options.organizations);
  if (!Number.isInteger(organizationCount) || organizationCount < 0 || organizationCount > MAX_SEED_ORGANIZATIONS) {
    console.error(`--organizations takes a whole number from 0 to ${MAX_SEED_ORGANIZATIONS}`);
    return 2;
  }
  const { stateDir, database, edition } = localEdition(options);
  const passwordHash = seedPasswordHash();
  const { statements, teams, people } = seedStatements(edition, count, passwordHash);
  const existing = new Set(
    database
      .prepare("SELECT id FROM teams WHERE id LIKE ?")
      .all(`seed-${edition.id}-team-%`)
      .map((r) => String(r.id)),
  );
  const { statements: organizationRows, organizations } = organizationStatements(
    edition,
    organizationCount,
    passwordHash,
    count,
  );
  runBound(database, [...statements, ...organizationRows]);
  const dir = mkdtempSync(join(tmpdir(), "seed-projects-"));
  try {
    const fresh = teams.filter((t) => !existing.has(t.teamId));
    if (!options.noFiles && fresh.length > 0) {
      const pdf = join(dir, "seed.pdf");
      writeFileSync(pdf, pdfBytes);
      for (const team of fresh) {
        for (const key of team.keys) {
          wrangler([
            "r2",
            "object",
            "put",
            `${BUCKET}/${key}`,
            "--file",
            pdf,
            "--content-type",
            "application/pdf",
            "--local",
            "--persist-to",
            stateDir,
          ]);
        }
      }
    }
    console.log(
      `Edition ${edition.id}: ${teams.length} submitted project(s), ${people.length} account(s); ${fresh.length} new this run${options.noFiles ? " (files: rows only, no objects)" : ""}.`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`Every seeded account signs in with the development password: ${SEED_PASSWORD}`);
  for (const p of people.slice(0, 6)) console.log(`  ${p.email}  (${p.name}, "${p.title}")`);
  if (people.length > 6)
    console.log(`  … and ${people.length - 6} more: SELECT email FROM user WHERE id LIKE 'seed-%'`);
  for (const o of organizations) {
    const held = (/** @type {string} */ id) => o.employees.filter((e) => e.held.includes(id)).length;
    console.log(
      `Organization ${o.company}: ${o.employees.length} employee(s) enrolled with code ${o.code} ` +
        `(AI Communicator ${held("ai-communicator")}, AI Creator ${held("ai-creator")}, AI Builder ${held("ai-builder")}); ` +
        `owner ${o.owner}, report at /organization/${o.id}/report`,
    );
  }
  if (judging) {
    const result = await seedJudging(database, edition, {
      judges: judgeCount,
      scored,
      passwordHash,
      authSecret: localAuthSecret(root),
      names: { firstNames, lastNames, companyDomains: Object.keys(companies) },
    });
    const { after, added, plan, judges } = result;
    console.log(
      `Judging: ${after.judges} judge(s) (accepted, two-step sign-in on), ${after.assignments} assignment(s) ` +
        `(${plan.judgesPerProject} per project, ${after.loads.low}–${after.loads.high} per judge), ` +
        `${after.complete} completely scored, ${after.partial} partly; ` +
        `${added.judges} judge(s), ${added.assignments} assignment(s), ${added.conflicts} conflict(s) and ${added.scores} score(s) new this run.`,
    );
    if (plan.shortfall > 0) console.log(`  ${plan.shortfall} project(s) could not get enough judges: add --judges.`);
    console.log(
      `Judges sign in with the development password and the authenticator key ${authenticatorKey()} ` +
        `(otpauth://totp/seed-judge?secret=${authenticatorKey()}&issuer=Idaho%20AI%20Challenge); \`npm run seed -- judge-code\` prints the code now.`,
    );
    for (const j of judges.slice(0, 3)) console.log(`  ${j.email}  (${j.name}, judge)`);
  }
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
