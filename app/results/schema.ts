/**
 * The forms of the publication of finalists and awards (issue 32): the
 * desk's /organize/results and the organizer API (the CLI sends the same
 * strings). Client-safe: the forms validate with these too.
 */
import * as z from "zod/mini";
import type { AwardId } from "~/content/editions";
import { awards, finalsAwards } from "~/content/program";

/** Team ids, separated by spaces, commas or lines. */
const teamList = z.optional(z.string().check(z.trim(), z.maxLength(4000)));

/** A checkbox ("on") or the CLI's flag ("true"). */
const flag = z.optional(z.string().check(z.maxLength(8)));

export const isSet = (value: string | undefined) => value === "on" || value === "true";

export function teamIdsOf(value: string | undefined): string[] {
  return [...new Set((value ?? "").split(/[\s,]+/).filter(Boolean))];
}

export const PublishFinalistsSchema = z.object({
  /** The top N of the judging report's ranking. */
  top: z.optional(z.string().check(z.trim(), z.maxLength(4))),
  /** Or these teams, in this order where they have no rank. */
  teamIds: teamList,
  /** Publish although some projects' score sets are incomplete. */
  force: flag,
});

export const publicationAwards = [...awards, ...finalsAwards] as readonly { id: AwardId; name: string }[];

/** One field per award (its id): the team ids it goes to. An award left empty is not published. */
export const PublishAwardsSchema = z.object(
  Object.fromEntries(publicationAwards.map((award) => [award.id, teamList])) as Record<AwardId, typeof teamList>,
);
