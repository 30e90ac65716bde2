import { describe, expect, it } from "vitest";
import { invitationSummary } from "~/content/organization";
import { recognitionTiers } from "~/content/program";
import { csvField, toCsv } from "~/lib/csv";
import { splitAddresses } from "~/organization/invitations.server";
import { tierProgress } from "~/organization/tier";

describe("tierProgress", () => {
  const [partner, champion, leader] = recognitionTiers;
  it.each([
    [0, null, partner, 10],
    [9, null, partner, 1],
    [10, partner, champion, 15],
    [24, partner, champion, 1],
    [25, champion, leader, 25],
    [49, champion, leader, 1],
    [50, leader, null, 0],
    [500, leader, null, 0],
  ])("%i participants", (participants, current, next, toNext) => {
    expect(tierProgress(participants)).toEqual({ participants, current, next, toNext });
  });

  it("reads the tiers from content (SPEC.md §9)", () => {
    expect(recognitionTiers.map((t) => [t.name, t.minParticipants, t.maxParticipants])).toEqual([
      ["Innovation Partner", 10, 24],
      ["AI Champion", 25, 49],
      ["Workforce Leader", 50, null],
    ]);
  });
});

describe("the CSV writer", () => {
  it("quotes every field per RFC 4180 and ends lines with CRLF", () => {
    expect(toCsv([{ a: "plain", b: 'say "hi", twice', c: null, d: "line1\nline2" }])).toBe(
      '"a","b","c","d"\r\n"plain","say ""hi"", twice","","line1\nline2"\r\n',
    );
  });

  it.each([
    ["=SUM(A1:A2)", `"'=SUM(A1:A2)"`],
    ["+1 208 555", `"'+1 208 555"`],
    ["-2+3", `"'-2+3"`],
    ["@cmd", `"'@cmd"`],
    ["\tTAB", `"'\tTAB"`],
    ["\rCR", `"'\rCR"`],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ["a=b", `"a=b"`],
  ])("neutralizes a formula: %j", (value, cell) => {
    expect(csvField(value)).toBe(cell);
  });

  it("leaves numbers as numbers", () => {
    expect(csvField(-5)).toBe('"-5"');
    expect(toCsv([{ n: 0 }])).toBe('"n"\r\n"0"\r\n');
  });
});

describe("pasted addresses", () => {
  it("split on commas, semicolons, spaces and new lines", () => {
    expect(splitAddresses(" a@x.example,b@x.example;\n\nc@x.example  <d@x.example>\r\n")).toEqual([
      "a@x.example",
      "b@x.example",
      "c@x.example",
      "d@x.example",
    ]);
  });

  it("answer in one sentence", () => {
    expect(invitationSummary({ sent: 12, enrolled: 2, duplicates: 1, invitedToday: 0 })).toBe(
      "Sent 12 invitations; skipped 2 already enrolled, 1 duplicate.",
    );
    expect(invitationSummary({ sent: 1, enrolled: 0, duplicates: 0, invitedToday: 0 })).toBe("Sent 1 invitation.");
  });
});
