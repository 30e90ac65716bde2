import { describe, expect, test } from "vitest";
import { unnamedParticipant } from "~/content/showcase";
import { publicCredit, type CreditedMember } from "~/showcase/credit";

const member = (overrides: Partial<CreditedMember>): CreditedMember => ({
  firstName: "Avery",
  lastName: "Nguyen",
  nameDisplay: null,
  showOrganization: false,
  organization: "Acme Analytics",
  ...overrides,
});

// Issue 31: published results name people only as they chose on the showcase.
describe("a team's public credit", () => {
  test("shows nobody's name or organization until they choose, and the team's name", () => {
    expect(publicCredit("Spud Squad", [member({}), member({ firstName: "Bo" })])).toEqual({
      members: [],
      organizations: [],
      credit: "Team Spud Squad",
      name: "Spud Squad",
    });
  });

  test("a solo participant who chose 'team name only' appears as the team's name", () => {
    expect(publicCredit("Sawtooth", [member({ nameDisplay: "team", showOrganization: false })]).name).toBe("Sawtooth");
  });

  test("a participant with no team name who chose no name is the unnamed participant", () => {
    const credit = publicCredit(null, [member({ nameDisplay: "team" })]);
    expect(credit.name).toBe(unnamedParticipant);
    expect(credit.credit).toBe(unnamedParticipant);
  });

  test("names each member as chosen, lead first, and only the organizations they chose to show", () => {
    const credit = publicCredit(null, [
      member({ nameDisplay: "initial", showOrganization: true, organization: "Boise Bakers" }),
      member({ firstName: "Ada", lastName: "Lovelace", nameDisplay: "full", showOrganization: false }),
      member({ nameDisplay: "team", showOrganization: true, organization: "Acme Analytics" }),
    ]);
    expect(credit).toEqual({
      members: ["Avery N.", "Ada Lovelace"],
      organizations: ["Acme Analytics", "Boise Bakers"],
      credit: "Avery N., Ada Lovelace",
      name: "Avery N., Ada Lovelace",
    });
  });
});
