/**
 * One project file from a plain multipart form post into R2 (issue 15),
 * streamed: the body is parsed as it arrives (busboy), the file's kind is
 * read from its first bytes before anything is written, its size is counted
 * as it goes, and at most one R2 part (5 MiB) is held at a time. A refused
 * file leaves no object behind, and the rest of the body is still read (and
 * dropped) so the browser gets its answer instead of a reset connection.
 */
import busboy from "busboy";
import type { Readable } from "node:stream";
import {
  portalFileComponents,
  portalFileContentTypes,
  portalFileExtensions,
  portalFileRules,
  type PortalFileComponent,
  type PortalFileKind,
} from "~/content/portal";
import type { UploadFailure } from "~/content/upload-failures";
import {
  pdfPageCounter,
  SNIFF_BYTES,
  sniffKind,
  wordPartCounter,
  type SniffedKind,
  type StreamMatchCounter,
} from "./file-content.server";
import { R2StreamWriter } from "./r2-stream-writer.server";

export interface StoredFile {
  /** The R2 key it was written under (the caller's). */
  key: string;
  /** The browser's file name with the kind's extension, for showing only (filenameForKind). */
  filename: string;
  /** From the content, never the name. */
  kind: PortalFileKind;
  /** From the kind, never from the browser. */
  contentType: string;
  sizeBytes: number;
  /** Page objects seen while streaming; null when there were none to see (compressed object streams) or not a PDF. */
  pageCount: number | null;
}

export type UploadResult = { ok: true; file: StoredFile } | { ok: false; failure: UploadFailure };

/** The form's one file input. */
const FILE_FIELD = "file";
const FILENAME_MAX_CHARACTERS = 150;
/** Other fields are ignored; busboy keeps each whole until it ends, so keep them small. */
const IGNORED_FIELD_MAX_BYTES = 1024;

/**
 * Characters a name must not carry: control characters, and the bidi
 * controls (U+202E and kin) and line separators that make "x\u202Efdp.exe"
 * read as "xexe.pdf" on the page and in a browser's download bar.
 */
const UNSHOWABLE = /[\p{Cc}\p{Bidi_Control}\u2028\u2029]/gu;

/**
 * A name fit to show and to put in a Content-Disposition: no directories
 * (some browsers send a full path), no control or bidi characters, at most
 * 150 characters with the extension kept, never empty.
 */
export function sanitizedFilename(raw: string | undefined): string {
  const base = (raw ?? "").split(/[/\\]/).pop() ?? "";
  const printable = base.replace(UNSHOWABLE, "").trim();
  const characters = Array.from(printable);
  if (characters.length === 0) return "file";
  if (characters.length <= FILENAME_MAX_CHARACTERS) return printable;
  const dot = printable.lastIndexOf(".");
  const extension = dot > 0 ? Array.from(printable.slice(dot)) : [];
  const keep = extension.length > 0 && extension.length <= 10 ? extension : [];
  return characters.slice(0, FILENAME_MAX_CHARACTERS - keep.length).join("") + keep.join("");
}

/**
 * The name a file is shown and downloaded under: sanitized, with the
 * extension of the kind its bytes showed in place of the uploader's (a PDF
 * named "x.html" is "x.pdf"), so a browser or desktop never opens it as
 * anything else. Applied again to stored names, which may predate the rule.
 */
export function filenameForKind(raw: string | undefined, kind: PortalFileKind | null): string {
  const name = sanitizedFilename(raw);
  if (kind === null) return name;
  const dot = name.lastIndexOf(".");
  // ".html" alone is all extension: it becomes "file.pdf".
  const stem = dot >= 0 ? name.slice(0, dot).trimEnd() : name;
  return sanitizedFilename(`${stem || "file"}${portalFileExtensions[kind]}`);
}

