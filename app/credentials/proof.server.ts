/**
 * Data Integrity proofs (`eddsa-rdfc-2022`) for Open Badges 3.0 credentials,
 * with the @digitalbazaar Verifiable Credentials family (ADR 016, ADR 017).
 *
 * Nothing here ever fetches: every JSON-LD context is bundled and the
 * document loader answers from memory only. A proof's key is resolved the
 * way an outside verifier resolves it, by URL: its verification method, then
 * that method's controller document, whose `assertionMethod` must list it.
 * The documents behind our own URLs are the ones the site serves (handed in
 * by URL, never as a ready-made controller); a `did:key` carries its public
 * key in its name. Anything else cannot be resolved without the network.
 */
import * as vc from "@digitalbazaar/vc";
import { DataIntegrityProof } from "@digitalbazaar/data-integrity";
import { cryptosuite as eddsaRdfc2022 } from "@digitalbazaar/eddsa-rdfc-2022-cryptosuite";
import * as Ed25519Multikey from "@digitalbazaar/ed25519-multikey";
import credentialsV2Context from "./contexts/credentials-v2.json";
import didV1Context from "./contexts/did-v1.json";
import obContext303 from "./contexts/ob-context-3.0.3.json";

export const VC_V2_CONTEXT = "https://www.w3.org/ns/credentials/v2";
export const OB_CONTEXT = "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json";
export const MULTIKEY_CONTEXT = "https://w3id.org/security/multikey/v1";
/**
 * Leads every controller document (the issuer profile, a did:key document):
 * the libraries verifiers use read `assertionMethod` straight from a document
 * whose first context is this one, and JSON-LD-frame any other (ADR 017).
 */
export const DID_V1_CONTEXT = "https://www.w3.org/ns/did/v1";

