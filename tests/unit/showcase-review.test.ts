/**
 * The showcase's pure rules (issue 25): a vote's network, the review's
 * thresholds at their edges, tallies by exclusion category, the voting
 * window's boundaries, slugs and the one-sentence summary.
 */
import { describe, expect, it } from "vitest";
import { edition2026 } from "../fixtures/edition-2026";
import { isOneSentence, slugify, voteReview } from "~/content/showcase";
import { emailDomainOf, networkOf, reviewVotes, tallyVotes, type ReviewedVote } from "~/showcase/review";
import { showcaseOpensAt, votingClosesAt, votingWindow } from "~/showcase/window";

const opens = showcaseOpensAt(edition2026);
let n = 0;
function vote(fields: Partial<ReviewedVote> = {}): ReviewedVote {
  n += 1;
  return {
    id: `v${n}`,
    teamId: "team-a",
    clientIp: `10.${n % 250}.${(n * 7) % 250}.1`,
    ipPrefix: `10.${n % 250}.${(n * 7) % 250}.0/24`,
    accountCreatedAt: "2026-01-10T00:00:00.000Z",
    emailDomain: "gmail.com",
    castAt: new Date(Date.parse("2026-03-22T12:00:00Z") + n * 3_600_000).toISOString(),
    ...fields,
  };
}
const minutesAfter = (minutes: number) => new Date(Date.parse("2026-03-25T12:00:00Z") + minutes * 60_000).toISOString();

describe("networkOf", () => {
  it("takes an IPv4 address's /24 and an IPv6 address's /64, and reads an IPv4-mapped address as IPv4", () => {
    expect(networkOf("198.51.100.23")).toBe("198.51.100.0/24");
    expect(networkOf("2001:db8:abcd:12:1:2:3:4")).toBe("2001:db8:abcd:12::/64");
    expect(networkOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(networkOf("::ffff:203.0.113.9")).toBe("203.0.113.0/24");
    expect(emailDomainOf("Someone@Mailinator.COM")).toBe("mailinator.com");
  });
});

describe("reviewVotes", () => {
  it("flags a burst from its threshold, not one vote below it", () => {
    const below = Array.from({ length: voteReview.burst.votes - 1 }, (_, i) =>
      vote({ teamId: "t1", castAt: minutesAfter(i) }),
    );
    expect(reviewVotes(below, opens).filter((f) => f.kind === "burst")).toEqual([]);
    const at = [...below, vote({ teamId: "t1", castAt: minutesAfter(voteReview.burst.minutes) })];
    const [burst] = reviewVotes(at, opens).filter((f) => f.kind === "burst");
    expect(burst?.voteIds).toHaveLength(voteReview.burst.votes);
    // Spread over more than the window, the same number is no burst.
    const spread = at.map((v, i) => ({ ...v, castAt: minutesAfter(i * voteReview.burst.minutes) }));
    expect(reviewVotes(spread, opens).filter((f) => f.kind === "burst")).toEqual([]);
  });

  it("flags one address, one network, new accounts and throwaway domains at their thresholds", () => {
    const sameAddress = Array.from({ length: voteReview.sameAddress }, () =>
      vote({ clientIp: "192.0.2.7", ipPrefix: "192.0.2.0/24" }),
    );
    const sameNetwork = Array.from({ length: voteReview.sameNetwork - voteReview.sameAddress }, (_, i) =>
      vote({ clientIp: `192.0.2.${20 + i}`, ipPrefix: "192.0.2.0/24" }),
    );
    const fresh = vote({ accountCreatedAt: opens.toISOString() });
    const disposable = vote({ emailDomain: "mailinator.com" });
    const flags = reviewVotes([...sameAddress, ...sameNetwork, fresh, disposable], opens);
    expect(flags.find((f) => f.id === "address:192.0.2.7")?.voteIds).toHaveLength(voteReview.sameAddress);
    expect(flags.find((f) => f.id === "network:192.0.2.0/24")?.voteIds).toHaveLength(voteReview.sameNetwork);
    expect(flags.find((f) => f.id === "new-account:showcase")?.voteIds).toEqual([fresh.id]);
    expect(flags.find((f) => f.id === "disposable-mail:mailinator.com")?.voteIds).toEqual([disposable.id]);
    const fewer = reviewVotes(sameAddress.slice(1), opens);
    expect(fewer.some((f) => f.kind === "address")).toBe(false);
  });
});

describe("tallyVotes", () => {
  it("counts votes cast, excluded by category, and final", () => {
    const tallies = tallyVotes([
      vote({ teamId: "a" }),
      vote({ teamId: "a", excludedAt: "2026-03-31T00:00:00Z", excludedCategory: "network" }),
      vote({ teamId: "a", excludedAt: "2026-03-31T00:00:00Z", excludedCategory: "network" }),
      vote({ teamId: "b" }),
      vote({ teamId: "b" }),
    ]);
    expect(tallies).toEqual([
      { teamId: "b", cast: 2, excluded: {}, final: 2 },
      { teamId: "a", cast: 3, excluded: { network: 2 }, final: 1 },
    ]);
  });
});

describe("the voting window", () => {
  it("opens at the showcase's start and closes at the end of its last day, Mountain Time", () => {
    expect(opens.toISOString()).toBe("2026-03-20T06:00:00.000Z");
    expect(votingClosesAt(edition2026).toISOString()).toBe("2026-03-31T06:00:00.000Z");
    expect(votingWindow(new Date(opens.getTime() - 1), edition2026)).toBe("notYetOpen");
    expect(votingWindow(opens, edition2026)).toBe("open");
    expect(votingWindow(new Date(votingClosesAt(edition2026).getTime() - 1), edition2026)).toBe("open");
    expect(votingWindow(votingClosesAt(edition2026), edition2026)).toBe("closed");
  });
});

describe("the public face's words", () => {
  it("makes slugs from titles and tells one sentence from two", () => {
    expect(slugify("Crop Forecast Copilot")).toBe("crop-forecast-copilot");
    expect(slugify("Café & Crêpes: AI!")).toBe("cafe-and-crepes-ai");
    expect(slugify("!!!")).toBe("project");
    expect(isOneSentence("A planner that decides when to plow the lot.")).toBe(true);
    expect(isOneSentence("It plans. It also plows.")).toBe(false);
    expect(isOneSentence("Saves 3.5 hours a week for Dr. Lee's clinic")).toBe(true);
  });
});
