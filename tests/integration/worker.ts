import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { exports } from "cloudflare:workers";

/** A request to the worker as a browser on the site itself would send it. */
export async function fetchSite(path: string, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(new Request(new URL(path, "http://localhost"), init));
}

// Loaded by a computed path so tsc does not type-check the generated bundle.
const builtWorkerPath = "../../build/server/index.js";

/**
 * Calls the built worker with some bindings replaced (APP_NOW, ENVIRONMENT…):
 * the way to see the site at another date or in production mode.
 */
export async function fetchWithEnv(path: string, overrides: Partial<Env>, init: RequestInit = {}): Promise<Response> {
  const worker = ((await import(/* @vite-ignore */ builtWorkerPath)) as { default: ExportedHandler<Env> }).default;
  const ctx = createExecutionContext();
  const response = await worker.fetch!(
    new Request(new URL(path, "http://localhost"), init) as Request<unknown, IncomingRequestCfProperties>,
    { ...env, ...overrides },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}
