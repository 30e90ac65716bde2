import { createContext } from "react-router";
import type { SessionUser } from "~/auth/session.server";
import type { Edition } from "~/content/editions";
import type { Db } from "~/db/client.server";

/** What the worker entry hands every loader and action for one request. */
export interface RequestContext {
  env: Env;
  ctx: ExecutionContext;
  /** Per-request CSP nonce: every script React Router renders carries it. */
  nonce: string;
  /** Echoed in the X-Request-Id header and in every log line of the request. */
  requestId: string;
}

export const requestContext = createContext<RequestContext>();

/**
 * What a signed-in area's layout middleware puts on the request for its
 * routes (issue 21, ADR 013): the account, the database and this request's
 * clock. A child route reads it with `context.get(signedInContext)` and never
 * checks access again.
 */
export interface SignedIn {
  user: SessionUser;
  /** This browser's session, among the account's others (/account lists them). */
  sessionId: string;
  /** When this session passed the second factor, or null (app/auth/second-factor-session.server.ts). */
  secondFactorAt: string | null;
  db: Db;
  now: Date;
  edition: Edition;
}

export const signedInContext = createContext<SignedIn>();
