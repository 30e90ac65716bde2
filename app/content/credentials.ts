/**
 * The credentials the Challenge issues (issue 26, ADR 016): one achievement
 * definition per credential and per edition, with the words a wallet, the
 * credential page and LinkedIn show. Facts come from program.ts (the stage
 * certifications, the finalist credential, the awards); only the criteria's
 * wording is said here.
 *
 * Plain TypeScript without Vite-only imports: the admin CLI reads it too.
 */
import {
  awards,
  finalistCredential,
  finalsAwards,
  learningStages,
  recognitionTiers,
  type RecognitionTier,
} from "./program";

/** "recognition": an organization's tier designation (issue 54), the only kind whose holder is not a person. */
export type AchievementKind = "certification" | "capstone" | "finalist" | "award" | "recognition";

export interface AchievementDefinition {
  /** Stable: stored in each credential row and in URLs. */
  readonly id: string;
  readonly kind: AchievementKind;
  readonly name: string;
  readonly description: string;
  /** How it is earned (Markdown-free prose; OB 3.0 `criteria.narrative`). */
  readonly criteria: string;
  /** A site path under public/ (the SVG the site's own pages show). */
  readonly image: string;
  /** What the CSV import calls it, besides its name and id (lower-cased). */
  readonly importNames?: readonly string[];
}

/** The three stage certifications, in learning-path order: imported from the training provider. */
export const certificationIds = ["ai-communicator", "ai-creator", "ai-builder"] as const;
export type CertificationId = (typeof certificationIds)[number];

export const AI_INNOVATOR = "ai-innovator";
/** `published_results.award` of a finalist, and the finalist credential's achievement id. */
export const FINALIST = "finalist";

/** Credentials within a status list: 131,072 bits (16 KB), the minimum the Bitstring Status List recommends for privacy. */
export const STATUS_LIST_SIZE = 131_072;

/** How a credential page names a holder who chose no display name. */
export const ANONYMOUS_HOLDER = "A Challenge participant";

/** The longest display name a holder may choose for their credential pages. */
export const DISPLAY_NAME_MAX = 80;

/**
 * The PNG rendered beside a badge SVG at build time (scripts/badge-images.mjs):
 * what credentials name as their image, since wallets do not show SVG (issue 31).
 */
export function badgePng(svgPath: string): string {
  return svgPath.replace(/\.svg$/, ".png");
}

/** The issuer's logo (OB 3.0 Profile `image`), rendered from public/badges/issuer-logo.svg. */
export const ISSUER_LOGO = "/badges/issuer-logo.png";

/**
 * The one outcome /verify and a credential's page give (issue 31), in words,
 * and how it is shown: only a credential the Challenge issued that still
 * holds is "valid"; a valid signature by anyone else is never shown as such.
 */
export const verificationOutcomes = {
  valid: { summary: "Issued by the Idaho AI Challenge and valid.", tone: "valid" },
  revoked: { summary: "Issued by the Idaho AI Challenge, but revoked.", tone: "refused" },
  expired: { summary: "Issued by the Idaho AI Challenge, but expired.", tone: "refused" },
  "not-ours": {
    summary: "Not issued by the Idaho AI Challenge: signed by a key this site does not know.",
    tone: "refused",
  },
  unverifiable: { summary: "Could not be fully verified here.", tone: "unknown" },
  invalid: { summary: "Altered, or not a credential.", tone: "refused" },
} as const satisfies Record<string, { summary: string; tone: "valid" | "refused" | "unknown" }>;

export type VerificationOutcome = keyof typeof verificationOutcomes;

/** The longest credential JSON /verify accepts (pasted or uploaded). */
export const VERIFY_MAX_BYTES = 64 * 1024;

const stageCriteria: Record<CertificationId, string> = {
  "ai-communicator":
    "Completed Stage 1, Talk to AI, of the Challenge's training with the training provider: prompting AI tools clearly and reliably with the SPARK prompting framework.",
  "ai-creator":
    "Completed Stage 2, Create with AI, of the Challenge's training with the training provider: using AI to create content and analysis for everyday work.",
  "ai-builder":
    "Completed Stage 3, Build with AI, of the Challenge's training with the training provider: building AI-powered workflows and tools for a team.",
};

function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[()]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

