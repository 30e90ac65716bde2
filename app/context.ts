import { createContext } from "react-router";

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
