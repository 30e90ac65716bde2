/**
 * The organizers' preview of the public site on another day (issue 52; the
 * model is pretix's "time machine", ours shows drafts too and works in
 * production). A director or coordinator starts it on the desk
 * (/organize/preview): an edition version (any draft or published row of
 * `edition_versions`, or the published editions as they are) and an instant.
 *
 * The preview is a row of THIS desk session (`organizer_session_previews`,
 * migrations/0033_site_preview.sql): never a header, a query string or a
 * variable, so ADR 003's one clock stays the only way to move time for
 * everyone, outside production. The browser holds only a hint cookie, so a
 * request without it reads nothing more than today; with it, the worker
 * (workers/app.ts) resolves the session, checks the organizer still holds a
 * role that may preview and the desk session is not idle, and gives the
 * request an env of its own (`withEditions`): its editions and its clock.
 * Other requests in the same isolate keep their own env and see the live
 * site. While previewing, every write outside the desk is refused
 * (`previewRefusesRequest`): nothing is paid, sent or saved.
 */
import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { getSession } from "~/auth/session.server";
import { passedSecondFactor } from "~/auth/second-factor-session.server";
import { editionsFor, now, withEditions } from "~/clock/clock.server";
import { formatMountain } from "~/clock/format";
import { milestoneOf } from "~/content/editions";
import {
  mountainDateKey,
  mountainWallClock,
  startOfMountainDay,
  zoneOffsetMinutes,
  MOUNTAIN_TIME_ZONE,
} from "~/clock/schedule";
import type { Edition } from "~/content/editions";
import { organizerRoleNames, deskRules, type OrganizerRoleName } from "~/content/organize";
import { previewKeyDays, previewRules, previewSubject, previewText, type PreviewKeyDay } from "~/content/preview";
import type { Db } from "~/db/client.server";
import { getDb } from "~/db/client.server";
import { sitePreviewKinds } from "~/events/kinds";
import { editionVersions, organizerRoles, organizerSessionPreviews, organizerSessions } from "~/db/schema";
import { isProduction } from "~/lib/config.server";
import { log } from "~/lib/log.server";
import { refusal, type Refusal } from "~/lib/refusal";
import { commitWithAudit, type ActionContext } from "~/organize/action.server";
import { can } from "~/organize/roles";
import { parseEdition } from "./document";

/** The roles that may preview the site (read from app/organize/roles.ts). */
export const previewRoles: readonly OrganizerRoleName[] = organizerRoleNames.filter((role) =>
  can(role, "preview:site"),
);

/** What a preview shows, as the banner and the desk name it. */
export interface SitePreview {
  /** The edition version shown, or null for the published editions. */
  editionId: string | null;
  version: number | null;
  state: string | null;
  editionName: string | null;
  at: Date;
}

/** What the banner of a previewed page says. */
export interface PreviewBanner {
  subject: string;
  day: string;
  leaveAction: string;
  deskHref: string;
}

export function bannerOf(preview: SitePreview): PreviewBanner {
  return {
    subject: previewSubject(preview),
    day: formatMountain(preview.at, "dateTime"),
    leaveAction: previewRules.deskPath,
    deskHref: previewRules.deskPath,
  };
}

// ── The hint cookie ───────────────────────────────────────────────────────

/** Whether this browser says it may have a preview (a hint only: the state is the session's row). */
export function hasPreviewHint(request: Request): boolean {
  const header = request.headers.get("cookie");
  if (!header) return false;
  return header.split(";").some((pair) => pair.trim().startsWith(`${previewRules.hintCookie}=`));
}

