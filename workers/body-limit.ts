/**
 * Request body limits (issue 16), applied by the worker entry before any
 * route reads a body. A Worker isolate has 128 MB shared by the requests it
 * serves: a 50 MB form post, parsed and echoed back, could take it down. A
 * body over its limit gets a 413 without being read: at once when
 * Content-Length says so, else as soon as the stream passes the limit.
 * File uploads (issue 15) are the one exception to reading the body first:
 * theirs is passed on as a stream, counted as the route reads it.
 */
import { requestBodyLimits } from "~/content/limits";
import { formatMegabytes, portalFileRules } from "~/content/portal";
import { sponsorLogoBodyBytes, sponsorLogoFailureMessages, sponsorPresencePaths } from "~/content/sponsor-presence";
import { normalizedPath } from "~/lib/config.server";
import { profilePaths, profilePhotoFailureMessages } from "~/content/profiles";

const BODYLESS_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The portal's upload form posts here (`?component=…`); its route streams the file to R2. */
const UPLOAD_PATH = "/portal/upload";

/** The completions file's doors (issue 33): the desk's page (and its data request) and the API's import and preview. */
const COMPLETIONS_PATHS = new Set([
  "/organize/credentials",
  "/organize/credentials.data",
  "/api/organize/actions/credentials.import",
  "/api/organize/queries/credentials.import-preview",
]);

/** A sponsor's logo (issue 54): small enough to read into memory, too large for the default limit. */
const LOGO_UPLOAD_PATHS = new Set([sponsorPresencePaths.logoUpload, `${sponsorPresencePaths.logoUpload}.data`]);

/** A judge's or advisor's photo (issue 54), checked as a logo is: with the invitation's acceptance, or on /account/profile. */
const PHOTO_UPLOAD_PATHS = new Set([
  "/judging/invitation",
  "/judging/invitation.data",
  profilePaths.page,
  `${profilePaths.page}.data`,
]);
/** A recognized organization's logo (issue 54), on its dashboard: the same limit as a sponsor's. */
const ORGANIZATION_LOGO_PATH = /^\/organization\/[0-9a-f-]{36}\/listing-logo(\.data)?$/;

const isImageUploadPath = (path: string) =>
  LOGO_UPLOAD_PATHS.has(path) || ORGANIZATION_LOGO_PATH.test(path) || PHOTO_UPLOAD_PATHS.has(path);

/** The most bytes a request to this path may carry. */
export function bodyLimitFor(pathname: string): number {
  const path = normalizedPath(pathname);
  if (path === "/api/stripe/webhook") return requestBodyLimits.stripeWebhookBytes;
  if (path === UPLOAD_PATH) return requestBodyLimits.uploadBytes;
  if (path === "/verify") return requestBodyLimits.verifyBytes;
  if (COMPLETIONS_PATHS.has(path)) return requestBodyLimits.completionsBytes;
  if (isImageUploadPath(path)) return sponsorLogoBodyBytes;
  return requestBodyLimits.defaultBytes;
}

/** Whether the route reads this path's body as a stream (it is too large to hold) rather than from memory. */
export function isStreamedBodyPath(pathname: string): boolean {
  return normalizedPath(pathname) === UPLOAD_PATH;
}

function formatKb(bytes: number): string {
  return `${Math.round(bytes / 1024)} KB`;
}

export function tooLargeResponse(pathname: string, limit: number): Response {
  const headers = { "Cache-Control": "no-store", Connection: "close" };
  const htmlHeaders = { ...headers, "Content-Type": "text/html; charset=utf-8" };
  if (normalizedPath(pathname).startsWith("/api/")) {
    return Response.json(
      { error: `The request body is larger than ${formatKb(limit)}.`, limitBytes: limit },
      { status: 413, headers },
    );
  }
  if (isStreamedBodyPath(pathname)) return new Response(uploadTooLargeHtml(), { status: 413, headers: htmlHeaders });
  if (LOGO_UPLOAD_PATHS.has(normalizedPath(pathname))) {
    return new Response(logoTooLargeHtml(sponsorPresencePaths.page, "your sponsor presence"), {
      status: 413,
      headers: htmlHeaders,
    });
  }
  if (ORGANIZATION_LOGO_PATH.test(normalizedPath(pathname))) {
    const dashboard = normalizedPath(pathname).replace(/\/listing-logo(\.data)?$/, "");
    return new Response(logoTooLargeHtml(dashboard, "your organization dashboard"), {
      status: 413,
      headers: htmlHeaders,
    });
  }
  if (PHOTO_UPLOAD_PATHS.has(normalizedPath(pathname))) {
    return new Response(photoTooLargeHtml(), { status: 413, headers: htmlHeaders });
  }
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Too much to send</title></head><body><main><h1>That was too much to send</h1><p>What you submitted is larger than ${formatKb(limit)}, more than any form on this site needs. Please go back, shorten the longest answer and send it again.</p><p><a href="/">Go to the home page</a></p></main></body></html>`;
  return new Response(html, { status: 413, headers: htmlHeaders });
}

function uploadTooLargeHtml(): string {
  const limits = Object.values(portalFileRules)
    .map((rule) => `${rule.label}: at most ${formatMegabytes(rule.maxBytes)}.`)
    .join(" ");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>File too large</title></head><body><main><h1>That file is too large to upload</h1><p>${limits} Please go back and choose a smaller file.</p><p><a href="/portal">Back to the Challenge Portal</a></p></main></body></html>`;
}

function logoTooLargeHtml(back: string, backName: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Logo too large</title></head><body><main><h1>That logo is too large to upload</h1><p>${sponsorLogoFailureMessages["too-large"]} Please go back and choose a smaller file.</p><p><a href="${back}">Back to ${backName}</a></p></main></body></html>`;
}

function photoTooLargeHtml(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Photo too large</title></head><body><main><h1>That photo is too large to upload</h1><p>${profilePhotoFailureMessages["too-large"]} Please go back and choose a smaller file.</p><p><a href="${profilePaths.page}">Your public profile</a></p></main></body></html>`;
}

/**
 * The request with its body read into memory (at most `limit` bytes), or a
 * 413 answer. Reading stops at the first chunk past the limit, so a huge
 * body costs at most the limit plus one chunk.
 */
export async function withBoundedBody(request: Request, limit: number): Promise<Request | Response> {
  const { pathname } = new URL(request.url);
  if (BODYLESS_METHODS.has(request.method.toUpperCase()) || request.body === null) return request;
  if (declaresMoreThan(request, limit)) return tooLargeResponse(pathname, limit);

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

/**
 * The request with its body left a stream, for a route that streams it on
 * (a file upload): a declared length over the limit is a 413 at once; an
 * undeclared one makes the stream error as soon as it passes the limit, so
 * the route's reading fails instead of going on.
 */
export function withCountedBody(request: Request, limit: number): Request | Response {
  const { pathname } = new URL(request.url);
  if (BODYLESS_METHODS.has(request.method.toUpperCase()) || request.body === null) return request;
  if (declaresMoreThan(request, limit)) return tooLargeResponse(pathname, limit);

  let size = 0;
  const counted = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > limit) controller.error(new RangeError(`request body over its limit of ${limit} bytes`));
        else controller.enqueue(chunk);
      },
    }),
  );
  // @ts-expect-error: workerd needs duplex for a streamed request body; the DOM types lack it.
  return new Request(request, { body: counted, duplex: "half" });
}

function declaresMoreThan(request: Request, limit: number): boolean {
  const declared = request.headers.get("content-length");
  if (declared === null) return false;
  const length = Number(declared);
  return !Number.isFinite(length) || length < 0 || length > limit;
}
