/** Issue 15: reading an upload's kind and contents from its bytes, and the name it is shown under. */
import { describe, expect, it } from "vitest";
import {
  pdfPageCounter,
  SNIFF_BYTES,
  sniffKind,
  type StreamMatchCounter,
  wordPartCounter,
} from "~/portal/file-content.server";
import { sanitizedFilename } from "~/portal/upload.server";

const bytes = (text: string) => new TextEncoder().encode(text);

/** Feeds `text` as two chunks cut at `at` and returns the final count. */
function countSplit(counter: StreamMatchCounter, text: string, at: number): number {
  const all = bytes(text);
  counter.push(all.subarray(0, at));
  counter.push(all.subarray(at));
  return counter.finish();
}

describe("sniffKind", () => {
  it("tells PDF, OLE2 (.doc) and ZIP apart by their first bytes", () => {
    expect(sniffKind(bytes("%PDF-1.7\n%âãÏÓ"))).toBe("pdf");
    expect(sniffKind(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]))).toBe("doc");
    expect(sniffKind(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0]))).toBe("zip");
    expect(SNIFF_BYTES).toBe(8);
  });

  it("refuses look-alikes and other formats", () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(sniffKind(png)).toBeNull();
    expect(sniffKind(bytes(" %PDF-1.7"))).toBeNull();
    expect(sniffKind(bytes("%PDF"))).toBeNull();
    // An empty ZIP (end-of-central-directory only) and a truncated OLE2 header.
    expect(sniffKind(new Uint8Array([0x50, 0x4b, 0x05, 0x06, 0, 0, 0, 0]))).toBeNull();
    expect(sniffKind(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a]))).toBeNull();
    expect(sniffKind(bytes("<html><body>"))).toBeNull();
    expect(sniffKind(new Uint8Array(0))).toBeNull();
  });
});

describe("StreamMatchCounter", () => {
  it("finds word/ however two chunks cut it", () => {
    const text = "PK\u0003\u0004....[Content_Types].xml....word/document.xml....";
    for (let at = 0; at <= text.length; at++) {
      expect(countSplit(wordPartCounter(), text, at), `cut at ${at}`).toBe(1);
    }
  });

  it("finds word/ at the very end of the stream, and nothing in a ZIP without it", () => {
    expect(countSplit(wordPartCounter(), "PK\u0003\u0004 xl/workbook.xml", 6)).toBe(0);
    const atEnd = wordPartCounter();
    atEnd.push(bytes("PK\u0003\u0004 wo"));
    atEnd.push(bytes("rd/"));
    expect(atEnd.finish()).toBe(1);
  });

  it("counts /Type /Page objects but not /Pages, however two chunks cut them", () => {
    const pdf =
      "%PDF-1.4\n1 0 obj <</Type /Pages /Kids [3 0 R 4 0 R]>>\n3 0 obj <</Type /Page /Parent 2 0 R>>\n4 0 obj\n<</Type/Page>>\n5 0 obj <</Type /PageLabel>> %%EOF";
    for (let at = 0; at <= pdf.length; at++) {
      expect(countSplit(pdfPageCounter(), pdf, at), `cut at ${at}`).toBe(2);
    }
  });

  it("decides a match cut right before its next character only once that character comes", () => {
    const pages = pdfPageCounter();
    pages.push(bytes("<</Type /Page"));
    expect(pages.count).toBe(0);
    pages.push(bytes("s /Count 2>>"));
    expect(pages.finish()).toBe(0);

    const page = pdfPageCounter();
    page.push(bytes("<</Type /Page"));
    page.push(bytes("\n/Parent 2 0 R>>"));
    expect(page.finish()).toBe(1);

    const last = pdfPageCounter();
    last.push(bytes("/Type /Page"));
    expect(last.finish()).toBe(1);
  });

  it("counts across many small chunks without counting any match twice", () => {
    const text = "/Type /Page ".repeat(50);
    const counter = pdfPageCounter();
    const all = bytes(text);
    for (let offset = 0; offset < all.byteLength; offset += 3) counter.push(all.subarray(offset, offset + 3));
    expect(counter.finish()).toBe(50);
  });

  it("treats every byte as one character, so binary data neither breaks nor shifts a match", () => {
    const counter = wordPartCounter();
    counter.push(new Uint8Array([0xff, 0xfe, 0x00, 0xc3, 0x77]));
    counter.push(bytes("ord/"));
    expect(counter.finish()).toBe(1);
  });
});

describe("sanitizedFilename", () => {
  it("keeps an ordinary name as it is", () => {
    expect(sanitizedFilename("Pitch deck – Team Ørsted.pdf")).toBe("Pitch deck – Team Ørsted.pdf");
  });

  it("drops directories and control characters", () => {
    expect(sanitizedFilename("C:\\Users\\ana\\deck.pdf")).toBe("deck.pdf");
    expect(sanitizedFilename("../../etc/passwd")).toBe("passwd");
    expect(sanitizedFilename("dec\u0000k\r\n\u0007.pdf\u009b")).toBe("deck.pdf");
  });

  it("is never empty", () => {
    for (const raw of [undefined, "", "   ", "\u0001\u0002", "folder/"]) expect(sanitizedFilename(raw)).toBe("file");
  });

  it("cuts a long name to 150 characters, keeping its extension and whole characters", () => {
    const long = sanitizedFilename(`${"é".repeat(300)}.docx`);
    expect(Array.from(long)).toHaveLength(150);
    expect(long.endsWith("é.docx")).toBe(true);
    const emoji = sanitizedFilename("📄".repeat(200));
    expect(Array.from(emoji)).toHaveLength(150);
    expect(emoji).toBe("📄".repeat(150));
  });
});