function definitionsFor(editionName: string): readonly AchievementDefinition[] {
  const stages = learningStages.filter((stage) => stage.id !== "capstone");
  const certifications = stages.map((stage, i): AchievementDefinition => {
    const id = certificationIds[i]!;
    return {
      id,
      kind: "certification",
      name: stage.certification,
      description: `${stage.label} certification of the Idaho AI Challenge's learning path, ${stage.name}: ${stage.summary}`,
      criteria: stageCriteria[id],
      image: `/badges/${id}.svg`,
      importNames: [slug(stage.certification), stage.id, stage.label.toLowerCase()],
    };
  });
  const capstone = learningStages.find((stage) => stage.id === "capstone")!;
  return [
    ...certifications,
    {
      id: AI_INNOVATOR,
      kind: "capstone",
      name: capstone.certification,
      description: `Capstone certification of the Idaho AI Challenge (${editionName}): applied AI to a real workplace problem and submitted a complete project.`,
      criteria:
        "Held the AI Communicator, AI Creator and AI Builder certifications, and was a member of a team whose complete capstone project was submitted by the project submission deadline.",
      image: `/badges/${AI_INNOVATOR}.svg`,
    },
    {
      id: FINALIST,
      kind: "finalist",
      name: finalistCredential.name,
      description: `Finalist of the Idaho AI Challenge (${editionName}): a member of a team the judges chose as a finalist.`,
      criteria:
        "Member of a team whose capstone project the judges chose as a finalist, when the organizers published the finalists.",
      image: `/badges/${FINALIST}.svg`,
    },
    ...[...awards, ...finalsAwards].map((award): AchievementDefinition => ({
      id: award.id,
      kind: "award",
      name: award.name,
      description: `${award.name} of the Idaho AI Challenge (${editionName})${"description" in award ? `: ${award.description}` : "."}`,
      criteria: `Member of the team the organizers published as the ${award.name} of the ${editionName}.`,
      image: `/badges/${award.id}.svg`,
    })),
  ];
}

const byEdition = new Map<string, readonly AchievementDefinition[]>();

/** The achievement definitions of an edition (the same set each year until an edition changes them). */
export function achievementsFor(editionId: string): readonly AchievementDefinition[] {
  let list = byEdition.get(editionId);
  if (!list) {
    list = definitionsFor(`${editionId} Challenge`);
    byEdition.set(editionId, list);
  }
  return list;
}

export function achievementOf(editionId: string, id: string): AchievementDefinition | undefined {
  return (
    achievementsFor(editionId).find((achievement) => achievement.id === id) ??
    tierAchievementsFor(editionId).find((achievement) => achievement.id === id)
  );
}

/**
 * An organization's recognition tier as a credential (issue 54, ADR 028):
 * its holder is the organization, written `organization:<registration id>`
 * where a person's credential names their account.
 */
export const ORGANIZATION_HOLDER_PREFIX = "organization:";
export const organizationHolder = (organizationId: string) => `${ORGANIZATION_HOLDER_PREFIX}${organizationId}`;
/** The organization holding a credential, or null for a person's. */
export function organizationOfHolder(holder: string): string | null {
  return holder.startsWith(ORGANIZATION_HOLDER_PREFIX) ? holder.slice(ORGANIZATION_HOLDER_PREFIX.length) : null;
}

/** The achievement id of a tier: "tier-ai-champion". */
export const tierAchievementId = (tierId: string) => `tier-${tierId}`;

/** The badge of a tier, an SVG under public/badges/ (its PNG beside it, scripts/badge-images.mjs). */
export const tierBadge = (tierId: string) => `/badges/organization-${tierId}.svg`;

/** The badge's size on the organization's own website, fixed so its page does not shift as it loads. */
export const TIER_BADGE_SIZE = 160;

function tierDefinition(tier: RecognitionTier, editionName: string): AchievementDefinition {
  const range =
    tier.maxParticipants === null
      ? `${tier.minParticipants} or more`
      : `${tier.minParticipants} to ${tier.maxParticipants}`;
  return {
    id: tierAchievementId(tier.id),
    kind: "recognition",
    name: tier.name,
    description: `${tier.name}, a recognized organization of the Idaho AI Challenge (${editionName}): it enrolled ${range} of its employees in the Challenge with its Workforce Package.`,
    criteria: `An organization whose Workforce Package enrolled at least ${tier.minParticipants} employees with its company code in the ${editionName}. It is revoked if fewer stay enrolled or the package is refunded, and replaced when the organization reaches a higher tier.`,
    image: tierBadge(tier.id),
  };
}

const tiersByEdition = new Map<string, readonly AchievementDefinition[]>();

/** The tier designations of an edition, lowest first (app/content/program.ts's tiers). */
export function tierAchievementsFor(editionId: string): readonly AchievementDefinition[] {
  let list = tiersByEdition.get(editionId);
  if (!list) {
    list = recognitionTiers.map((tier) => tierDefinition(tier, `${editionId} Challenge`));
    tiersByEdition.set(editionId, list);
  }
  return list;
}

/** What an organization pastes on its website: the badge's alternative text. */
export const tierBadgeAlt = (organizationName: string, tierName: string, editionId: string) =>
  `${organizationName} — ${tierName}, Idaho AI Challenge ${editionId}`;

/**
 * Why a tier credential was revoked (ADR 028), as its page and /verify say it.
 */
export const tierRevocationReasons = {
  replaced: (higher: string) => `Replaced by the ${higher} designation, which the organization reached.`,
  belowThreshold: (tier: string, minimum: number) =>
    `Fewer than ${minimum} employees are enrolled with the organization's code, the minimum for ${tier}.`,
  packageWithdrawn: "The organization's Workforce Package was refunded or its payment disputed.",
} as const;