/** The contexts we can process, by URL: the VC 2.0 context, OB 3.0.3 and DID 1.0. */
const bundledContexts = new Map<string, unknown>([
  [VC_V2_CONTEXT, credentialsV2Context],
  [OB_CONTEXT, obContext303],
  [DID_V1_CONTEXT, didV1Context],
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

/** The Multikey document of one key, as served at its id. */
export function multikeyDocument(key: PublishedKey) {
  return {
    "@context": MULTIKEY_CONTEXT,
    id: key.id,
    type: "Multikey",
    controller: key.controller,
    publicKeyMultibase: key.publicKeyMultibase,
  };
}

/**
 * A controller document (W3C Controlled Identifiers; DID Core's terms): who
 * controls the keys, each key as an embedded Multikey, and the keys it
 * authorizes to issue credentials (`assertionMethod`). `profile` adds the
 * issuer's own fields (an OB 3.0 Profile) beside them.
 */
export function controllerDocument<P extends { id: string }>(profile: P, keys: readonly PublishedKey[]) {
  return {
    "@context": [DID_V1_CONTEXT, VC_V2_CONTEXT, OB_CONTEXT, MULTIKEY_CONTEXT],
    ...profile,
    verificationMethod: keys.map((key) => ({
      id: key.id,
      type: "Multikey",
      controller: key.controller,
      publicKeyMultibase: key.publicKeyMultibase,
    })),
    assertionMethod: keys.map((key) => key.id),
  };
}

/** The key of a `did:key` Ed25519 verification method, read from the identifier itself (no network). */
export function didKeyVerificationMethod(verificationMethod: string): PublishedKey | null {
  const match = /^(did:key:(z6Mk[1-9A-HJ-NP-Za-km-z]+))#(z6Mk[1-9A-HJ-NP-Za-km-z]+)$/.exec(verificationMethod);
  if (!match || match[2] !== match[3]) return null;
  return { id: verificationMethod, controller: match[1]!, publicKeyMultibase: match[2]! };
}

/** A `did:key` identifier or one of its verification methods, resolved from the identifier alone. */
function didKeyDocument(url: string): unknown {
  const did = url.split("#")[0]!;
  const multibase = did.slice("did:key:".length);
  const key = didKeyVerificationMethod(`${did}#${multibase}`);
  if (!key) return undefined;
  if (url.includes("#")) return url === key.id ? multikeyDocument(key) : undefined;
  const document = controllerDocument({ id: did }, [key]);
  return { ...document, "@context": [DID_V1_CONTEXT, MULTIKEY_CONTEXT], authentication: [key.id] };
}

/**
 * A document loader that answers from the bundled contexts, the given
 * documents (by URL) and `did:key` identifiers, and never fetches.
 */
export function staticDocumentLoader(documents: ReadonlyMap<string, unknown> = new Map()): vc.DocumentLoader {
  return async (url: string) => {
    const document =
      bundledContexts.get(url) ?? documents.get(url) ?? (url.startsWith("did:key:") ? didKeyDocument(url) : undefined);
    if (document === undefined) throw new DocumentNotAvailableOffline(url);
    return { contextUrl: null, documentUrl: url, document: structuredClone(document) };
  };
}

function hexToBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

export interface SigningKey {
  published: PublishedKey;
  keyPair: Ed25519Multikey.Ed25519KeyPair;
}

/** The signing key pair for a seed (hex or bytes), with its verification method id and controller. */
export async function signingKeyFromSeed(
  seed: Uint8Array | string,
  id: string,
  controller: string,
): Promise<SigningKey> {
  const bytes = typeof seed === "string" ? hexToBytes(seed) : seed;
  const keyPair = await Ed25519Multikey.generate({ seed: bytes, id, controller });
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

/**
 * What a proof says, as a verifier that resolves keys by URL finds it:
 * - `verified`: the signature holds and the key's controller, which is the
 *   credential's issuer, lists the key in its `assertionMethod`;
 * - `not-authorized`: the signature holds, but the key's controller is not
 *   the issuer the credential names (or does not authorize that key);
 * - `unresolvable`: a key, controller or context cannot be had offline;
 * - `invalid`: the signature does not match (altered), or no proof at all.
 */
export type ProofCheck =
  | { status: "verified"; verificationMethod: string; controller: string }
  | { status: "not-authorized"; verificationMethod: string; controller: string | null; message: string }
  | { status: "unresolvable"; verificationMethod: string | null; message: string }
  | { status: "invalid"; message: string };

export function proofVerificationMethod(credential: unknown): string | null {
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

type LibraryResult = Awaited<ReturnType<typeof vc.verifyCredential>>;

function errorMessage(error: unknown): string | undefined {
  if (error instanceof Error) return error.message;
  if (Array.isArray(error)) return errorMessage(error[0]);
  if (error && typeof error === "object" && typeof (error as { message?: unknown }).message === "string") {
    return (error as { message: string }).message;
  }
  return undefined;
}

function firstErrorMessage(result: LibraryResult): string {
  const nested = errorMessage(result.results?.find((entry) => !entry.verified)?.error);
  const listed = result.error?.errors?.[0]?.message;
  return nested ?? listed ?? result.error?.message ?? "the proof does not verify";
}

// A document not bundled here, as our loader says it, or as jsonld rewords it when a context fails to load.
const offline = (message: string) =>
  /not bundled with this site|Dereferencing a URL did not result in a valid JSON-LD object/.test(message);

/** The instant the library checks dates against: the credential's own validFrom, so dates are judged by the caller. */
function signatureInstant(credential: unknown, fallback: Date): Date {
  const validFrom = (credential as { validFrom?: unknown }).validFrom;
  const at = typeof validFrom === "string" ? new Date(validFrom) : null;
  return at && !Number.isNaN(at.getTime()) ? at : fallback;
}

/**
 * Checks a credential's Data Integrity proof. The key and its controller are
 * loaded by URL through `documents` (the site's own published documents),
 * `did:key` identifiers and the bundled contexts: no controller is handed to
 * the library, so a controller document verifiers cannot read fails here too
 * (issue 31). Status and dates are the caller's to judge.
 */
export async function checkProof(
  credential: unknown,
  documents: ReadonlyMap<string, unknown>,
  now: Date,
): Promise<ProofCheck> {
  const methodId = proofVerificationMethod(credential);
  if (!methodId) return { status: "invalid", message: "The credential carries no proof with a verification method." };
  const documentLoader = staticDocumentLoader(documents);
  let controller: string | null = null;
  try {
    const { document } = await documentLoader(methodId);
    const named = (document as { controller?: unknown }).controller;
    controller = typeof named === "string" ? named : null;
  } catch {
    return {
      status: "unresolvable",
      verificationMethod: methodId,
      message: `The signing key ${methodId} cannot be resolved without the network, so this site cannot check the signature.`,
    };
  }
  const suite = new DataIntegrityProof({ cryptosuite: eddsaRdfc2022 });
  const instant = signatureInstant(credential, now);
  try {
    const result = await vc.verifyCredential({
      credential,
      suite,
      purpose: new vc.CredentialIssuancePurpose({ date: instant }),
      documentLoader,
      // Status is checked separately (against our own list, for our own credentials only).
      checkStatus: async () => ({ verified: true }),
      now: instant,
    });
    if (result.verified && controller) return { status: "verified", verificationMethod: methodId, controller };
    const message = firstErrorMessage(result);
    if (offline(message)) return { status: "unresolvable", verificationMethod: methodId, message };
    // The proof's own result carries a purpose result only when the signature itself held.
    const purpose = result.results?.find((entry) => entry.purposeResult)?.purposeResult;
    if (purpose && !purpose.valid) {
      return { status: "not-authorized", verificationMethod: methodId, controller, message };
    }
    return { status: "invalid", message };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof DocumentNotAvailableOffline || offline(message)) {
      return { status: "unresolvable", verificationMethod: methodId, message };
    }
    return { status: "invalid", message };
  }
}
