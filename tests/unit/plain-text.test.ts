/**
 * Text people type, as it is stored (issue 31, ADR 017): no C0 or C1 control
 * character (a terminal reads ESC, CSI, OSC and BEL as commands), no bidi
 * control (it reorders what a reader sees), line breaks only where the text
 * is multi-line, and the shared form fields apply it before they validate.
 */
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { DisplayNameSchema } from "~/account/schema";
import { ContactSchema } from "~/contact/schema";
import { fullNameField, nameField, optionalText, requiredText } from "~/forms/fields";
import { AppealSchema } from "~/judging/schema";
import { plainText } from "~/lib/plain-text";

const ESC = "\u001b";

describe("plainText", () => {
  it("drops C0 and C1 controls and DEL, whatever their position", () => {
    expect(plainText(`a${ESC}[31mb\u0007c\u0000d\u007fe\u009b1mf\u0085g`)).toBe("a[31mbcde1mf g");
  });

  it("drops bidi controls (embeddings, overrides, isolates, marks)", () => {
    const bidi = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c";
    expect(plainText(`left${bidi}right`)).toBe("leftright");
  });

  it("on one line, a line break or a tab is a space", () => {
    expect(plainText("one\ntwo\r\nthree\rfour\tfive\u2028six\u2029seven")).toBe("one two three four five six seven");
  });

  it("on several lines, keeps line breaks (as \\n) and tabs", () => {
    expect(plainText("one\r\ntwo\rthree\u2028four\tfive\u0085six", { multiline: true })).toBe(
      "one\ntwo\nthree\nfour\tfive\nsix",
    );
  });

  it("keeps every letter, emoji and joiner that a name or title may hold", () => {
    const text = "Zoë Nguyễn — 東京 👩‍💻 café";
    expect(plainText(text)).toBe(text);
    expect(plainText(text, { multiline: true })).toBe(text);
  });
});

describe("the shared fields clean before they check", () => {
  it("a person's name loses its control characters instead of failing its pattern", () => {
    const result = z.safeParse(nameField("First name is required"), `Zoë\u202e Nguyễn${ESC}\u0007`);
    expect(result).toEqual({ success: true, data: "Zoë Nguyễn" });
  });

  it("free text fields, required or optional, and the contact form's name", () => {
    expect(z.parse(requiredText("Required"), ` Acme${ESC}]0;x\u0007 Corp `)).toBe("Acme]0;x Corp");
    expect(z.parse(optionalText(50), `Title\u202e`)).toBe("Title");
    expect(z.parse(fullNameField(), `Ada\u009b Lovelace`)).toBe("Ada Lovelace");
    const contact = z.safeParse(ContactSchema, {
      name: `Ada${ESC}[8m Lovelace`,
      email: "ada@example.com",
      subject: `Hello${ESC}[0m`,
      message: "A message long enough to pass the minimum length check.",
    });
    expect(contact.success && contact.data.name).toBe("Ada[8m Lovelace");
    expect(contact.success && contact.data.subject).toBe("Hello[0m");
  });

  it("the display name and the appeal", () => {
    expect(z.parse(DisplayNameSchema, { displayName: `Jo\u2067 R.${ESC}` })).toEqual({ displayName: "Jo R." });
    const body = `Line one${ESC}[2K of the appeal, long enough to count.\r\nLine two\u202e of it.`;
    expect(z.parse(AppealSchema, { body })).toEqual({
      body: "Line one[2K of the appeal, long enough to count.\nLine two of it.",
    });
  });
});
