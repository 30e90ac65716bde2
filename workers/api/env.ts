/** The Hono environment of every /api sub-router: the worker's bindings and the request id set by the API's first middleware. */
export type ApiEnv = { Bindings: Env; Variables: { requestId: string } };
