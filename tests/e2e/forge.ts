/**
 * What a forger does (issue 31): take a genuine credential, change its claims
 * and sign it again with a throw-away did:key of their own, with the same
 * library the site uses. The contexts come from their published copies
 * (npm's VC contexts, 1EdTech's OB 3.0.3 file vendored in app/credentials).
 */
import { readFileSync } from "node:fs";
import { contexts } from "@digitalbazaar/credentials-context";
import { DataIntegrityProof } from "@digitalbazaar/data-integrity";
import { cryptosuite as eddsaRdfc2022 } from "@digitalbazaar/eddsa-rdfc-2022-cryptosuite";
import * as Ed25519Multikey from "@digitalbazaar/ed25519-multikey";
import * as vc from "@digitalbazaar/vc";

const OB_CONTEXT = "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json";
const obContext: unknown = JSON.parse(
  readFileSync(new URL("../../app/credentials/contexts/ob-context-3.0.3.json", import.meta.url), "utf8"),
);

async function documentLoader(url: string) {
  const document = url === OB_CONTEXT ? obContext : contexts.get(url);
  if (document === undefined) throw new Error(`${url} is not available offline`);
  return { contextUrl: null, documentUrl: url, document };
}

/** A did:key of one's own (the public key is the identifier) and its key pair. */
export async function throwAwayDidKey(seedByte: number) {
  const probe = await Ed25519Multikey.generate({ seed: new Uint8Array(32).fill(seedByte) });
  const did = `did:key:${probe.publicKeyMultibase}`;
  const keyPair = await Ed25519Multikey.generate({
    seed: new Uint8Array(32).fill(seedByte),
    id: `${did}#${probe.publicKeyMultibase}`,
    controller: did,
  });
  return { did, keyPair };
}

/** Signs `credential` (without a proof) with `keyPair`, as of `created`. */
export async function signWith(
  credential: Record<string, unknown>,
  keyPair: Ed25519Multikey.Ed25519KeyPair,
  created: string,
): Promise<Record<string, unknown>> {
  const suite = new DataIntegrityProof({ signer: keyPair.signer(), cryptosuite: eddsaRdfc2022, date: created });
  return vc.issue({ credential, suite, documentLoader, now: created });
}
