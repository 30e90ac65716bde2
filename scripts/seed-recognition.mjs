// `npm run seed -- recognition`: the recognition the site gives (issue 54) as
// sample data in the local D1 and R2, for the current edition (the one the
// clock picks; APP_NOW moves it), so the pages that show it can be tried by
// hand and measured (bench/run.mjs's Lighthouse section): realistic long
// names, wide and tall logos.
//
// A module of parts, each its rows and its stored files: sponsors (every
// tier, approved as the registrar's approval leaves them, their logos stored
// as /account/sponsor stores them: the PNG as given, under its SHA-256);
// recognized organizations (paid Workforce Packages with enough employees
// enrolled with their codes to earn each tier, listed and approved, their
// logos stored as the dashboard's listing form stores them); judges' and
// advisors' profiles (accepted invitations, consented and published, their
// photos stored as the acceptance form stores them).
//
// Idempotent like the other seeds: every row has a fixed id and is inserted
// once (INSERT OR IGNORE); a part's files are stored only with its new rows.
import { createHash } from "node:crypto";
import { logoPng } from "./png.mjs";
import { insertOnce } from "./local-d1.mjs";

const load = (/** @type {string} */ path) => import(new URL(path, import.meta.url).href);
/** @type {typeof import("../app/content/pricing.ts")} */
const pricing = await load("../app/content/pricing.ts");

/** @typedef {import("../app/content/editions/types.ts").Edition} Edition */
/** @typedef {{ sql: string, params: (string | number | null)[] }} Statement */
/** @typedef {{ key: string, bytes: Buffer, contentType: string }} StoredObject */
/**
 * What a part seeds: its rows, the files they name (stored when `fresh`),
 * and the lines the command prints.
 * @typedef {{ statements: Statement[], objects: StoredObject[], fresh: boolean, summary: string[] }} PartSeed
 */
/**
 * @typedef {object} SeedContext
 * @property {Edition} edition the edition the clock picks
 * @property {Date} now
 * @property {import("node:sqlite").DatabaseSync} database the local D1's file, to read what is already there
 * @property {string} passwordHash the development password's stored form (seed-projects.mjs)
 */
/** @typedef {{ name: string, seed: (context: SeedContext) => PartSeed }} RecognitionPart */

const DAY_MS = 86_400_000;

/** The milestone the sponsors' dates hang on: sponsorship closes on its day. @param {Edition} edition */
function finalsStart(edition) {
  const finals = edition.milestones.find((m) => m.id === "finals");
  if (!finals) throw new Error(`edition ${edition.id} has no finals milestone`);
  return finals.start;
}

/**
 * The sample sponsors: two per tier, one with a wide logo and one with a
 * tall one, names as long as real ones get (the page's longest lines).
 */
const sampleSponsors = /** @type {const} */ ([
  {
    tier: "platinum",
    name: "Snake River Regional Health and Wellness Partners",
    logo: { width: 960, height: 240, colour: [18, 70, 140] },
    description: "A network of rural clinics bringing AI-assisted care coordination to southern Idaho.",
  },
  {
    tier: "platinum",
    name: "Idaho National Advanced Computing Collaborative",
    logo: { width: 320, height: 420, colour: [120, 30, 40] },
    description: "Researchers and engineers sharing high-performance computing with Idaho's employers.",
  },
  {
    tier: "gold",
    name: "Treasure Valley Workforce Development Foundation",
    logo: { width: 800, height: 200, colour: [20, 110, 80] },
    description: "Funding training that helps Treasure Valley workers move into skilled jobs.",
  },
  {
    tier: "gold",
    name: "Sawtooth Mountain Outdoor Equipment Company",
    logo: { width: 300, height: 400, colour: [160, 80, 20] },
    description: "Gear for Idaho's backcountry, designed and shipped from Stanley.",
  },
  {
    tier: "silver",
    name: "Palouse Agricultural Technology Cooperative of North Idaho",
    logo: { width: 720, height: 180, colour: [90, 60, 140] },
    description: "Farmers pooling data and tools for precision agriculture on the Palouse.",
  },
  {
    tier: "silver",
    name: "Gem State Community Credit Union",
    logo: { width: 240, height: 320, colour: [30, 90, 120] },
    description: "Member-owned banking for Idaho families and small businesses since 1952.",
  },
  {
    tier: "bronze",
    name: "Magic Valley Small Business Development Center",
    logo: { width: 640, height: 160, colour: [140, 40, 100] },
    description: "Free advising for entrepreneurs across the Magic Valley.",
  },
  {
    tier: "bronze",
    name: "Coeur d'Alene Lakeside Hospitality Group",
    logo: { width: 200, height: 280, colour: [40, 100, 40] },
    description: "Hotels and restaurants on the shores of Lake Coeur d'Alene.",
  },
]);

