/**
 * Data Integrity proofs (`eddsa-rdfc-2022`) for Open Badges 3.0 credentials,
 * with the @digitalbazaar Verifiable Credentials family (ADR 016).
 *
 * Nothing here ever fetches: every JSON-LD context is bundled and the
 * document loader answers from memory only, and a key is resolved either from
 * our own published keys or from a `did:key` identifier (which carries the
 * public key in its name). Anything else is answered "cannot be resolved
 * without the network", never looked up.
 */
import * as vc from "@digitalbazaar/vc";
import { DataIntegrityProof } from "@digitalbazaar/data-integrity";
import { cryptosuite as eddsaRdfc2022 } from "@digitalbazaar/eddsa-rdfc-2022-cryptosuite";
import * as Ed25519Multikey from "@digitalbazaar/ed25519-multikey";
import credentialsV2Context from "./contexts/credentials-v2.json";
import obContext303 from "./contexts/ob-context-3.0.3.json";

export const VC_V2_CONTEXT = "https://www.w3.org/ns/credentials/v2";
export const OB_CONTEXT = "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json";
export const MULTIKEY_CONTEXT = "https://w3id.org/security/multikey/v1";

/** The contexts we can process, by URL: the VC 2.0 context and OB 3.0.3. */
const bundledContexts = new Map<string, unknown>([
  [VC_V2_CONTEXT, credentialsV2Context],
  [OB_CONTEXT, obContext303],
]);

/** A public key that verifies credentials: its verification method id, controller and key. */
export interface PublishedKey {
  id: string;
  controller: string;
  publicKeyMultibase: string;
}

export class DocumentNotAvailableOffline extends Error {
  constructor(readonly url: string) {
    super(`${url} is not bundled with this site and is never fetched over the network`);
  }
}

/** A document loader that answers from bundled contexts and the given documents, and never fetches. */
export function staticDocumentLoader(documents: ReadonlyMap<string, unknown> = new Map()): vc.DocumentLoader {
  return async (url: string) => {
    const document = bundledContexts.get(url) ?? documents.get(url);
    if (document === undefined) throw new DocumentNotAvailableOffline(url);
    return { contextUrl: null, documentUrl: url, document };
  };
}

export function isBundledContext(url: string): boolean {
  return bundledContexts.has(url);
}

function multikeyDocument(key: PublishedKey) {
  return {
    "@context": MULTIKEY_CONTEXT,
    id: key.id,
    type: "Multikey",
    controller: key.controller,
    publicKeyMultibase: key.publicKeyMultibase,
  };
}

/** The key of a `did:key` Ed25519 verification method, read from the identifier itself (no network). */
export function didKeyVerificationMethod(verificationMethod: string): PublishedKey | null {
  const match = /^(did:key:(z6Mk[1-9A-HJ-NP-Za-km-z]+))#(z6Mk[1-9A-HJ-NP-Za-km-z]+)$/.exec(verificationMethod);
  if (!match || match[2] !== match[3]) return null;
  return { id: verificationMethod, controller: match[1]!, publicKeyMultibase: match[2]! };
}

function hexToBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/**
 * CREDENTIAL_SIGNING_KEY is `<key id>:<64 hex characters>`: a short name for
 * the key (letters, digits, dots, dashes) and its 32-byte Ed25519 seed, e.g.
 * `2026-1:` followed by `openssl rand -hex 32` (docs/admin.md, key rotation).
 */
export function parseSigningKeySetting(value: string | undefined): { keyId: string; seed: Uint8Array } | null {
  const match = /^([A-Za-z0-9][A-Za-z0-9.-]{0,39}):([0-9a-fA-F]{64})$/.exec(value?.trim() ?? "");
  if (!match) return null;
  return { keyId: match[1]!, seed: hexToBytes(match[2]!) };
}

export interface SigningKey {
  published: PublishedKey;
  keyPair: Ed25519Multikey.Ed25519KeyPair;
}

