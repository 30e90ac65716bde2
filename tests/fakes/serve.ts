/**
 * Vitest globalSetup helper (runs in Node): serves a fake API (a fetch
 * handler) on a loopback port and hands its URL to the workerd tests under
 * `provideKey` (vitest.config.ts turns it into a binding).
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { ProvidedContext } from "vitest";
import type { TestProject } from "vitest/node";

async function toRequest(req: IncomingMessage): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
  return new Request(`http://127.0.0.1${req.url ?? "/"}`, { method: req.method, headers, body });
}

/** Serves `fake` until the returned teardown runs; its base URL is provided as `provideKey`. */
export async function serveFake(
  project: TestProject,
  fake: { fetch(request: Request): Response | Promise<Response> },
  provideKey: {
    [Key in keyof ProvidedContext]: ProvidedContext[Key] extends string ? Key : never;
  }[keyof ProvidedContext],
): Promise<() => Promise<void>> {
  const server = createServer((req, res) => {
    toRequest(req)
      .then((request) => fake.fetch(request))
      .then(async (response) => {
        const headers: Record<string, string> = {};
        response.headers.forEach((value, name) => (headers[name] = value));
        res.writeHead(response.status, headers);
        res.end(Buffer.from(await response.arrayBuffer()));
      })
      .catch((error: unknown) => {
        res.writeHead(500, { "Content-Type": "text/plain" });
        res.end(String(error));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  project.provide(provideKey, `http://127.0.0.1:${port}`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