/** @param {string} name */
const slug = (name) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** Sponsors of every tier, paid and approved, each shown with its logo from its approval. @type {RecognitionPart} */
export const sponsorsPart = {
  name: "sponsors",
  seed({ edition, now, database, passwordHash }) {
    const version = database.prepare("SELECT published_version AS v FROM editions WHERE id = ?").get(edition.id);
    // Approved in the weeks before now (or before the finals, once they are past): shown from then on.
    const latest = Math.min(now.getTime(), finalsStart(edition).getTime());
    /** @type {Statement[]} */
    const statements = [];
    /** @type {StoredObject[]} */
    const objects = [];
    for (const [i, sponsor] of sampleSponsors.entries()) {
      const id = `seed-${edition.id}-sponsor-${i + 1}`;
      const userId = `${id}-contact`;
      const site = slug(sponsor.name);
      const email = `partnerships@${site}.example.com`;
      const bytes = logoPng(sponsor.logo.width, sponsor.logo.height, sponsor.logo.colour);
      const key = `sponsor-logos/${createHash("sha256").update(bytes).digest("hex")}.png`;
      objects.push({ key, bytes, contentType: "image/png" });
      const approvedAt = new Date(latest - (i + 1) * DAY_MS).toISOString();
      const submittedAt = new Date(latest - (i + 2) * DAY_MS).toISOString();
      const paidAt = new Date(latest - (i + 3) * DAY_MS).toISOString();
      const website = `https://${site}.example.com`;
      const logo = { key, type: "image/png", width: sponsor.logo.width, height: sponsor.logo.height };
      statements.push(
        insertOnce('"user"', {
          id: userId,
          name: "Morgan Ellis",
          email,
          email_verified: 1,
          created_at: Date.parse(paidAt),
          updated_at: Date.parse(paidAt),
        }),
        insertOnce("account", {
          id: `${userId}-credential`,
          account_id: userId,
          provider_id: "credential",
          user_id: userId,
          password: passwordHash,
          created_at: Date.parse(paidAt),
          updated_at: Date.parse(paidAt),
        }),
        insertOnce("sponsorships", {
          id,
          edition_id: edition.id,
          edition_version: version?.v === undefined ? null : Number(version.v),
          user_id: userId,
          tier: sponsor.tier,
          amount_cents: pricing.sponsorTiersById[sponsor.tier].cents,
          currency: "usd",
          status: "paid",
          first_name: "Morgan",
          last_name: "Ellis",
          title: "Director of Partnerships",
          company_name: sponsor.name,
          company_url: website,
          email,
          phone: "208-555-0160",
          checkout_session_id: `cs_seed_${edition.id}_sponsor_${i + 1}`,
          created_at: paidAt,
          updated_at: paidAt,
          paid_at: paidAt,
        }),
        // As the registrar's approval leaves a presence (app/sponsors/actions.server.ts): the given copy is shown.
        insertOnce("sponsor_presences", {
          sponsorship_id: id,
          edition_id: edition.id,
          display_name: sponsor.name,
          website,
          description: sponsor.description,
          logo_key: logo.key,
          logo_type: logo.type,
          logo_width: logo.width,
          logo_height: logo.height,
          status: "approved",
          submitted_at: submittedAt,
          reviewed_at: approvedAt,
          reviewed_by: "seed",
          shown_name: sponsor.name,
          shown_website: website,
          shown_description: sponsor.description,
          shown_logo_key: logo.key,
          shown_logo_type: logo.type,
          shown_logo_width: logo.width,
          shown_logo_height: logo.height,
          approved_at: approvedAt,
          updated_at: approvedAt,
        }),
      );
    }
    const ids = sampleSponsors.map((_, i) => `seed-${edition.id}-sponsor-${i + 1}`);
    const existing = database
      .prepare(`SELECT count(*) AS n FROM sponsor_presences WHERE sponsorship_id IN (${ids.map(() => "?").join(", ")})`)
      .get(...ids);
    const tiers = pricing.sponsorTierIds.map(
      (tier) => `${sampleSponsors.filter((s) => s.tier === tier).length} ${pricing.sponsorTiersById[tier].name}`,
    );
    return {
      statements,
      objects,
      fresh: Number(existing?.n ?? 0) < ids.length,
      summary: [`Sponsors: ${tiers.join(", ")}, approved and shown with their logos (wide and tall).`],
    };
  },
};