/** Who revoked a tier credential (`revoked_by`): the site itself, from the facts. */
export const TIER_REVOKED_BY = "site:recognition-tier";

/** The certification an import row names, by id, name or stage ("AI Creator", "ai-creator", "Stage 2"). */
export function certificationNamed(editionId: string, name: string): AchievementDefinition | undefined {
  const wanted = name.trim().toLowerCase();
  const key = slug(wanted);
  return achievementsFor(editionId).find(
    (achievement) =>
      achievement.kind === "certification" &&
      (achievement.id === key ||
        slug(achievement.name) === key ||
        achievement.importNames?.some((alias) => alias === wanted || alias === key)),
  );
}

/**
 * The organizers' desk for credentials (issue 33, /organize/credentials):
 * the import of the training provider's completions file, the list and the
 * revocation, in the words the desk, the API and the CLI show.
 */
export const completionImportRules = {
  /** The largest completions file one import reads (a row is about 60 bytes: some 2,000 rows). */
  maxBytes: 128 * 1024,
  /**
   * The most rows one import issues: each new credential is signed and checked
   * in the request (about 10 ms of CPU), so a larger file is imported in parts.
   */
  maxRows: 500,
  /** The columns the header row must name, each by any of these names (lower case). */
  headerNames: {
    email: ["email", "e-mail", "email address"],
    certification: ["certification", "certificate", "course"],
    date: ["completion date", "completion_date", "completed on", "completed_on", "date", "completed"],
  },
} as const;

/** Why an import row is not written, by kind: the preview's tables, the API's answer, the CLI's lines. */
export const completionProblemKinds = {
  noAccount: "No account with that e-mail",
  notVerified: "Account not verified (refused)",
  duplicate: "Duplicate",
  unknownCertification: "Unknown certification",
  badDate: "Bad date",
  badEmail: "Bad e-mail",
} as const;

export type CompletionProblemKind = keyof typeof completionProblemKinds;

export const credentialDeskText = {
  title: "Credentials",
  lead: "Import the training provider's completions, find and revoke credentials, and check the signing keys.",
  importTitle: "Import completions",
  importLead:
    "Upload the training provider's CSV (columns: email, certification, completion date). Nothing is written until you confirm its preview.",
  fileLabel: "Completions file (CSV)",
  fileHint: `At most ${completionImportRules.maxRows} rows and ${completionImportRules.maxBytes / 1024} KB; a larger file is imported in parts.`,
  previewButton: "Preview the import",
  previewTitle: "Preview of the import",
  previewLead:
    "Only the rows under \u201cTo be issued\u201d are written when you confirm; every other row is listed with why it is not. Importing the same file again changes nothing.",
  confirmButton: "Confirm the import",
  nothingToIssue: "Nothing in this file would be issued: there is nothing to confirm.",
  innovatorNote:
    "AI Innovator follows with the next daily run, for holders of the three certifications whose project was submitted.",
  matchedCaption: "To be issued",
  problemsCaption: "Not imported",
  chooseFile: "Choose the completions file to upload.",
  fileTooLarge: `That file is larger than ${completionImportRules.maxBytes / 1024} KB: import it in parts.`,
  listTitle: "Credentials of this edition",
  searchLabel: "Search by e-mail",
  searchButton: "Search",
  empty: "No credential matches.",
  revokeTitle: "Revoke a credential",
  revokeLead:
    "Revocation is one-way for the holder: the credential's page, /verify and the status list say it is revoked, with your reason, from now on.",
  reasonLabel: "Reason (the holder and verifiers read it)",
  revokeButton: "Revoke this credential",
  keysTitle: "Signing keys",
  keysLead:
    "The current key signs every credential issued now; retired keys stay published so the credentials they signed keep verifying (docs/admin.md, key rotation).",
  noRetiredKeys: "No retired key.",
} as const;

export const credentialDeskMessages = {
  headerMissing: (missing: string) =>
    `The header row lacks ${missing} (expected columns: email, certification, completion date).`,
  emptyFile: "The file is empty.",
  tooManyRows: (rows: number) =>
    `The file has ${rows} rows; one import takes at most ${completionImportRules.maxRows}. Import it in parts.`,
  changedSincePreview:
    "What this file would issue changed since its preview (an account was verified, or a credential issued meanwhile). Look at the new preview and confirm again.",
  previewFirst:
    "Preview the file first, then confirm with the fingerprint its preview gave (`expected`): an import issues only what a preview showed.",
  imported: (issued: number, problems: number) =>
    `${issued} new certification credential(s) issued; ${problems} row(s) not imported.`,
  noSuchCredential: "No credential with that id.",
  alreadyRevoked: "That credential was already revoked.",
  revoked: (achievement: string, email: string) => `Revoked ${achievement} of ${email}.`,
  reasonRequired: "Give the reason: the holder and verifiers read it.",
} as const;
