/**
 * Request body limits (issue 16), applied by the worker entry before any
 * route reads a body. A Worker isolate has 128 MB shared by the requests it
 * serves: a 50 MB form post, parsed and echoed back, could take it down. A
 * body over its limit gets a 413 without being read: at once when
 * Content-Length says so, else as soon as the stream passes the limit.
 */
import { requestBodyLimits } from "~/content/limits";
import { normalizedPath } from "~/lib/config.server";

const BODYLESS_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The most bytes a request to this path may carry. */
export function bodyLimitFor(pathname: string): number {
  return normalizedPath(pathname) === "/api/stripe/webhook"
    ? requestBodyLimits.stripeWebhookBytes
    : requestBodyLimits.defaultBytes;
}

function formatKb(bytes: number): string {
  return `${Math.round(bytes / 1024)} KB`;
}

export function tooLargeResponse(pathname: string, limit: number): Response {
  const headers = { "Cache-Control": "no-store", Connection: "close" };
  if (normalizedPath(pathname).startsWith("/api/")) {
    return Response.json(
      { error: `The request body is larger than ${formatKb(limit)}.`, limitBytes: limit },
      { status: 413, headers },
    );
  }
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Too much to send</title></head><body><main><h1>That was too much to send</h1><p>What you submitted is larger than ${formatKb(limit)}, more than any form on this site needs. Please go back, shorten the longest answer and send it again.</p><p><a href="/">Go to the home page</a></p></main></body></html>`;
  return new Response(html, { status: 413, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } });
}

/**
 * The request with its body read into memory (at most `limit` bytes), or a
 * 413 answer. Reading stops at the first chunk past the limit, so a huge
 * body costs at most the limit plus one chunk.
 */
export async function withBoundedBody(request: Request, limit: number): Promise<Request | Response> {
  const { pathname } = new URL(request.url);
  if (BODYLESS_METHODS.has(request.method.toUpperCase()) || request.body === null) return request;

  const declared = request.headers.get("content-length");
  if (declared !== null) {
    const length = Number(declared);
    if (!Number.isFinite(length) || length < 0 || length > limit) return tooLargeResponse(pathname, limit);
  }

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel("request body over its limit").catch(() => {});
      return tooLargeResponse(pathname, limit);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new Request(request, { body });
}