/**
 * The sample recognized organizations: two per tier (app/content/program.ts's
 * recognitionTiers), one with a wide logo and one with a tall one, each with
 * the employees its tier needs (a little over the tier's first count).
 */
const sampleOrganizations = /** @type {const} */ ([
  {
    name: "Intermountain Northwest Behavioral Health Services Cooperative",
    employees: 56,
    logo: { width: 900, height: 220, colour: [24, 84, 120] },
  },
  {
    name: "Idaho Panhandle Timber and Sustainable Forestry Products",
    employees: 51,
    logo: { width: 260, height: 360, colour: [60, 100, 30] },
  },
  {
    name: "Southeast Idaho Regional Water and Irrigation District",
    employees: 31,
    logo: { width: 780, height: 200, colour: [20, 90, 150] },
  },
  {
    name: "Twin Falls Community Hospital and Family Clinics",
    employees: 26,
    logo: { width: 280, height: 380, colour: [150, 40, 60] },
  },
  {
    name: "Lewiston-Clarkston Valley Transportation and Logistics",
    employees: 14,
    logo: { width: 700, height: 180, colour: [100, 70, 20] },
  },
  {
    name: "Wood River Valley Mountain Resort and Hospitality Company",
    employees: 10,
    logo: { width: 240, height: 340, colour: [70, 40, 120] },
  },
]);

const employeeFirstNames = [
  "Avery",
  "Jordan",
  "Riley",
  "Morgan",
  "Casey",
  "Taylor",
  "Quinn",
  "Rowan",
  "Skyler",
  "Emerson",
  "Harper",
  "Reese",
  "Sawyer",
];
const employeeLastNames = [
  "Nguyen",
  "Sandoval",
  "Okafor",
  "Lindqvist",
  "Etcheverry",
  "Yazzie",
  "Bergstrom",
  "Castillo",
  "Whitehorse",
  "Achterberg",
  "Moreno",
];

/**
 * Recognized organizations of every tier: each a paid Workforce Package with
 * its live company code, its employees enrolled with the code (as redeeming
 * it writes them: an account and a registration 'enrolled' with the
 * organization's id), and its listing approved with a logo, as the
 * registrar's approval leaves it (app/organization/listing.server.ts). The
 * tier is the count of enrolled employees, read with the listing.
 * @type {RecognitionPart}
 */
