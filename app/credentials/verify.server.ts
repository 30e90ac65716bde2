/**
 * Verifying a credential on the server (issue 26): ours, or any Open Badges
 * 3.0 credential whose key can be resolved without the network. Four
 * checks, each reported in words: the signature, the issuer, the status
 * (revocation) and the dates. Nothing is fetched.
 */
import { STATUS_LIST_SIZE } from "~/content/credentials";
import { checkProof } from "./proof.server";
import { issuerId, publishedKeys, revocationOf } from "./credential.server";
import { statusListPath } from "./keys";

export type CheckOutcome = "pass" | "fail" | "unknown";

export interface Check {
  outcome: CheckOutcome;
  detail: string;
}

export interface VerificationReport {
  /** True only when every check passed. */
  verified: boolean;
  /** One sentence for the top of the result. */
  summary: string;
  signature: Check;
  issuer: Check;
  status: Check;
  dates: Check;
  /** What the credential says, for display (never trusted for anything else). */
  claims: { name: string | null; issuerName: string | null; validFrom: string | null; ours: boolean };
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);

function issuerOf(credential: Json): { id: string | null; name: string | null } {
  const issuer = credential.issuer;
  if (typeof issuer === "string") return { id: issuer, name: null };
  if (isObject(issuer)) {
    return {
      id: typeof issuer.id === "string" ? issuer.id : null,
      name: typeof issuer.name === "string" ? issuer.name : null,
    };
  }
  return { id: null, name: null };
}

function datesCheck(credential: Json, now: Date): Check {
  const from = typeof credential.validFrom === "string" ? new Date(credential.validFrom) : null;
  const until = typeof credential.validUntil === "string" ? new Date(credential.validUntil) : null;
  if (!from || Number.isNaN(from.getTime())) return { outcome: "fail", detail: "It has no valid validFrom date." };
  if (from.getTime() > now.getTime())
    return { outcome: "fail", detail: `It is not valid before ${from.toISOString()}.` };
  if (until && !Number.isNaN(until.getTime()) && until.getTime() <= now.getTime()) {
    return { outcome: "fail", detail: `It expired on ${until.toISOString()}.` };
  }
  return {
    outcome: "pass",
    detail: until
      ? `Valid from ${from.toISOString()} until ${until.toISOString()}.`
      : `Valid since ${from.toISOString()}; it does not expire.`,
  };
}

async function statusCheck(db: D1Database, credential: Json, origin: string): Promise<Check> {
  const entries = asArray(credential.credentialStatus).filter(isObject);
  if (entries.length === 0) return { outcome: "pass", detail: "It has no status list: its issuer cannot revoke it." };
  const prefix = `${origin}${statusListPath(0).replace(/0$/, "")}`;
  for (const entry of entries) {
    const list = typeof entry.statusListCredential === "string" ? entry.statusListCredential : "";
    if (entry.statusPurpose !== "revocation" || !list.startsWith(prefix)) {
      return {
        outcome: "unknown",
        detail: `Its status list (${list || "unnamed"}) is on another site, which this site does not contact: revocation cannot be checked here.`,
      };
    }
    const listNumber = Number(list.slice(prefix.length));
    const index = Number(entry.statusListIndex);
    if (
      !Number.isInteger(listNumber) ||
      listNumber < 1 ||
      !Number.isInteger(index) ||
      index < 0 ||
      index >= STATUS_LIST_SIZE
    ) {
      return { outcome: "fail", detail: "Its status entry does not point at a position in our status lists." };
    }
    const record = await revocationOf(db, (listNumber - 1) * STATUS_LIST_SIZE + index);
    if (record?.revoked_at) {
      return {
        outcome: "fail",
        detail: `Revoked on ${record.revoked_at.slice(0, 10)}${record.revoked_reason ? `: ${record.revoked_reason}` : ""}.`,
      };
    }
  }
  return { outcome: "pass", detail: "Not revoked: checked against this site's status list just now." };
}

function summaryOf(report: Pick<VerificationReport, "signature" | "issuer" | "status" | "dates">): string {
  const checks = [report.signature, report.issuer, report.status, report.dates];
  if (checks.some((check) => check.outcome === "fail")) return "This credential does not verify.";
  if (checks.some((check) => check.outcome === "unknown")) {
    return "This credential could not be fully verified here: see the checks below.";
  }
  return "This credential is verified.";
}

/** Verifies a parsed credential now. */
export async function verifyCredential(
  env: Env,
  credential: unknown,
  origin: string,
  now: Date,
): Promise<VerificationReport> {
  if (!isObject(credential)) {
    const fail = { outcome: "fail" as const, detail: "This is not a credential (a JSON object)." };
    return {
      verified: false,
      summary: "This is not a credential.",
      signature: fail,
      issuer: fail,
      status: fail,
      dates: fail,
      claims: { name: null, issuerName: null, validFrom: null, ours: false },
    };
  }
  const types = asArray(credential.type);
  const issuer = issuerOf(credential);
  const ours = issuer.id === issuerId(origin);
  const keys = await publishedKeys(env, origin);
  const proof = types.includes("VerifiableCredential")
    ? await checkProof(credential, keys, now)
    : ({
        status: "invalid",
        message: "It is not a Verifiable Credential (its type lacks VerifiableCredential).",
      } as const);

  let signature: Check;
  let issuerCheck: Check;
  if (proof.status === "verified") {
    signature = { outcome: "pass", detail: "The eddsa-rdfc-2022 signature matches the credential, byte for byte." };
    const method = proof.verificationMethod;
    const controller = keys.find((key) => key.id === method)?.controller ?? method.split("#")[0];
    issuerCheck =
      controller === issuer.id
        ? {
            outcome: "pass",
            detail: ours
              ? `Issued by ${issuer.name ?? "this site"}, with a key this site publishes.`
              : `Signed by its issuer's own key (${issuer.id}).`,
          }
        : { outcome: "fail", detail: "It was signed with a key that does not belong to the issuer it names." };
  } else if (proof.status === "unresolvable") {
    signature = { outcome: "unknown", detail: proof.message };
    issuerCheck = {
      outcome: "unknown",
      detail: "The issuer's key cannot be resolved without the network, so who issued it cannot be confirmed here.",
    };
  } else {
    signature = { outcome: "fail", detail: `The signature does not verify: ${proof.message}` };
    issuerCheck = { outcome: "fail", detail: "Without a valid signature, the issuer cannot be confirmed." };
  }
  const checks = {
    signature,
    issuer: issuerCheck,
    status: await statusCheck(env.DB, credential, origin),
    dates: datesCheck(credential, now),
  };
  const verified = Object.values(checks).every((check) => check.outcome === "pass");
  return {
    verified,
    summary: summaryOf(checks),
    ...checks,
    claims: {
      name: typeof credential.name === "string" ? credential.name : null,
      issuerName: issuer.name,
      validFrom: typeof credential.validFrom === "string" ? credential.validFrom : null,
      ours,
    },
  };
}

/** Parses pasted or uploaded text; null with a reason when it is not JSON. */
export function parseCredentialText(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, message: "That is not JSON. Paste the whole credential file, from { to }." };
  }
}
