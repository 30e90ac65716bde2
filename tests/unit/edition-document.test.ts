import { describe, expect, it } from "vitest";
import { edition2026 } from "../fixtures/edition-2026";
import { parseEdition, serializeEdition } from "~/editions/document";

describe("an edition's stored document", () => {
  it("reads back as the same edition, instant for instant", () => {
    const stored = serializeEdition(edition2026);
    expect(parseEdition(stored)).toEqual(edition2026);
    expect(JSON.parse(stored).submissionDeadline.closesAt).toBe("2026-03-19T06:00:00.000Z");
  });

  it("refuses a document that is not an edition, naming what is wrong", () => {
    const broken = JSON.parse(serializeEdition(edition2026));
    broken.milestones.pop();
    expect(() => parseEdition(JSON.stringify(broken))).toThrow(/milestones/);
    broken.milestones = JSON.parse(serializeEdition(edition2026)).milestones;
    broken.enrollmentOpens = "10 November";
    expect(() => parseEdition(JSON.stringify(broken))).toThrow(/enrollmentOpens/);
  });
});