/** The kind a stored file's content type stands for (set from its content at upload), or null. */
export function kindOfContentType(contentType: string): PortalFileKind | null {
  const entry = Object.entries(portalFileContentTypes).find(([, type]) => type === contentType);
  return entry ? (entry[0] as PortalFileKind) : null;
}

/** The component a request names, checked against the list: `toString` or `__proto__` are none. */
export function fileComponentOf(requested: string | null): PortalFileComponent | null {
  return portalFileComponents.find((component) => component === requested) ?? null;
}

/** Deletes stored files (a replaced one, a purged project's); R2 takes them in one call. */
export async function deleteStoredObjects(bucket: R2Bucket, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await bucket.delete([...keys]);
}

/**
 * Reads the request's `file` part into `bucket` under `key`, checked
 * against the component's rules. Other fields are ignored; a second file
 * part fails the upload (this form has one).
 */
export async function receiveUpload(
  request: Request,
  bucket: R2Bucket,
  component: PortalFileComponent,
  key: string,
): Promise<UploadResult> {
  const contentType = request.headers.get("content-type");
  if (request.body === null || contentType === null || !/^multipart\/form-data\s*;/i.test(contentType)) {
    return { ok: false, failure: "missing" };
  }
  const { maxBytes } = portalFileRules[component];

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      // One byte past the limit tells "too large" apart from "exactly the limit"; busboy drops the rest.
      limits: { files: 1, fileSize: maxBytes + 1, fieldSize: IGNORED_FIELD_MAX_BYTES },
      // Browsers send file names as raw UTF-8.
      defParamCharset: "utf8",
    });
  } catch {
    // No boundary, or not parseable as multipart at all.
    return { ok: false, failure: "missing" };
  }

  let stored: Promise<UploadResult> | null = null;
  let extraFile = false;
  parser.on("file", (name: string, stream: Readable, info: busboy.FileInfo) => {
    if (name !== FILE_FIELD) {
      stream.resume();
      return;
    }
    stored = storeFilePart(stream, info.filename, bucket, component, key);
  });
  parser.on("filesLimit", () => {
    extraFile = true;
  });
  const parsed = new Promise<void>((resolve, reject) => {
    parser.once("finish", resolve);
    parser.once("error", reject);
  });

  let bodyRead = true;
  try {
    await Promise.all([pumpBody(request.body, parser), parsed]);
  } catch {
    bodyRead = false;
    // Ends the file part's stream with the error, so its reader stops and cleans up.
    parser.destroy();
  }
  const result: UploadResult = stored === null ? { ok: false, failure: "missing" } : await stored;
  if (result.ok && (!bodyRead || extraFile)) {
    await deleteStoredObjects(bucket, [key]).catch(() => {});
    return { ok: false, failure: "failed" };
  }
  if (!result.ok && !bodyRead && result.failure !== "too-large" && result.failure !== "wrong-type") {
    return { ok: false, failure: "failed" };
  }
  return result;
}

/** Feeds the body to the parser no faster than the file's reader takes it (busboy holds a write's callback until then). */
async function pumpBody(body: ReadableStream<Uint8Array>, parser: busboy.Busboy): Promise<void> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      await new Promise<void>((resolve, reject) => {
        parser.write(value, (error) => (error ? reject(error) : resolve()));
      });
    }
  } catch (error) {
    await reader.cancel().catch(() => {});
    throw error;
  }
  await new Promise<void>((resolve) => parser.end(resolve));
}

/**
 * The file part's bytes into R2. It always reads its stream to the end,
 * writing or not: the parser waits for it, and so does the body's rest.
 */