export const organizationsPart = {
  name: "organizations",
  seed({ edition, now, passwordHash, database }) {
    /** @type {Statement[]} */
    const statements = [];
    /** @type {StoredObject[]} */
    const objects = [];
    const latest = now.getTime();
    const digits = edition.id
      .replace(/[^2-9]/g, "")
      .padEnd(4, "9")
      .slice(0, 4);
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
    const ids = sampleOrganizations.map(
      (_, k) => `5eed${edition.id.padStart(4, "0").slice(-4)}-0054-4000-8000-${String(k + 1).padStart(12, "0")}`,
    );
    for (const [k, organization] of sampleOrganizations.entries()) {
      const id = ids[k];
      const site = slug(organization.name);
      const domain = `${site}.example.com`;
      // 12 characters of the company code alphabet (app/content/registration.ts), fixed per edition and organization.
      const code = `RCGN${digits}WFX${"ABCDEF"[k]}`;
      // Paid a few weeks before now (or on enrollment's first days), approved a day or more before now.
      const approvedAt = new Date(latest - (k + 1) * DAY_MS);
      const submittedAt = new Date(approvedAt.getTime() - DAY_MS / 2);
      const paidAt = new Date(
        Math.min(
          Math.max(edition.enrollmentOpens.getTime(), latest - (40 - k) * DAY_MS),
          submittedAt.getTime() - DAY_MS,
        ),
      );
      const ownerId = `seed-${edition.id}-recognized-${k + 1}-owner`;
      const ownerEmail = `people.office@${domain}`;
      const bytes = logoPng(organization.logo.width, organization.logo.height, organization.logo.colour);
      const key = `organization-logos/${createHash("sha256").update(bytes).digest("hex")}.png`;
      objects.push({ key, bytes, contentType: "image/png" });
      const website = `https://${domain}`;
      statements.push(
        ...account(ownerId, "Jamie Whitfield", ownerEmail, paidAt.getTime()),
        insertOnce("registrations", {
          id,
          edition_id: edition.id,
          user_id: ownerId,
          registration_type: "workforce",
          plan: "workforce",
          pricing_phase: "earlyBird",
          amount_cents: edition.prices.workforce.earlyBird,
          status: "paid",
          first_name: "Jamie",
          last_name: "Whitfield",
          email: ownerEmail,
          phone: "208-555-0170",
          company_name: organization.name,
          title: "Director of People",
          checkout_session_id: `cs_seed_${edition.id}_recognized_${k + 1}`,
          created_at: paidAt.toISOString(),
          updated_at: paidAt.toISOString(),
          paid_at: paidAt.toISOString(),
        }),
        insertOnce("company_codes", {
          code,
          registration_id: id,
          edition_id: edition.id,
          created_at: paidAt.toISOString(),
        }),
      );
      // Enrolled between the payment and the listing's request: the tier was earned before the approval.
      const span = submittedAt.getTime() - paidAt.getTime();
      for (let e = 0; e < organization.employees; e++) {
        const first = employeeFirstNames[(e + k) % employeeFirstNames.length];
        const last = employeeLastNames[(e * 3 + k) % employeeLastNames.length];
        const n = String(e + 1).padStart(2, "0");
        const userId = `seed-${edition.id}-recognized-${k + 1}-employee-${n}`;
        const email = `${first}.${last}.${n}@${domain}`.toLowerCase();
        const enrolledAt = new Date(paidAt.getTime() + Math.round((span * (e + 1)) / (organization.employees + 1)));
        statements.push(
          ...account(userId, `${first} ${last}`, email, enrolledAt.getTime()),
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
            phone: "208-555-0171",
            company_name: organization.name,
            employer_code: code,
            organization_registration_id: id,
            created_at: enrolledAt.toISOString(),
            updated_at: enrolledAt.toISOString(),
            paid_at: enrolledAt.toISOString(),
          }),
        );
      }
      // As the registrar's approval leaves a listing: the given copy is the shown copy.
      statements.push(
        insertOnce("organization_listings", {
          organization_id: id,
          edition_id: edition.id,
          display_name: organization.name,
          website,
          logo_key: key,
          logo_type: "image/png",
          logo_width: organization.logo.width,
          logo_height: organization.logo.height,
          status: "approved",
          submitted_at: submittedAt.toISOString(),
          reviewed_at: approvedAt.toISOString(),
          reviewed_by: "seed",
          shown_name: organization.name,
          shown_website: website,
          shown_logo_key: key,
          shown_logo_type: "image/png",
          shown_logo_width: organization.logo.width,
          shown_logo_height: organization.logo.height,
          approved_at: approvedAt.toISOString(),
          updated_at: approvedAt.toISOString(),
        }),
      );
    }
    const existing = database
      .prepare(
        `SELECT count(*) AS n FROM organization_listings WHERE organization_id IN (${ids.map(() => "?").join(", ")})`,
      )
      .get(...ids);
    const employees = sampleOrganizations.map((o) => o.employees).join(", ");
    return {
      statements,
      objects,
      fresh: Number(existing?.n ?? 0) < ids.length,
      summary: [
        `Recognized organizations: ${sampleOrganizations.length} paid Workforce Packages with ${employees} employees enrolled with their codes (two per tier), listed and approved with their logos (wide and tall). Their owners and employees sign in at their addresses.`,
      ],
    };
  },
};

/**
 * The sample judges and advisors: three judges and two advisors of each
 * advisory group (app/content/judges.ts), long names and titles, photos
 * portrait and square, one advisor without a photo (the page's other case).
 */
