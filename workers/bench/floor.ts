/**
 * The vote's floor (issue 34), in the bench's build only (`npm run bench`
 * builds with BENCH_BUILD=1; workers/app.ts reaches this module only then,
 * and tests/tools/production-build.test.mjs proves a normal build holds none
 * of it). `POST /__bench/floor/<slug>` does only what a vote cannot do
 * without, behind the same worker entry (request id, the cross-site check,
 * the body limit, security headers): check the signed session cookie, one
 * session-and-user read, and one upsert that checks the project and the
 * membership inside the write. The bench measures it in the same run as the
 * product's vote: the distance between the two is what the product adds.
 */
import { clockFor, withRequestClock } from "~/clock/clock.server";
import { isProduction } from "~/lib/config.server";
import { emailDomainOf, networkOf } from "~/showcase/review";
import { votingWindow } from "~/showcase/window";

export const BENCH_FLOOR_PREFIX = "/__bench/floor/";

/** better-auth's development secret (app/auth/auth.server.ts): the bench runs the development build. */
const DEVELOPMENT_SECRET = "development-only-better-auth-secret-not-for-production-use";
const SESSION_COOKIE = "better-auth.session_token";

const SESSION_AND_USER = `SELECT s.expires_at AS expiresAt, u.id AS userId, u.email AS email,
  u.email_verified AS verified, u.created_at AS createdAt
  FROM session s JOIN user u ON u.id = s.user_id WHERE s.token = ?`;

const GUARDED_UPSERT = `INSERT INTO showcase_votes
  (id, edition_id, user_id, team_id, client_ip, ip_prefix, account_created_at, email_domain, created_at, cast_at)
  SELECT ?1, ?2, ?3, s.team_id, ?4, ?5, ?6, ?7, ?8, ?8 FROM submissions s
  WHERE s.edition_id = ?2 AND s.slug = ?9 AND s.status = 'submitted' AND s.public_consent = 1 AND s.title IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM team_members m WHERE m.team_id = s.team_id AND m.user_id = ?3)
  ON CONFLICT (edition_id, user_id) DO UPDATE SET
    cast_at = CASE WHEN team_id = excluded.team_id THEN cast_at ELSE excluded.cast_at END,
    moves = moves + (team_id <> excluded.team_id),
    team_id = excluded.team_id, client_ip = excluded.client_ip, ip_prefix = excluded.ip_prefix
  RETURNING cast_at AS castAt`;

let hmacKey: Promise<CryptoKey> | undefined;

/** The session token of a correctly signed cookie (better-call's format: token, a dot, HMAC-SHA256 in base64). */
async function signedToken(request: Request, secret: string): Promise<string | null> {
  const cookie = request.headers.get("cookie") ?? "";
  const raw = cookie
    .split(/;\s*/)
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`))
    ?.slice(SESSION_COOKIE.length + 1);
  if (!raw) return null;
  const value = decodeURIComponent(raw);
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Uint8Array.from(atob(value.slice(dot + 1)), (c) => c.charCodeAt(0));
  hmacKey ??= crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["verify"],
  );
  const valid = await crypto.subtle.verify("HMAC", await hmacKey, signature, new TextEncoder().encode(token));
  return valid ? token : null;
}

const plain = (status: number, text: string) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export async function floorVote(request: Request, env: Env): Promise<Response> {
  if (isProduction(env) || request.method !== "POST") return plain(404, "Not found");
  const slug = new URL(request.url).pathname.slice(BENCH_FLOOR_PREFIX.length);
  const token = await signedToken(request, env.BETTER_AUTH_SECRET || DEVELOPMENT_SECRET);
  if (!token) return plain(401, "Sign in first");
  const who = await env.DB.prepare(SESSION_AND_USER).bind(token).first<{
    expiresAt: number;
    userId: string;
    email: string;
    verified: number;
    createdAt: number;
  }>();
  if (!who || who.expiresAt < Date.now()) return plain(401, "Sign in first");
  const { now, edition } = clockFor(withRequestClock(request, env));
  if (votingWindow(now, edition) !== "open") return plain(403, "Voting is not open");
  if (who.verified !== 1) return plain(403, "Verify first");
  const ip = request.headers.get("cf-connecting-ip")?.trim() || "unknown";
  const at = now.toISOString();
  const row = await env.DB.prepare(GUARDED_UPSERT)
    .bind(
      crypto.randomUUID(),
      edition.id,
      who.userId,
      ip,
      networkOf(ip),
      new Date(who.createdAt).toISOString(),
      emailDomainOf(who.email),
      at,
      slug,
    )
    .first<{ castAt: string }>();
  if (!row) return plain(403, "Not a project you may vote for");
  return new Response(null, { status: 303, headers: { Location: `/showcase/${slug}#your-vote` } });
}
