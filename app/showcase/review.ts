/**
 * The review of an edition's votes and their tallies (issue 25), as pure
 * functions of the vote rows: the site (recording a vote's network), the
 * organizers' vote review and Audience Choice (./vote-review.server.ts, which
 * the desk, the organizer API and the admin CLI call: issue 33) and the tests
 * share one definition of a flag and a count.
 */
import { disposableEmailDomains, voteReview, type ExclusionCategory } from "../content/showcase";

export interface ReviewedVote {
  id: string;
  teamId: string;
  clientIp: string;
  ipPrefix: string;
  accountCreatedAt: string;
  emailDomain: string;
  castAt: string;
  excludedAt?: string | null;
  excludedCategory?: string | null;
}

export type FlagKind = Exclude<ExclusionCategory, "other">;

export interface VoteFlag {
  /** What `exclude-votes --flag` takes: "<kind>:<key>". */
  id: string;
  kind: FlagKind;
  description: string;
  voteIds: string[];
}

/** Expands an IPv6 address to eight hextets, or null when it is not one. */
function ipv6Hextets(address: string): string[] | null {
  const plain = address
    .replace(/^\[|\]$/g, "")
    .split("%")[0]!
    .toLowerCase();
  if (!plain.includes(":") || !/^[0-9a-f:.]+$/.test(plain)) return null;
  const halves = plain.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  // An embedded IPv4 tail (::ffff:192.0.2.1) counts as two hextets.
  const last = (rest.length ? rest : head).at(-1) ?? "";
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(last);
  const list = rest.length ? rest : head;
  if (v4) {
    const b = v4.slice(1).map(Number);
    list.splice(list.length - 1, 1, ((b[0]! << 8) | b[1]!).toString(16), ((b[2]! << 8) | b[3]!).toString(16));
  }
  const missing = 8 - head.length - rest.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...rest];
  if (all.length !== 8 || all.some((h) => !/^[0-9a-f]{1,4}$/.test(h))) return null;
  return all.map((h) => h.replace(/^0+(?=.)/, ""));
}

/** The network a client address belongs to for the review: its /24 (IPv4) or /64 (IPv6). */
export function networkOf(address: string): string {
  const ip = address.trim();
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  if (v4) return `${v4.slice(1, 1 + voteReview.ipv4PrefixOctets).join(".")}.0/24`;
  const hextets = ipv6Hextets(ip);
  if (!hextets) return ip || "unknown";
  if (hextets.slice(0, 5).every((h) => h === "0") && hextets[5] === "ffff") {
    const [a, b] = [parseInt(hextets[6]!, 16), parseInt(hextets[7]!, 16)];
    return networkOf(`${a >> 8}.${a & 255}.${b >> 8}.${b & 255}`);
  }
  return `${hextets.slice(0, voteReview.ipv6PrefixHextets).join(":")}::/64`;
}

/** The domain of an e-mail address, lower-cased. */
export function emailDomainOf(email: string): string {
  return (email.split("@").at(-1) ?? "").trim().toLowerCase();
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** Bursts: runs of at least `burst.votes` votes for one project, each within `burst.minutes` of the run's first. */
function bursts(votes: readonly ReviewedVote[]): VoteFlag[] {
  const windowMs = voteReview.burst.minutes * 60_000;
  const flags: VoteFlag[] = [];
  for (const [teamId, list] of groupBy(votes, (v) => v.teamId)) {
    const sorted = [...list].sort((a, b) => a.castAt.localeCompare(b.castAt));
    const times = sorted.map((v) => Date.parse(v.castAt));
    let flaggedUpTo = -1;
    let current: VoteFlag | null = null;
    for (let i = 0, j = 0; i < sorted.length; i++) {
      while (j + 1 < sorted.length && times[j + 1]! - times[i]! <= windowMs) j++;
      if (j - i + 1 < voteReview.burst.votes) continue;
      if (!current || i > flaggedUpTo) {
        const start = sorted[i]!.castAt.slice(0, 16);
        current = {
          id: `burst:${teamId}@${start}`,
          kind: "burst",
          description: "",
          voteIds: [],
        };
        flags.push(current);
      }
      for (let k = Math.max(i, flaggedUpTo + 1); k <= j; k++) current.voteIds.push(sorted[k]!.id);
      flaggedUpTo = j;
    }
  }
  for (const flag of flags) {
    flag.description = `${flag.voteIds.length} votes for one project within ${voteReview.burst.minutes} minutes of each other`;
  }
  return flags;
}

/**
 * Every flag of an edition's votes. `showcaseStart`: accounts created from
 * then on are flagged. Excluded votes are reviewed too (the review says so).
 */
export function reviewVotes(votes: readonly ReviewedVote[], showcaseStart: Date): VoteFlag[] {
  const flags: VoteFlag[] = [...bursts(votes)];
  for (const [ip, list] of groupBy(votes, (v) => v.clientIp)) {
    if (list.length >= voteReview.sameAddress) {
      flags.push({
        id: `address:${ip}`,
        kind: "address",
        description: `${list.length} votes from the address ${ip}`,
        voteIds: list.map((v) => v.id),
      });
    }
  }
  for (const [prefix, list] of groupBy(votes, (v) => v.ipPrefix)) {
    if (list.length >= voteReview.sameNetwork) {
      flags.push({
        id: `network:${prefix}`,
        kind: "network",
        description: `${list.length} votes from the network ${prefix}`,
        voteIds: list.map((v) => v.id),
      });
    }
  }
  const fresh = votes.filter((v) => Date.parse(v.accountCreatedAt) >= showcaseStart.getTime());
  if (fresh.length > 0) {
    flags.push({
      id: "new-account:showcase",
      kind: "new-account",
      description: `${fresh.length} votes from accounts created after the showcase opened`,
      voteIds: fresh.map((v) => v.id),
    });
  }
  const disposable = new Set<string>(disposableEmailDomains);
  for (const [domain, list] of groupBy(
    votes.filter((v) => disposable.has(v.emailDomain)),
    (v) => v.emailDomain,
  )) {
    flags.push({
      id: `disposable-mail:${domain}`,
      kind: "disposable-mail",
      description: `${list.length} votes from addresses at ${domain}, a throwaway-mail domain`,
      voteIds: list.map((v) => v.id),
    });
  }
  return flags;
}

export interface ProjectTally {
  teamId: string;
  cast: number;
  excluded: Partial<Record<ExclusionCategory, number>>;
  final: number;
}

/** Per project: the votes cast (each account's last), those excluded by category, and what counts. */
export function tallyVotes(votes: readonly ReviewedVote[]): ProjectTally[] {
  const tallies = new Map<string, ProjectTally>();
  for (const vote of votes) {
    const tally = tallies.get(vote.teamId) ?? { teamId: vote.teamId, cast: 0, excluded: {}, final: 0 };
    tally.cast += 1;
    if (vote.excludedAt) {
      const category = (vote.excludedCategory ?? "other") as ExclusionCategory;
      tally.excluded[category] = (tally.excluded[category] ?? 0) + 1;
    } else tally.final += 1;
    tallies.set(vote.teamId, tally);
  }
  return [...tallies.values()].sort((a, b) => b.final - a.final || a.teamId.localeCompare(b.teamId));
}