const samplePeople = /** @type {const} */ ([
  {
    standing: "judge",
    group: null,
    name: "Dr. Evangelina Castellanos-Whitfield",
    title: "Chief Data Scientist",
    organization: "Idaho National Advanced Computing Collaborative",
    bio: "Twenty years of applied machine learning for Idaho's utilities and farms. She has judged regional hackathons since 2015 and cares most about whether a tool survives its first month in real use.",
    photo: { width: 480, height: 600, colour: [70, 90, 130] },
  },
  {
    standing: "judge",
    group: null,
    name: "Marcus Yazzie-Lindqvist",
    title: "Vice President of Engineering",
    organization: "Treasure Valley Logistics and Distribution",
    bio: "Leads the engineers behind route planning for three hundred trucks a day.",
    photo: { width: 400, height: 400, colour: [110, 70, 50] },
  },
  {
    standing: "judge",
    group: null,
    name: "Priya Raghunathan",
    title: "Director of Clinical Informatics",
    organization: "Snake River Regional Health and Wellness Partners",
    bio: "Brings AI into clinics carefully: measured first, with the people who use it.",
    photo: { width: 360, height: 480, colour: [40, 110, 90] },
  },
  {
    standing: "advisor",
    group: "industry-experts",
    name: "Theodore Achterberg",
    title: "Principal Machine Learning Engineer",
    organization: "Sawtooth Analytics",
    bio: "Ships models to production and keeps them honest after launch.",
    photo: { width: 400, height: 500, colour: [90, 60, 120] },
  },
  {
    standing: "advisor",
    group: "industry-experts",
    name: "Rosalind Etcheverry-Moreno",
    title: "Head of Automation",
    organization: "Gem State Manufacturing Alliance",
    bio: "Twenty factories, one question: which task is worth automating first?",
    photo: null,
  },
  {
    standing: "advisor",
    group: "academic-leaders",
    name: "Prof. Marguerite Oyelaran-Bishop",
    title: "Professor of Health Informatics",
    organization: "Idaho State University College of Health",
    bio: "Teaches clinical decision support and leads a statewide study of AI in rural clinics.",
    photo: { width: 420, height: 420, colour: [130, 50, 70] },
  },
  {
    standing: "advisor",
    group: "academic-leaders",
    name: "Dr. Samuel Whitehorse",
    title: "Associate Dean for Workforce Programs",
    organization: "College of Western Idaho",
    bio: "Builds the short courses that bring working adults into AI.",
    photo: { width: 300, height: 400, colour: [50, 80, 50] },
  },
  {
    standing: "advisor",
    group: "business-leaders",
    name: "Catherine Bergstrom-Okafor",
    title: "Chief Executive Officer",
    organization: "Palouse Agricultural Technology Cooperative of North Idaho",
    bio: "Runs a farmers' cooperative that shares data and tools across the Palouse.",
    photo: { width: 440, height: 550, colour: [140, 100, 30] },
  },
  {
    standing: "advisor",
    group: "business-leaders",
    name: "Jonah Castillo",
    title: "Founder and Managing Partner",
    organization: "Boise Foothills Ventures",
    bio: "Invests in Idaho companies that put AI to work for their customers.",
    photo: { width: 400, height: 400, colour: [30, 70, 110] },
  },
]);

/**
 * Judges' and advisors' profiles, published: each an account that accepted
 * an invitation of its standing (a `judges` or an `advisors` row), its
 * profile given with consent and copied to the shown columns by the
 * coordinator's publication, and the edition's publication, as
 * "Publish profiles" leaves them (app/profiles/actions.server.ts). Photos are
 * stored as the acceptance form stores them: the PNG as given, under its SHA-256.
 * @type {RecognitionPart}
 */
