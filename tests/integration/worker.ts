import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { exports } from "cloudflare:workers";

/** A request to the worker as a browser on the site itself would send it. */
export async function fetchSite(path: string, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(new Request(new URL(path, "http://localhost"), init));
}

// Loaded by a computed path so tsc does not type-check the generated bundle
// (and the Resend SDK is loaded as the build bundles it).
const builtWorkerPath = "../../build/server/index.js";

type BuiltWorker = Required<Pick<ExportedHandler<Env>, "fetch" | "queue" | "scheduled">>;

/** The built worker's handlers: fetch, queue (the notification consumer) and scheduled (the sweep). */
export async function builtWorker(): Promise<BuiltWorker> {
  const worker = ((await import(/* @vite-ignore */ builtWorkerPath)) as { default: ExportedHandler<Env> }).default;
  if (!worker.fetch || !worker.queue || !worker.scheduled) throw new Error("the worker lacks a handler");
  return worker as BuiltWorker;
}

/**
 * Calls the built worker with some bindings replaced (APP_NOW, ENVIRONMENT…):
 * the way to see the site at another date or in production mode.
 */
export async function fetchWithEnv(path: string, overrides: Partial<Env>, init: RequestInit = {}): Promise<Response> {
  const worker = await builtWorker();
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(new URL(path, "http://localhost"), init) as Request<unknown, IncomingRequestCfProperties>,
    { ...env, ...overrides },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}
