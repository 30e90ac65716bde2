/**
 * What an uploaded file is, read from its bytes as they stream past (issue
 * 15): a name or a browser-sent type says nothing a participant can't
 * change. The first bytes tell PDF, OLE2 (.doc) and ZIP apart; a ZIP is a
 * .docx only if a Word part name (`word/…`) turns up somewhere in it, which
 * may be anywhere up to its central directory at the very end.
 */
import { Buffer } from "node:buffer";
import type { PortalFileKind } from "~/content/portal";

/** "docx?" until the stream has shown a Word part name; a ZIP without one is not a Word file. */
export type SniffedKind = Exclude<PortalFileKind, "docx"> | "zip";

const SIGNATURES: readonly { kind: SniffedKind; bytes: readonly number[] }[] = [
  { kind: "pdf", bytes: [...Buffer.from("%PDF-", "latin1")] },
  { kind: "zip", bytes: [0x50, 0x4b, 0x03, 0x04] },
  { kind: "doc", bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] },
];

/** How many leading bytes `sniffKind` needs to decide (fewer only when the file is shorter). */
export const SNIFF_BYTES = Math.max(...SIGNATURES.map((signature) => signature.bytes.length));

/** The kind a file's first bytes announce, or null for anything else (PNG, text, HTML…). */
export function sniffKind(head: Uint8Array): SniffedKind | null {
  const match = SIGNATURES.find(
    ({ bytes }) => head.byteLength >= bytes.length && bytes.every((byte, index) => head[index] === byte),
  );
  return match?.kind ?? null;
}

/**
 * Counts matches of a short pattern in a stream of chunks, including the
 * ones a chunk boundary cuts in two: the last `longestMatch` characters of
 * each chunk are searched again with the next. A match is counted only once
 * the character after it is known (`completes` may refuse it: `/Page` must
 * not be the start of `/Pages`), or at the end of the stream.
 */
export class StreamMatchCounter {
  #count = 0;
  #carry = "";
  readonly #pattern: RegExp;
  readonly #longestMatch: number;
  readonly #completes: (next: string) => boolean;

  constructor(pattern: RegExp, longestMatch: number, completes: (next: string) => boolean = () => true) {
    this.#pattern = new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`);
    this.#longestMatch = longestMatch;
    this.#completes = completes;
  }

  get count(): number {
    return this.#count;
  }

  push(chunk: Uint8Array): void {
    if (chunk.byteLength === 0) return;
    // latin1 maps each byte to one character, so offsets stay byte offsets and nothing is "invalid".
    const text = this.#carry + Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString("latin1");
    this.#scan(text, this.#carry.length, false);
    // One character more than the longest match, so a match ending on the last one is seen again with its next character.
    this.#carry = text.slice(-(this.#longestMatch + 1));
  }

  /** The end of the stream: a match at the very end has no next character and counts as it is. */
  finish(): number {
    this.#scan(this.#carry, this.#carry.length, true);
    this.#carry = "";
    return this.#count;
  }

  /** Matches ending before `seen` lie in the carried characters and were decided with the previous chunk. */
  #scan(text: string, seen: number, atEnd: boolean): void {
    for (const match of text.matchAll(this.#pattern)) {
      const end = match.index + match[0].length;
      if (end < seen) continue;
      if (end === text.length) {
        if (atEnd) this.#count += 1;
        continue;
      }
      if (this.#completes(text.charAt(end))) this.#count += 1;
    }
  }
}

/** PDF delimiters and white space end a name: `/Page>>` and `/Page /Parent` are pages, `/Pages` is not. */
const PDF_NAME_END = /[ \t\r\n\f\0()<>[\]{}/%]/;

/** Page objects of a PDF (`/Type /Page`), as far as they are written uncompressed. */
export function pdfPageCounter(): StreamMatchCounter {
  return new StreamMatchCounter(/\/Type[ \t\r\n\f\0]{0,16}\/Page/, 5 + 16 + 5, (next) => PDF_NAME_END.test(next));
}

/** The part-name prefix every Word document's ZIP has (word/document.xml), in its local headers and central directory. */
export function wordPartCounter(): StreamMatchCounter {
  return new StreamMatchCounter(/word\//, 5);
}
