/**
 * The editions' desk pages (issue 52): /organize/editions lists the
 * editions the site shows and those stored as data, with the next one to
 * draft; /organize/editions/<id> holds one edition's draft forms (dates,
 * prices, venue and goals), its check, its versions, the proposal of its
 * publication and, once published, the change of a milestone. Every form
 * is an organizer action (./actions.server.ts).
 */
import { data } from "react-router";
import { formatMilestoneDate, formatMilestoneTime, formatMountain } from "~/clock/format";
import { milestoneIds } from "~/content/editions";
import { desc } from "drizzle-orm";
import { editions as editionsTable } from "~/db/schema";
import { actionIntent } from "~/organize/action-intent.server";
import { deskHeader, type Desk } from "~/organize/guard.server";
import {
  changeEdition,
  draftDates,
  draftDetails,
  draftPrices,
  publishEdition,
  sitePreviewTables,
} from "./actions.server";
import { checkEdition } from "./check";
import { editionState, nextEditionId, previousEdition, editionsOnSiteByStart } from "./drafts.server";
import { dateFieldValues, detailFieldValues, milestoneKind, priceFieldValues } from "./fields";

export async function editionsDeskView(desk: Desk) {
  const stored = await desk.db.select().from(editionsTable).orderBy(desc(editionsTable.id));
  const onSite = editionsOnSiteByStart(desk.env);
  const ids = [...new Set([...stored.map((e) => e.id), ...onSite.map((e) => e.id)])].sort().reverse();
  const next = nextEditionId(desk.env);
  return {
    header: deskHeader(desk),
    canDraft: desk.can("draft:edition"),
    next: next && !ids.includes(next) ? { id: next, from: onSite.at(-1)!.name } : null,
    editions: ids.map((id) => {
      const row = stored.find((e) => e.id === id);
      const site = onSite.find((e) => e.id === id);
      return {
        id,
        name: site?.name ?? `${id} Challenge`,
        published: row
          ? row.publishedVersion === null
            ? "not yet"
            : `version ${row.publishedVersion}`
          : site
            ? "yes (from the code)"
            : "not yet",
        stored: row ? "yes" : "no",
      };
    }),
  };
}

export type EditionsDeskView = Awaited<ReturnType<typeof editionsDeskView>>;

export async function editionDeskView(desk: Desk, id: string) {
  const state = /^\d{4}$/.test(id) ? await editionState(desk.db, desk.env, id) : null;
  if (!state) throw data(null, { status: 404 });
  const latest = state.latest.edition;
  const problems = checkEdition(latest, { previous: previousEdition(desk.env, id) });
  const published = state.published !== null;
  const when = (iso: string | null) => (iso ? formatMountain(new Date(iso), "dateTime") : "");
  return {
    header: deskHeader(desk),
    id,
    name: latest.name,
    published,
    latestVersion: state.latest.version,
    latestState: state.latest.state,
    rulesVersion: state.latest.rulesVersion ?? "",
    may: {
      draft: desk.can("draft:edition") && !published,
      propose: desk.can("publish:edition") && !published && state.latest.state === "draft",
      change: desk.can("change:edition") && published,
    },
    values: { ...dateFieldValues(latest), ...priceFieldValues(latest), ...detailFieldValues(latest) },
    milestones: latest.milestones.map((m) => ({
      id: m.id,
      title: m.title,
      kind: milestoneKind(m),
      hasEnd: m.end !== undefined,
      date: formatMilestoneDate(m),
      time: formatMilestoneTime(m) ?? "",
    })),
    milestoneIds: [...milestoneIds],
    problems,
    preview: sitePreviewTables(latest),
    versions: state.versions
      .map((v) => ({
        version: v.version,
        state: v.state,
        basedOn: v.basedOn,
        rulesVersion: v.rulesVersion ?? "",
        note: v.note ?? "",
        by: v.createdBy,
        at: when(v.createdAt),
        publishedAt: when(v.publishedAt),
      }))
      .reverse(),
  };
}

export type EditionDeskView = Awaited<ReturnType<typeof editionDeskView>>;

export const editionDeskIntents = {
  "draft-dates": actionIntent(draftDates, { title: "Draft saved" }),
  "draft-prices": actionIntent(draftPrices, { title: "Draft saved" }),
  "draft-details": actionIntent(draftDetails, { title: "Draft saved" }),
  publish: actionIntent(publishEdition, { title: "Publication proposed" }),
  change: actionIntent(changeEdition, { title: "Change proposed" }),
};
