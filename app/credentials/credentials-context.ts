/**
 * Stands in for @digitalbazaar/credentials-context's entry module, which the
 * VC library imports: the package's own entry computes each context file's
 * location with `new URL(…, import.meta.url)`, which throws in a deployed
 * worker (a bundled module has no file URL), taking every page down at start-up.
 * This module exports the same maps, from the package's context files copied
 * into ./contexts/ (unchanged), without the file locations nothing here reads
 * (ADR 016).
 */
import undefinedTermsV2Context from "./contexts/credentials-undefined-terms-v2.json";
import v1Context from "./contexts/credentials-v1.json";
import v2Context from "./contexts/credentials-v2.json";

interface ContextMetadata {
  id: string;
  type: "ContextMetadata";
  shortName: string;
  context: unknown;
}

const all: ContextMetadata[] = [
  {
    id: "https://www.w3.org/ns/credentials/undefined-terms/v2",
    type: "ContextMetadata",
    shortName: "undefined-terms-v2",
    context: undefinedTermsV2Context,
  },
  { id: "https://www.w3.org/2018/credentials/v1", type: "ContextMetadata", shortName: "v1", context: v1Context },
  { id: "https://www.w3.org/ns/credentials/v2", type: "ContextMetadata", shortName: "v2", context: v2Context },
];

export const contexts = new Map(all.map((entry) => [entry.id, entry.context]));
export const metadata = new Map(all.map((entry) => [entry.id, entry]));
export const named = new Map(all.map((entry) => [entry.shortName, entry]));
