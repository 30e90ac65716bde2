/**
 * Issue 15's uploads: receiveUpload against the real local R2 bucket, with
 * multipart bodies built by FormData exactly as a browser's form sends
 * them. Kinds are read from content, sizes are counted as the body streams,
 * and a refused file leaves nothing under its key.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { portalFileRules, type PortalFileComponent } from "~/content/portal";
import { R2_PART_BYTES } from "~/portal/r2-stream-writer.server";
import { deleteStoredObjects, receiveUpload } from "~/portal/upload.server";

const bucket = env.SUBMISSION_FILES;
const encoder = new TextEncoder();

function uniqueKey(): string {
  return `tests/${crypto.randomUUID()}`;
}

function uploadRequest(file: File | null, filename?: string, extra: (form: FormData) => void = () => {}): Request {
  const form = new FormData();
  form.append("intent", "upload");
  if (file !== null) form.append("file", file, filename ?? file.name);
  extra(form);
  return new Request("http://localhost/portal/upload?component=pitchDeck", { method: "POST", body: form });
}

async function upload(component: PortalFileComponent, file: File | null, filename?: string, key = uniqueKey()) {
  return { key, result: await receiveUpload(uploadRequest(file, filename), bucket, component, key) };
}

async function sha256(data: ArrayBuffer | Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", data);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

async function storedBytes(key: string): Promise<{ bytes: ArrayBuffer; contentType: string | undefined } | null> {
  const object = await bucket.get(key);
  if (object === null) return null;
  return { bytes: await object.arrayBuffer(), contentType: object.httpMetadata?.contentType };
}

/** A small, valid PDF (correct xref offsets) with two page objects written two ways. */
function minimalPdf(): Uint8Array<ArrayBuffer> {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>",
    "<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>",
  ];
  let text = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(text.length);
    text += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) text += `${String(offset).padStart(10, "0")} 00000 n \n`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return encoder.encode(text);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A ZIP of stored (uncompressed) entries, as a .docx is laid out. */
function zipOf(entries: Record<string, string>): Uint8Array<ArrayBuffer> {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const nameBytes = encoder.encode(name);
    const data = encoder.encode(content);
    const crc = crc32(data);
    const local = new Uint8Array(30 + nameBytes.length + data.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint32(14, crc, true);
    lv.setUint32(18, data.length, true);
    lv.setUint32(22, data.length, true);
    lv.setUint16(26, nameBytes.length, true);
    local.set(nameBytes, 30);
    local.set(data, 30 + nameBytes.length);
    const central = new Uint8Array(46 + nameBytes.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint32(16, crc, true);
    cv.setUint32(20, data.length, true);
    cv.setUint32(24, data.length, true);
    cv.setUint16(28, nameBytes.length, true);
    cv.setUint32(42, offset, true);
    central.set(nameBytes, 46);
    locals.push(local);
    centrals.push(central);
    offset += local.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, centrals.length, true);
  ev.setUint16(10, centrals.length, true);
  ev.setUint32(12, centralSize, true);
  ev.setUint32(16, offset, true);
  return concatAll([...locals, ...centrals, end]);
}

function concatAll(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const all = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}

const docx = () =>
  zipOf({
    "[Content_Types].xml": '<?xml version="1.0"?><Types/>',
    "word/document.xml": '<?xml version="1.0"?><w:document><w:body><w:p/></w:body></w:document>',
  });
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52];

/** `length` deterministic bytes (xorshift32) after `prefix`: too random to contain a marker by chance. */
function deterministicBytes(length: number, prefix: Uint8Array): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  let state = 0x9e3779b9;
  for (let i = 0; i < length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[i] = state & 0xff;
  }
  bytes.set(prefix);
  return bytes;
}

/** The request's body again, as a stream of 64 KiB chunks that counts how much of it was read. */
async function chunkedRequest(request: Request): Promise<{ request: Request; bytesRead: () => number; total: number }> {
  const body = new Uint8Array(await request.arrayBuffer());
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= body.byteLength) return controller.close();
      const chunk = body.slice(offset, offset + 64 * 1024);
      offset += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return {
    request: new Request(request.url, {
      method: "POST",
      headers: { "content-type": request.headers.get("content-type") ?? "" },
      body: stream,
      // @ts-expect-error: workerd needs duplex for a streamed request body; the DOM types lack it.
      duplex: "half",
    }),
    bytesRead: () => offset,
    total: body.byteLength,
  };
}

/** Wraps the bucket to see the multipart uploads receiveUpload opens (the binding cannot list them). */
function watchedBucket(): { bucket: R2Bucket; uploads: R2MultipartUpload[] } {
  const uploads: R2MultipartUpload[] = [];
  const watched = {
    put: bucket.put.bind(bucket),
    delete: bucket.delete.bind(bucket),
    async createMultipartUpload(key: string, options?: R2MultipartOptions) {
      const multipart = await bucket.createMultipartUpload(key, options);
      uploads.push(multipart);
      return multipart;
    },
  } as unknown as R2Bucket;
  return { bucket: watched, uploads };
}

