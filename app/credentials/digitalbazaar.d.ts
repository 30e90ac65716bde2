/**
 * The @digitalbazaar Verifiable Credentials family ships plain JavaScript
 * without type declarations: these are the few entry points we call, typed
 * only as far as our code relies on them (ADR 016).
 */
declare module "@digitalbazaar/vc" {
  export type DocumentLoader = (url: string) => Promise<{ contextUrl: null; documentUrl: string; document: unknown }>;
  export function issue(options: {
    credential: Record<string, unknown>;
    suite: unknown;
    documentLoader: DocumentLoader;
    now?: string | Date;
  }): Promise<Record<string, unknown>>;
  export function verifyCredential(options: {
    credential: unknown;
    suite: unknown;
    documentLoader: DocumentLoader;
    purpose?: unknown;
    checkStatus?: (options: { credential: Record<string, unknown> }) => Promise<{ verified: boolean; error?: unknown }>;
    now?: string | Date;
  }): Promise<{
    verified: boolean;
    error?: { message?: string; errors?: { message?: string }[] };
    results?: { verified: boolean; error?: unknown; purposeResult?: { valid: boolean; error?: unknown } }[];
    statusResult?: { verified: boolean; error?: unknown };
  }>;
  export class CredentialIssuancePurpose {
    constructor(options?: { controller?: Record<string, unknown>; date?: string | Date });
  }
}

declare module "@digitalbazaar/data-integrity" {
  export class DataIntegrityProof {
    constructor(options: { signer?: unknown; cryptosuite: unknown; date?: string | Date });
  }
}

declare module "@digitalbazaar/eddsa-rdfc-2022-cryptosuite" {
  export const cryptosuite: unknown;
}

declare module "@digitalbazaar/ed25519-multikey" {
  export interface Ed25519KeyPair {
    id?: string;
    controller?: string;
    publicKeyMultibase: string;
    secretKeyMultibase?: string;
    signer(): { id?: string; algorithm: string; sign(input: { data: Uint8Array }): Promise<Uint8Array> };
    export(options: {
      publicKey?: boolean;
      secretKey?: boolean;
      includeContext?: boolean;
    }): Promise<Record<string, unknown>>;
  }
  export function generate(options?: { id?: string; controller?: string; seed?: Uint8Array }): Promise<Ed25519KeyPair>;
  export function from(key: Record<string, unknown>): Promise<Ed25519KeyPair>;
}

declare module "@digitalbazaar/credentials-context" {
  export const contexts: Map<string, unknown>;
}