/** The signing key pair for a seed, with its verification method id and controller (the issuer profile). */
export async function signingKeyFromSeed(seed: Uint8Array, id: string, controller: string): Promise<SigningKey> {
  const keyPair = await Ed25519Multikey.generate({ seed, id, controller });
  return { keyPair, published: { id, controller, publicKeyMultibase: keyPair.publicKeyMultibase } };
}

/**
 * Signs an unsigned credential. Ed25519 signatures are deterministic and the
 * proof's `created` is the given instant, so the same facts and key always
 * give the same bytes.
 */
export async function signCredential(
  credential: Record<string, unknown>,
  key: SigningKey,
  created: string,
): Promise<Record<string, unknown>> {
  const suite = new DataIntegrityProof({ signer: key.keyPair.signer(), cryptosuite: eddsaRdfc2022, date: created });
  const signed = await vc.issue({ credential, suite, documentLoader: staticDocumentLoader(), now: created });
  // A set of proofs, as the OB 3.0 JSON Schema has it (the proof is not part of what is signed).
  return Array.isArray(signed.proof) ? signed : { ...signed, proof: [signed.proof] };
}

export type ProofCheck =
  | { status: "verified"; verificationMethod: string; keyOwner: "site" | "did:key" }
  | { status: "unresolvable"; verificationMethod: string | null; message: string }
  | { status: "invalid"; message: string };

function proofVerificationMethod(credential: unknown): string | null {
  if (!credential || typeof credential !== "object") return null;
  const proof = (credential as { proof?: unknown }).proof;
  const first: unknown = Array.isArray(proof) ? proof[0] : proof;
  if (!first || typeof first !== "object") return null;
  const method = (first as { verificationMethod?: unknown }).verificationMethod;
  if (typeof method === "string") return method;
  if (method && typeof method === "object" && typeof (method as { id?: unknown }).id === "string") {
    return (method as { id: string }).id;
  }
  return null;
}

function firstErrorMessage(result: Awaited<ReturnType<typeof vc.verifyCredential>>): string {
  const nested = result.results?.find((entry) => !entry.verified)?.error?.message;
  const listed = result.error?.errors?.[0]?.message;
  return nested ?? listed ?? result.error?.message ?? "the proof does not verify";
}

/**
 * Checks a credential's Data Integrity proof with the keys we can resolve
 * without the network: our own published keys (current and retired) and
 * `did:key` identifiers. Status and dates are checked by the caller
 * (verify.server.ts), so `now` only feeds the library's own date checks.
 */
export async function checkProof(credential: unknown, keys: readonly PublishedKey[], now: Date): Promise<ProofCheck> {
  const methodId = proofVerificationMethod(credential);
  if (!methodId) return { status: "invalid", message: "The credential carries no proof with a verification method." };
  const own = keys.find((key) => key.id === methodId);
  const key = own ?? didKeyVerificationMethod(methodId);
  if (!key) {
    return {
      status: "unresolvable",
      verificationMethod: methodId,
      message: `The signing key ${methodId} cannot be resolved without the network, so this site cannot check the signature.`,
    };
  }
  const documents = new Map<string, unknown>([[key.id, multikeyDocument(key)]]);
  const purpose = new vc.CredentialIssuancePurpose({
    controller: { id: key.controller, assertionMethod: [key.id] },
    date: now,
  });
  const suite = new DataIntegrityProof({ cryptosuite: eddsaRdfc2022 });
  try {
    const result = await vc.verifyCredential({
      credential,
      suite,
      purpose,
      documentLoader: staticDocumentLoader(documents),
      // Status is checked separately (against our own list, or reported as unknown).
      checkStatus: async () => ({ verified: true }),
      now,
    });
    if (result.verified)
      return { status: "verified", verificationMethod: methodId, keyOwner: own ? "site" : "did:key" };
    const message = firstErrorMessage(result);
    if (/not bundled with this site/.test(message)) {
      return { status: "unresolvable", verificationMethod: methodId, message };
    }
    return { status: "invalid", message };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof DocumentNotAvailableOffline || /not bundled with this site/.test(message)) {
      return { status: "unresolvable", verificationMethod: methodId, message };
    }
    return { status: "invalid", message };
  }
}
