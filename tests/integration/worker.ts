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
/** The built worker's handlers (fetch, queue, scheduled), to call with bindings of a test's choosing. */
export async function loadBuiltWorker(): Promise<ExportedHandler<Env>> {
  return ((await import(/* @vite-ignore */ builtWorkerPath)) as { default: ExportedHandler<Env> }).default;
}

export async function fetchWithEnv(path: string, overrides: Partial<Env>, init: RequestInit = {}): Promise<Response> {
  const worker = await loadBuiltWorker();
  const ctx = createExecutionContext();
  const response = await worker.fetch!(
    new Request(new URL(path, "http://localhost"), init) as Request<unknown, IncomingRequestCfProperties>,
    { ...env, ...overrides },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

/**
 * Asserts that an HTML page contains a fragment without printing the whole
 * page on failure (a page is tens of kilobytes).
 */
export function expectHtmlToContain(html: string, ...fragments: string[]): void {
  for (const fragment of fragments) {
    if (!html.includes(fragment)) throw new Error(`expected the page to contain ${JSON.stringify(fragment)}`);
  }
}

export function expectHtmlNotToContain(html: string, ...fragments: string[]): void {
  for (const fragment of fragments) {
    if (html.includes(fragment)) throw new Error(`expected the page not to contain ${JSON.stringify(fragment)}`);
  }
}