async function storeFilePart(
  stream: Readable,
  rawFilename: string | undefined,
  bucket: R2Bucket,
  component: PortalFileComponent,
  key: string,
): Promise<UploadResult> {
  const { kinds, maxBytes } = portalFileRules[component];
  const file = new IncomingFile(kinds, bucket, key);
  let size = 0;
  let failure: UploadFailure | null = null;
  try {
    for await (const chunk of stream as AsyncIterable<Uint8Array>) {
      if (failure !== null) continue;
      size += chunk.byteLength;
      if (size > maxBytes) failure = "too-large";
      else failure = await file.write(chunk).catch(() => "failed" as const);
    }
  } catch {
    // The stream was destroyed: the body broke off or was malformed.
    failure ??= "failed";
  }
  if (failure !== null) {
    await file.abort();
    return { ok: false, failure };
  }
  const outcome = await file.finish().catch(() => ({ ok: false as const, failure: "failed" as const }));
  if (!outcome.ok) return outcome;
  return {
    ok: true,
    file: {
      key,
      filename: filenameForKind(rawFilename, outcome.kind),
      kind: outcome.kind,
      contentType: portalFileContentTypes[outcome.kind],
      sizeBytes: size,
      pageCount: outcome.pageCount,
    },
  };
}

type FileOutcome = { ok: true; kind: PortalFileKind; pageCount: number | null } | { ok: false; failure: UploadFailure };

/**
 * One file's bytes: held until its first bytes tell its kind, then (if the
 * component takes that kind) written through to R2 while its content is
 * searched for page objects or a Word part name.
 */
class IncomingFile {
  readonly #allowed: readonly PortalFileKind[];
  readonly #bucket: R2Bucket;
  readonly #key: string;
  #head: Uint8Array = new Uint8Array(0);
  #kind: SniffedKind | null = null;
  #matches: StreamMatchCounter | null = null;
  #writer: R2StreamWriter | null = null;

  constructor(allowed: readonly PortalFileKind[], bucket: R2Bucket, key: string) {
    this.#allowed = allowed;
    this.#bucket = bucket;
    this.#key = key;
  }

  /** null while all is well; a failure means stop writing (the caller aborts). */
  async write(chunk: Uint8Array): Promise<UploadFailure | null> {
    if (this.#writer !== null) {
      this.#matches?.push(chunk);
      await this.#writer.write(chunk);
      return null;
    }
    this.#head = concat(this.#head, chunk);
    return this.#head.byteLength < SNIFF_BYTES ? null : this.#startWriting();
  }

  async finish(): Promise<FileOutcome> {
    if (this.#writer === null) {
      if (this.#head.byteLength === 0) return { ok: false, failure: "missing" };
      // A file shorter than the longest signature can still be a (tiny) PDF.
      const failure = await this.#startWriting();
      if (failure !== null) return { ok: false, failure };
    }
    const writer = this.#writer;
    const kind = this.#kind;
    const matches = this.#matches?.finish() ?? 0;
    if (writer === null || kind === null) return { ok: false, failure: "failed" };
    if (kind === "zip" && matches === 0) {
      await writer.abort();
      return { ok: false, failure: "wrong-type" };
    }
    await writer.finish();
    return {
      ok: true,
      kind: kind === "zip" ? "docx" : kind,
      pageCount: kind === "pdf" && matches > 0 ? matches : null,
    };
  }

  async abort(): Promise<void> {
    await this.#writer?.abort();
  }

  async #startWriting(): Promise<UploadFailure | null> {
    const kind = sniffKind(this.#head);
    // A ZIP is taken for a .docx until its end shows otherwise (finish).
    const candidate = kind === "zip" ? "docx" : kind;
    if (kind === null || candidate === null || !this.#allowed.includes(candidate)) return "wrong-type";
    this.#kind = kind;
    this.#matches = kind === "pdf" ? pdfPageCounter() : kind === "zip" ? wordPartCounter() : null;
    this.#writer = new R2StreamWriter(this.#bucket, this.#key, portalFileContentTypes[candidate]);
    const head = this.#head;
    this.#head = new Uint8Array(0);
    this.#matches?.push(head);
    await this.#writer.write(head);
    return null;
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.byteLength === 0) return b;
  const joined = new Uint8Array(a.byteLength + b.byteLength);
  joined.set(a);
  joined.set(b, a.byteLength);
  return joined;
}