describe("receiveUpload: kinds from content", () => {
  it("stores a PDF pitch deck byte for byte and counts its pages", async () => {
    const pdf = minimalPdf();
    const { key, result } = await upload("pitchDeck", new File([pdf], "Team deck.pdf", { type: "application/pdf" }));
    expect(result).toEqual({
      ok: true,
      file: {
        key,
        filename: "Team deck.pdf",
        kind: "pdf",
        contentType: "application/pdf",
        sizeBytes: pdf.byteLength,
        pageCount: 2,
      },
    });
    const stored = await storedBytes(key);
    expect(stored?.contentType).toBe("application/pdf");
    expect(new Uint8Array(stored?.bytes ?? new ArrayBuffer(0))).toEqual(pdf);
  });

  it("refuses PNG bytes under a .pdf name and application/pdf type, and stores nothing", async () => {
    const { key, result } = await upload(
      "pitchDeck",
      new File([new Uint8Array(PNG)], "deck.pdf", { type: "application/pdf" }),
    );
    expect(result).toEqual({ ok: false, failure: "wrong-type" });
    expect(await bucket.head(key)).toBeNull();
  });

  it("takes a .docx (a ZIP with word/ parts) as reflection log, typed from its content", async () => {
    const bytes = docx();
    const { key, result } = await upload("reflectionLog", new File([bytes], "log.pdf", { type: "application/pdf" }));
    expect(result.ok && result.file).toMatchObject({
      kind: "docx",
      contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      sizeBytes: bytes.byteLength,
      pageCount: null,
      // Named for what it is (issue 22): a browser opens it as Word, not as a PDF.
      filename: "log.docx",
    });
    expect((await storedBytes(key))?.contentType).toBe(
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
  });

  it("refuses the same .docx as pitch deck (PDF only)", async () => {
    const { key, result } = await upload("pitchDeck", new File([docx()], "deck.docx"));
    expect(result).toEqual({ ok: false, failure: "wrong-type" });
    expect(await bucket.head(key)).toBeNull();
  });

  it("refuses a ZIP that is not a Word document once its end shows no word/ part", async () => {
    const xlsx = zipOf({ "[Content_Types].xml": "<Types/>", "xl/workbook.xml": "<workbook/>" });
    const { key, result } = await upload("reflectionLog", new File([xlsx], "log.docx"));
    expect(result).toEqual({ ok: false, failure: "wrong-type" });
    expect(await bucket.head(key)).toBeNull();
  });

  it("takes a .doc (OLE2) as reflection log", async () => {
    const doc = new Uint8Array([...OLE2, ...new Uint8Array(504)]);
    const { key, result } = await upload("reflectionLog", new File([doc], "log.doc"));
    expect(result.ok && result.file).toMatchObject({ kind: "doc", contentType: "application/msword", sizeBytes: 512 });
    expect((await storedBytes(key))?.bytes.byteLength).toBe(512);
  });

  it("takes a PDF shorter than the longest signature", async () => {
    const { result } = await upload("pitchDeck", new File([encoder.encode("%PDF-")], "tiny.pdf"));
    expect(result.ok && result.file).toMatchObject({ kind: "pdf", sizeBytes: 5, pageCount: null });
  });
});

describe("receiveUpload: missing and malformed", () => {
  it("answers missing for an empty file and for no file chosen", async () => {
    const empty = await upload("reflectionLog", new File([], "empty.pdf"));
    expect(empty.result).toEqual({ ok: false, failure: "missing" });
    expect(await bucket.head(empty.key)).toBeNull();
    // What a browser sends when no file was chosen: an empty part with filename "".
    const none = await upload("reflectionLog", new File([], "", { type: "application/octet-stream" }), "");
    expect(none.result).toEqual({ ok: false, failure: "missing" });
    const noPart = await upload("reflectionLog", null);
    expect(noPart.result).toEqual({ ok: false, failure: "missing" });
  });

  it("answers missing for a text field named file and for a body that is not multipart", async () => {
    const key = uniqueKey();
    const form = new FormData();
    form.append("file", "not a file");
    const text = await receiveUpload(
      new Request("http://localhost/", { method: "POST", body: form }),
      bucket,
      "pitchDeck",
      key,
    );
    expect(text).toEqual({ ok: false, failure: "missing" });
    const urlencoded = await receiveUpload(
      new Request("http://localhost/", { method: "POST", body: new URLSearchParams({ file: "x" }) }),
      bucket,
      "pitchDeck",
      key,
    );
    expect(urlencoded).toEqual({ ok: false, failure: "missing" });
  });

  it("ignores other fields, before and after the file, and returns the file's sanitized name", async () => {
    const key = uniqueKey();
    const request = uploadRequest(new File([minimalPdf()], "x"), "C:\\fakepath\\Pitch deck.pdf", (form) => {
      form.append("note", "y".repeat(5_000));
    });
    const result = await receiveUpload(request, bucket, "pitchDeck", key);
    expect(result.ok && result.file).toMatchObject({ key, kind: "pdf", filename: "Pitch deck.pdf" });
  });

  it("fails a post with two file parts, and keeps neither", async () => {
    const key = uniqueKey();
    const request = uploadRequest(new File([minimalPdf()], "a.pdf"), "a.pdf", (form) => {
      form.append("file", new File([minimalPdf()], "b.pdf"), "b.pdf");
    });
    expect(await receiveUpload(request, bucket, "pitchDeck", key)).toEqual({ ok: false, failure: "failed" });
    expect(await bucket.head(key)).toBeNull();
  });

  it("fails a body that breaks off mid-file, and keeps nothing", async () => {
    const key = uniqueKey();
    const full = uploadRequest(new File([minimalPdf()], "a.pdf"), "a.pdf");
    const whole = new Uint8Array(await full.arrayBuffer());
    const cut = new Request("http://localhost/portal/upload", {
      method: "POST",
      headers: { "content-type": full.headers.get("content-type") ?? "" },
      body: whole.subarray(0, whole.byteLength - 200),
    });
    expect(await receiveUpload(cut, bucket, "pitchDeck", key)).toEqual({ ok: false, failure: "failed" });
    expect(await bucket.head(key)).toBeNull();
  });
});

describe("receiveUpload: sizes and streaming", () => {
  it("refuses a reflection log one byte over its limit, aborting what was sent and reading the body to its end", async () => {
    const limit = portalFileRules.reflectionLog.maxBytes;
    const oversize = new Uint8Array(limit + 1);
    oversize.set(encoder.encode("%PDF-1.4\n"));
    const { bucket: watched, uploads } = watchedBucket();
    const key = uniqueKey();
    const { request: counted, bytesRead, total } = await chunkedRequest(uploadRequest(new File([oversize], "log.pdf")));
    expect(await receiveUpload(counted, watched, "reflectionLog", key)).toEqual({ ok: false, failure: "too-large" });
    expect(await bucket.head(key)).toBeNull();
    // The first 5 MiB went out as a part before the size was known to be too much; the upload was aborted.
    expect(uploads).toHaveLength(1);
    const aborted = bucket.resumeMultipartUpload(key, uploads[0]?.uploadId ?? "");
    await expect(aborted.uploadPart(2, "x")).rejects.toThrow();
    expect((await bucket.list({ prefix: key })).objects).toHaveLength(0);
    expect(bytesRead()).toBe(total);
  });

  it("takes a file of exactly the limit", async () => {
    const limit = portalFileRules.reflectionLog.maxBytes;
    const exact = new Uint8Array(limit);
    exact.set(OLE2);
    const { key, result } = await upload("reflectionLog", new File([exact], "log.doc"));
    expect(result.ok && result.file.sizeBytes).toBe(limit);
    expect((await bucket.head(key))?.size).toBe(limit);
  });

  it("stores a 12 MiB pitch deck as a multipart upload of 5 MiB parts, byte for byte", async () => {
    const size = 12 * 1024 * 1024 + 12_345;
    const marker = encoder.encode("<</Type /Page>>");
    const deck = deterministicBytes(size, encoder.encode("%PDF-1.7\n"));
    // One page object across the first part boundary, one in the last part.
    deck.set(marker, R2_PART_BYTES - 7);
    deck.set(marker, size - 100);
    const { bucket: watched, uploads } = watchedBucket();
    const key = uniqueKey();
    const result = await receiveUpload(uploadRequest(new File([deck], "deck.pdf")), watched, "pitchDeck", key);

    expect(result.ok && result.file).toMatchObject({ kind: "pdf", sizeBytes: size, pageCount: 2 });
    expect(uploads).toHaveLength(1);
    const stored = await storedBytes(key);
    expect(stored?.bytes.byteLength).toBe(size);
    expect(await sha256(stored?.bytes ?? new ArrayBuffer(0))).toBe(await sha256(deck));
    expect(stored?.contentType).toBe("application/pdf");
  }, 60_000);

  it("writes a file of exactly one part with a single put", async () => {
    const { bucket: watched, uploads } = watchedBucket();
    const key = uniqueKey();
    const onePart = deterministicBytes(R2_PART_BYTES, encoder.encode("%PDF-1.7\n"));
    const result = await receiveUpload(uploadRequest(new File([onePart], "deck.pdf")), watched, "pitchDeck", key);
    expect(result.ok && result.file.sizeBytes).toBe(R2_PART_BYTES);
    expect(uploads).toHaveLength(0);
    expect(await sha256((await storedBytes(key))?.bytes ?? new ArrayBuffer(0))).toBe(await sha256(onePart));
  }, 30_000);
});

describe("deleteStoredObjects", () => {
  it("deletes every key given, and does nothing for none", async () => {
    const keys = [uniqueKey(), uniqueKey()];
    for (const key of keys) await bucket.put(key, "x");
    await deleteStoredObjects(bucket, []);
    expect(await bucket.head(keys[0] ?? "")).not.toBeNull();
    await deleteStoredObjects(bucket, keys);
    for (const key of keys) expect(await bucket.head(key)).toBeNull();
  });
});
