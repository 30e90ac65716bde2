/**
 * Vitest globalSetup (runs in Node): serves the fake Stripe API of
 * tests/fakes/stripe.ts on a loopback port and hands its URL to the workerd
 * tests as the STRIPE_API_BASE binding (vitest.config.ts), where
 * app/payments/gateway.server.ts points the real SDK at it.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";
import { createFakeStripe } from "./stripe";

declare module "vitest" {
  export interface ProvidedContext {
    stripeBaseUrl: string;
  }
}

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

export default async function setup(project: TestProject) {
  const fake = createFakeStripe();
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
  project.provide("stripeBaseUrl", `http://127.0.0.1:${port}`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