function hintCookie(value: string, maxAge: number, secure: boolean): string {
  return `${previewRules.hintCookie}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The hint outlives no desk session: the desk's idle limit. */
export const setPreviewHint = (secure: boolean) => hintCookie("1", deskRules.idleHours * 3600, secure);
export const clearPreviewHint = (secure: boolean) => hintCookie("", 0, secure);

// ── Which requests a preview refuses ─────────────────────────────────────

/** The desk and its API: never previewed, never refused (the organizer keeps working there). */
export function isDeskPath(pathname: string): boolean {
  return /^\/(api\/)?organize(\/|\.data$|$)/.test(pathname);
}

/**
 * Pages whose GET writes (a checkout's return fulfils the purchase, an
 * e-mailed link verifies an address): refused while previewing like a post.
 * Links that only show a form (unsubscribe, the next edition's confirmation)
 * post their write, which is refused.
 */
const writingGetPaths = new Set(["/verify-email", "/registration-success", "/sponsor-success"]);

/**
 * Whether a previewed request must be refused: any write outside the desk,
 * a GET that writes, and the JSON API but the desk's (sign-in, checkout,
 * webhooks: nothing there belongs to a preview).
 */
export function previewRefusesRequest(request: Request, pathname: string): boolean {
  if (isDeskPath(pathname)) return false;
  if (pathname === "/api" || pathname.startsWith("/api/")) return true;
  const method = request.method.toUpperCase();
  if (method !== "GET" && method !== "HEAD") return true;
  const page = pathname.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
  return writingGetPaths.has(page);
}

/**
 * The refusal page's few rules, inline: the worker answers before React
 * Router, so the site's hashed stylesheet is not at hand (the CSP allows
 * inline styles). Readable at 320 px, the brand's colours, a visible focus.
 */
const refusalCss = `body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#0f172a;background:#f8fafc}
main{max-width:36rem;margin:3rem auto;padding:1.5rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem}
h1{margin:0 0 .5rem;font-size:1.5rem;color:#172554}button{font:inherit;font-weight:600;color:#fff;background:#1d4ed8;
border:0;border-radius:.5rem;padding:.6rem 1rem;cursor:pointer}a{color:#1d4ed8}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}`;

/** The answer to a refused request: a page for a browser, JSON for a script or a fetcher. */
export function previewRefusal(request: Request): Response {
  const wantsJson =
    (request.headers.get("accept") ?? "").includes("application/json") ||
    new URL(request.url).pathname.endsWith(".data") ||
    (request.headers.get("content-type") ?? "").includes("application/json");
  if (wantsJson) {
    return Response.json({ error: previewText.refused, preview: true }, { status: 403 });
  }
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${previewText.refusedTitle}</title><style>${refusalCss}</style></head>
<body><main><h1>${previewText.refusedTitle}</h1><p>${previewText.refused}</p>
<form method="post" action="${previewRules.deskPath}"><input type="hidden" name="intent" value="leave"><button type="submit">${previewText.leave}</button></form>
<p><a href="${previewRules.deskPath}">${previewText.backToDesk}</a></p></main></body></html>`;
  return new Response(html, { status: 403, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

// ── The worker's resolution ──────────────────────────────────────────────

/** What the session's preview row reads as, with the version it shows. */
interface PreviewRow {
  editionId: string | null;
  version: number | null;
  previewAt: string;
  document: string | null;
  state: string | null;
}

/**
 * The preview of `sessionId`, if the account still holds a role that may
 * preview and the desk session is not idle (one statement).
 */
async function previewRowOf(db: Db, { sessionId, userId, now }: { sessionId: string; userId: string; now: Date }) {
  const idleSince = new Date(now.getTime() - deskRules.idleHours * 3_600_000).toISOString();
  const [row] = await db
    .select({
      editionId: organizerSessionPreviews.editionId,
      version: organizerSessionPreviews.version,
      previewAt: organizerSessionPreviews.previewAt,
      document: editionVersions.document,
      state: editionVersions.state,
    })
    .from(organizerSessionPreviews)
    .innerJoin(organizerSessions, eq(organizerSessions.sessionId, organizerSessionPreviews.sessionId))
    .innerJoin(organizerRoles, eq(organizerRoles.userId, sql`${userId}`))
    .leftJoin(
      editionVersions,
      and(
        eq(editionVersions.editionId, organizerSessionPreviews.editionId),
        eq(editionVersions.version, organizerSessionPreviews.version),
      ),
    )
    .where(
      and(
        eq(organizerSessionPreviews.sessionId, sessionId),
        gte(organizerSessions.lastRequestAt, idleSince),
        inArray(organizerRoles.role, [...previewRoles]),
      ),
    )
    .limit(1);
  return (row as PreviewRow | undefined) ?? null;
}

/** The editions a preview shows: the published ones, with the previewed version in place of its edition's. */
function previewedEditions(published: readonly Edition[], shown: Edition | null): readonly Edition[] {
  if (!shown) return published;
  return [...published.filter((edition) => edition.id !== shown.id), shown];
}

/** A request's env with the preview of its session, or null for the live site. */
export async function previewedEnv<E extends Env>(
  env: E,
  { sessionId, userId, now, requestId }: { sessionId: string; userId: string; now: Date; requestId: string },
): Promise<{ env: E; preview: SitePreview } | null> {
  const row = await previewRowOf(getDb(env), { sessionId, userId, now });
  if (!row) return null;
  let shown: Edition | null = null;
  if (row.editionId !== null) {
    if (row.document === null) return null;
    try {
      shown = parseEdition(row.document);
    } catch (error) {
      log("error", "preview.unreadable_version", { requestId, editionId: row.editionId, version: row.version, error });
      return null;
    }
  }
  const at = new Date(row.previewAt);
  const preview: SitePreview = {
    editionId: row.editionId,
    version: row.version,
    state: row.state,
    editionName: shown?.name ?? null,
    at,
  };
  const previewed = withEditions(env, { editions: previewedEditions(editionsFor(env), shown), previewAt: at });
  previews.set(previewed, preview);
  return { env: previewed, preview };
}

/** What each previewed request's env shows, for the banner (kept beside the env, as its editions are). */
const previews = new WeakMap<object, SitePreview>();

/** The banner of a previewed request, or null on the live site. */
export function previewBannerOf(env: object): PreviewBanner | null {
  const preview = previews.get(env);
  return preview ? bannerOf(preview) : null;
}

/** What the worker learnt of a request that hints at a preview. */
export interface RequestPreview {
  /** The request's env showing the preview; null: the hint found none, the live site. */
  env: Env | null;
  /** For the answer: better-auth's refreshed session cookie, and the hint cleared when it found nothing. */
  setCookies: string[];
}

/**
 * The worker's one look for a preview (workers/app.ts): only for a request
 * that hints at one and is not for the desk; null otherwise, when nothing
 * is read at all. The session is read as pages read it; a session that no
 * longer qualifies (signed out, role gone, idle desk) or a forged hint finds
 * no row and shows the live site, and the hint is cleared.
 */
export async function requestPreview(
  request: Request,
  pathname: string,
  env: Env,
  requestId: string,
): Promise<RequestPreview | null> {
  if (!hasPreviewHint(request) || isDeskPath(pathname)) return null;
  const cleared = (headers: Headers | null): RequestPreview => ({
    env: null,
    setCookies: [...(headers?.getSetCookie() ?? []), clearPreviewHint(isProduction(env))],
  });
  try {
    const session = await getSession(request, env, { requestId });
    const { user, sessionId } = session;
    if (
      !user ||
      !sessionId ||
      !user.emailVerified ||
      !passedSecondFactor({ user, secondFactorAt: session.secondFactorAt })
    )
      return cleared(session.headers);
    const found = await previewedEnv(env, { sessionId, userId: user.id, now: now(env), requestId });
    if (!found) return cleared(session.headers);
    return { env: found.env, setCookies: session.headers?.getSetCookie() ?? [] };
  } catch (error) {
    // The live site rather than an error page: the preview is a convenience, the site is not.
    log("error", "preview.lookup_failed", { requestId, error });
    return { env: null, setCookies: [] };
  }
}

// ── Boise days and times ─────────────────────────────────────────────────

/** The instant of a Boise wall-clock day and time, or null when the clocks skip it (or it is not one). */
export function boiseInstant(day: string, time: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const [year, month, date, hour, minute] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (hour > 23 || minute > 59) return null;
  const asUtc = Date.UTC(year, month - 1, date, hour, minute);
  const guess = new Date(asUtc - zoneOffsetMinutes(new Date(asUtc), MOUNTAIN_TIME_ZONE) * 60_000);
  const instant = new Date(asUtc - zoneOffsetMinutes(guess, MOUNTAIN_TIME_ZONE) * 60_000);
  const w = mountainWallClock(instant);
  const same = w.year === year && w.month === month && w.day === date && w.hour === hour && w.minute === minute;
  return same ? instant : null;
}

/** "09:00": the Boise wall-clock time of an instant. */
function boiseTime(instant: Date): string {
  const w = mountainWallClock(instant);
  return `${String(w.hour).padStart(2, "0")}:${String(w.minute).padStart(2, "0")}`;
}

/** The moment of an edition a key day stands for. */
function keyMoment(edition: Edition, day: PreviewKeyDay): Date {
  switch (day) {
    case "enrollmentOpens":
      return edition.enrollmentOpens;
    case "standardRegistration":
      return edition.standardRegistrationOpens;
    case "submissionDeadline":
      return edition.submissionDeadline.due;
    case "finals":
      return milestoneOf(edition, "finals").start;
  }
}

/**
 * A key day's preview: 9:00 AM Boise on that day, or the moment itself when
 * it comes later that day (enrollment that opens at noon is open at noon).
 */
export function keyDayInstant(edition: Edition, day: PreviewKeyDay): Date {
  const moment = keyMoment(edition, day);
  const nine = boiseInstant(mountainDateKey(moment), previewRules.defaultTime) ?? startOfMountainDay(moment);
  return moment.getTime() > nine.getTime() ? moment : nine;
}

/** A key day as its button posts it: the day and time in Boise. */
export function keyDayFields(edition: Edition, day: PreviewKeyDay) {
  const at = keyDayInstant(edition, day);
  return { day: mountainDateKey(at), time: boiseTime(at), label: formatMountain(at, "dateTime") };
}

// ── The desk ─────────────────────────────────────────────────────────────

/** The option value of the published editions in the form's list. */
export const LIVE_EDITIONS = "live";

/** "2027@3": an edition version as the form posts it. */
export const versionValue = (editionId: string, version: number) => `${editionId}@${version}`;

function parseVersionValue(value: string): { editionId: string; version: number } | null {
  const match = /^([0-9]{4})@([0-9]{1,6})$/.exec(value);
  return match ? { editionId: match[1]!, version: Number(match[2]) } : null;
}

/** The desk session's preview as the desk shows it, or null. */
export async function sessionPreview(db: Db, sessionId: string): Promise<SitePreview | null> {
  const [row] = await db
    .select({
      editionId: organizerSessionPreviews.editionId,
      version: organizerSessionPreviews.version,
      previewAt: organizerSessionPreviews.previewAt,
      document: editionVersions.document,
      state: editionVersions.state,
    })
    .from(organizerSessionPreviews)
    .leftJoin(
      editionVersions,
      and(
        eq(editionVersions.editionId, organizerSessionPreviews.editionId),
        eq(editionVersions.version, organizerSessionPreviews.version),
      ),
    )
    .where(eq(organizerSessionPreviews.sessionId, sessionId))
    .limit(1);
  if (!row) return null;
  let editionName: string | null = null;
  try {
    editionName = row.document ? parseEdition(row.document).name : null;
  } catch {
    editionName = row.editionId;
  }
  return {
    editionId: row.editionId,
    version: row.version,
    state: row.state,
    editionName,
    at: new Date(row.previewAt),
  };
}

/** One choice of the desk's list, with its key days. */
export interface PreviewChoice {
  value: string;
  label: string;
  keyDays: { id: PreviewKeyDay; label: string; day: string; time: string; when: string }[];
}

/** The most versions the desk lists (the newest first). */
const LISTED_VERSIONS = 30;

/** What the desk offers to preview: the published editions, then every version (newest first). */
export async function previewChoices(db: Db, env: Env): Promise<PreviewChoice[]> {
  const keyDaysOf = (edition: Edition) =>
    previewKeyDays.map(({ id, label }) => {
      const fields = keyDayFields(edition, id);
      return { id, label: `${label}, ${edition.name}`, day: fields.day, time: fields.time, when: fields.label };
    });
  const published = editionsFor(env);
  const live: PreviewChoice = {
    value: LIVE_EDITIONS,
    label: previewText.liveOption,
    keyDays: published.filter((edition) => !edition.isFixture).flatMap(keyDaysOf),
  };
  const rows = await db
    .select({
      editionId: editionVersions.editionId,
      version: editionVersions.version,
      state: editionVersions.state,
      document: editionVersions.document,
    })
    .from(editionVersions)
    .orderBy(sql`${editionVersions.createdAt} DESC`, sql`${editionVersions.version} DESC`)
    .limit(LISTED_VERSIONS);
  const versions = rows.flatMap((row): PreviewChoice[] => {
    let edition: Edition;
    try {
      edition = parseEdition(row.document);
    } catch {
      return [];
    }
    return [
      {
        value: versionValue(row.editionId, row.version),
        label: previewSubject({ editionName: edition.name, version: row.version, state: row.state }),
        keyDays: previewKeyDays.map(({ id, label }) => {
          const fields = keyDayFields(edition, id);
          return { id, label, day: fields.day, time: fields.time, when: fields.label };
        }),
      },
    ];
  });
  return [live, ...versions];
}

/** Starts (or moves) this desk session's preview, audited; the caller sets the hint cookie. */
export async function startPreview(
  ctx: ActionContext,
  sessionId: string,
  input: { version: string; day: string; time?: string | undefined },
): Promise<{ ok: true; message: string } | Refusal> {
  const at = boiseInstant(input.day, input.time || previewRules.defaultTime);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.day)) return refusal(previewText.invalidDay, 400, "day");
  if (input.time && !/^\d{2}:\d{2}$/.test(input.time)) return refusal(previewText.invalidTime, 400, "time");
  if (!at) return refusal(previewText.noSuchTime, 400, "time");
  let shown: { editionId: string; version: number; state: string; name: string } | null = null;
  if (input.version !== LIVE_EDITIONS) {
    const wanted = parseVersionValue(input.version);
    if (!wanted) return refusal(previewText.unknownVersion, 400, "version");
    const [row] = await ctx.db
      .select({ document: editionVersions.document, state: editionVersions.state })
      .from(editionVersions)
      .where(and(eq(editionVersions.editionId, wanted.editionId), eq(editionVersions.version, wanted.version)))
      .limit(1);
    if (!row) return refusal(previewText.unknownVersion, 400, "version");
    try {
      shown = { ...wanted, state: row.state, name: parseEdition(row.document).name };
    } catch {
      return refusal(previewText.invalidDocument, 400, "version");
    }
  }
  const values = {
    sessionId,
    editionId: shown?.editionId ?? null,
    version: shown?.version ?? null,
    previewAt: at.toISOString(),
    startedAt: ctx.now.toISOString(),
  };
  const subject = previewSubject({
    editionName: shown?.name ?? null,
    version: shown?.version ?? null,
    state: shown?.state ?? null,
  });
  const day = formatMountain(at, "dateTime");
  const committed = await commitWithAudit(
    ctx,
    sitePreviewKinds.start,
    [
      ctx.db
        .insert(organizerSessionPreviews)
        .values(values)
        .onConflictDoUpdate({
          target: organizerSessionPreviews.sessionId,
          set: {
            editionId: values.editionId,
            version: values.version,
            previewAt: values.previewAt,
            startedAt: values.startedAt,
          },
        }),
    ],
    {
      summary: `Started a preview of ${subject} on ${day}`,
      targets: { editionId: shown?.editionId ?? null, version: shown?.version ?? null },
      after: { previewAt: values.previewAt },
    },
  );
  if (!committed.ok) return committed;
  return { ok: true, message: previewText.started(subject, day) };
}

/** Ends this desk session's preview, audited; the caller clears the hint cookie. */
export async function leavePreview(ctx: ActionContext, sessionId: string): Promise<{ ok: true; message: string }> {
  const current = await sessionPreview(ctx.db, sessionId);
  if (!current) return { ok: true, message: previewText.notPreviewing };
  const committed = await commitWithAudit(
    ctx,
    sitePreviewKinds.leave,
    [ctx.db.delete(organizerSessionPreviews).where(eq(organizerSessionPreviews.sessionId, sessionId))],
    {
      summary: `Left the preview of ${previewSubject(current)} on ${formatMountain(current.at, "dateTime")}`,
      targets: { editionId: current.editionId, version: current.version },
      before: { previewAt: current.at.toISOString() },
    },
  );
  // Left meanwhile (another tab): nothing is left to end.
  if (!committed.ok) return { ok: true, message: previewText.notPreviewing };
  return { ok: true, message: previewText.left };
}
