import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { logger } from "~/utils/logger.server";
import { NonceProvider } from "~/utils/nonce-provider";

// The HTTP process (server/index.ts) takes the app's services from here, so it
// shares this build's modules instead of bundling copies of its own (docs/decisions/019).
export { serverRuntime } from "~/server-runtime.server";

const ABORT_DELAY = 5_000;

// The end of what React leaves where a Suspense boundary could not be rendered on the
// server (<!--$!-->). Searched without its "<!--": "$" is rare in a page, "<" is everywhere,
// which makes the search several times faster; ">" is escaped in any text, so it cannot come from content.
const CLIENT_RENDERED_BOUNDARY = "$!-->";

/**
 * Renders the whole document, then answers with it in one piece: no route
 * streams deferred data, so waiting for everything costs no time to first byte.
 *
 * renderToString is tried first: it builds one string, where the streaming
 * renderer encodes each of hundreds of small chunks on its own, and costs
 * less than half as much for the same page (issue 15). It cannot wait for
 * anything, so a page with a lazy component not yet loaded (the first request
 * after a start) would get a boundary left to the browser; that page is
 * rendered again with the streaming renderer, which waits, as before.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  const app = (
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
    </NonceProvider>
  );
  const markup = renderToString(app);
  if (!markup.includes(CLIENT_RENDERED_BOUNDARY)) {
    // The streaming renderer starts a document with its doctype; renderToString does not.
    return documentResponse(Buffer.from(`<!DOCTYPE html>${markup}`), responseHeaders, responseStatusCode);
  }
  return renderWhenAllReady(app, responseStatusCode, responseHeaders, loadContext);
}

/** The answer, as bytes: a string body would first be checked character by character for lone surrogates (React never writes one). */
function documentResponse(body: Uint8Array<ArrayBuffer>, headers: Headers, status: number): Response {
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers, status });
}

/** The streaming renderer, collected into one buffer once everything (lazy components included) is ready. */
function renderWhenAllReady(app: JSX.Element, responseStatusCode: number, responseHeaders: Headers, loadContext: AppLoadContext) {
  const nonce = loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Cleared once rendering settles, so finished requests do not linger for ABORT_DELAY.
    const abortTimer = setTimeout(() => abort(), ABORT_DELAY);
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      onShellReady() {
        shellRendered = true;
      },
      onAllReady() {
        const chunks: Buffer[] = [];
        const document = new Writable({
          // React ends the destination again when it closes; without a close
          // event it does not, which spares an "already finished" error per request.
          emitClose: false,
          write(chunk: Buffer, _encoding, callback) {
            chunks.push(chunk);
            callback();
          },
          final(callback) {
            clearTimeout(abortTimer);
            resolve(documentResponse(Buffer.concat(chunks), responseHeaders, responseStatusCode));
            callback();
          },
        });
        pipe(document);
      },
      onShellError(error: unknown) {
        clearTimeout(abortTimer);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) logger.error({ err: error, reqId: loadContext.requestId }, "render failed");
      },
    });
  });
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // A client's mistake Remix answers itself (a POST or OPTIONS to a page with
  // no action: 405) is not ours: any visitor could fill the error log with it.
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger.info({ status: error.status, reqId: context.requestId }, `request refused: ${error.statusText}`);
    return;
  }
  logger.error({ err: error, reqId: context.requestId }, "request failed");
};