export const profilesPart = {
  name: "profiles",
  seed({ edition, now, passwordHash, database }) {
    /** @type {Statement[]} */
    const statements = [];
    /** @type {StoredObject[]} */
    const objects = [];
    const publishedAt = new Date(now.getTime() - DAY_MS).toISOString();
    const userIds = samplePeople.map((_, i) => `seed-${edition.id}-profile-${i + 1}`);
    for (const [i, person] of samplePeople.entries()) {
      const userId = userIds[i];
      const invitationId = `${userId}-invitation`;
      const email = `${slug(person.name)}@${slug(person.organization)}.example.com`;
      const invitedAt = new Date(now.getTime() - (20 - i) * DAY_MS);
      const acceptedAt = new Date(invitedAt.getTime() + DAY_MS).toISOString();
      const photo = person.photo
        ? (() => {
            const bytes = logoPng(person.photo.width, person.photo.height, person.photo.colour);
            const key = `profile-photos/${createHash("sha256").update(bytes).digest("hex")}.png`;
            objects.push({ key, bytes, contentType: "image/png" });
            return { key, width: person.photo.width, height: person.photo.height };
          })()
        : null;
      // The profile as the person gave it (its columns' names, as the shown copy repeats them).
      const profile = {
        name: person.name,
        title: person.title,
        organization: person.organization,
        bio: person.bio,
        photo_key: photo?.key ?? null,
        photo_width: photo?.width ?? null,
        photo_height: photo?.height ?? null,
      };
      statements.push(
        insertOnce('"user"', {
          id: userId,
          name: person.name,
          email,
          email_verified: 1,
          created_at: invitedAt.getTime(),
          updated_at: invitedAt.getTime(),
        }),
        insertOnce("account", {
          id: `${userId}-credential`,
          account_id: userId,
          provider_id: "credential",
          user_id: userId,
          password: passwordHash,
          created_at: invitedAt.getTime(),
          updated_at: invitedAt.getTime(),
        }),
        insertOnce("judge_invitations", {
          id: invitationId,
          edition_id: edition.id,
          email,
          name: person.name,
          // The link's token is only ever e-mailed; a seeded invitation has none to use, only a unique hash.
          token_hash: createHash("sha256").update(`seed ${invitationId}`).digest("hex"),
          invited_by: "seed",
          created_at: invitedAt.toISOString(),
          expires_at: new Date(invitedAt.getTime() + 14 * DAY_MS).toISOString(),
          accepted_at: acceptedAt,
          accepted_by: userId,
          standing: person.standing,
          advisory_group: person.group,
        }),
        person.standing === "judge"
          ? insertOnce("judges", {
              edition_id: edition.id,
              user_id: userId,
              name: person.name,
              invitation_id: invitationId,
              joined_at: acceptedAt,
            })
          : insertOnce("advisors", {
              edition_id: edition.id,
              user_id: userId,
              name: person.name,
              advisory_group: /** @type {string} */ (person.group),
              invitation_id: invitationId,
              joined_at: acceptedAt,
            }),
        insertOnce("public_profiles", {
          edition_id: edition.id,
          user_id: userId,
          standing: person.standing,
          advisory_group: person.group,
          ...profile,
          consented_at: acceptedAt,
          updated_at: acceptedAt,
          // Published as given: the shown copy is the same profile under `shown_` names.
          ...Object.fromEntries(Object.entries(profile).map(([column, value]) => [`shown_${column}`, value])),
          published_at: publishedAt,
        }),
      );
    }
    // The edition's publication; one made on the desk already is left as it is.
    statements.push(
      insertOnce("profile_publications", {
        edition_id: edition.id,
        first_published_at: publishedAt,
        published_at: publishedAt,
        published_by: "seed",
      }),
    );
    const existing = database
      .prepare(
        `SELECT count(*) AS n FROM public_profiles WHERE edition_id = ? AND user_id IN (${userIds.map(() => "?").join(", ")})`,
      )
      .get(edition.id, ...userIds);
    const judges = samplePeople.filter((p) => p.standing === "judge").length;
    return {
      statements,
      objects,
      fresh: Number(existing?.n ?? 0) < userIds.length,
      summary: [
        `Profiles: ${judges} judges and ${samplePeople.length - judges} advisors (two per advisory group), published, ${objects.length} with photos. They sign in at their addresses.`,
      ],
    };
  },
};

/** Every part, in the order they are seeded. @type {RecognitionPart[]} */
export const recognitionParts = [sponsorsPart, organizationsPart, profilesPart];

/**
 * Seeds every part into the local database, then stores the files of the
 * parts with new rows through `storeObjects` (the local R2, one Wrangler
 * call). Answers the lines to print.
 * @param {SeedContext & { run: (statements: Statement[]) => void, storeObjects: (objects: StoredObject[]) => void }} context
 * @returns {string[]}
 */
export function seedRecognition({ run, storeObjects, ...context }) {
  const seeds = recognitionParts.map((part) => part.seed(context));
  run(seeds.flatMap((seed) => seed.statements));
  const objects = seeds.filter((seed) => seed.fresh).flatMap((seed) => seed.objects);
  if (objects.length > 0) storeObjects(objects);
  return [
    `Edition ${context.edition.id}: ${recognitionParts.map((p) => p.name).join(", ")}; ${objects.length} file(s) stored this run.`,
    ...seeds.flatMap((seed) => seed.summary),
  ];
}
