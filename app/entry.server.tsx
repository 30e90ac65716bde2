import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { NonceProvider } from "~/components/nonce";
import { requestContext } from "~/context";
import { log } from "~/lib/log.server";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const { nonce, requestId } = loadContext.get(requestContext);
  let shellRendered = false;
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors in the shell reject and are logged by handleError below.
        if (shellRendered) log("error", "render.stream_error", { requestId, url: request.url, error });
      },
    },
  );
  shellRendered = true;

  // Crawlers get the whole document at once.
  const userAgent = request.headers.get("user-agent");
  if (userAgent && isbot(userAgent)) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // Aborted requests (the visitor navigated away) are not errors of ours.
  if (request.signal.aborted) return;
  let requestId: string | undefined;
  try {
    requestId = context.get(requestContext).requestId;
  } catch {
    requestId = undefined;
  }
  log("error", "request.unhandled", { requestId, method: request.method, url: request.url, error });
};
