import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { NonceContext } from "~/app/nonce";
import { logError } from "~/server/http/log";
import { keepPrivate } from "~/server/http/private-cache";
import { i18nFor } from "~/server/i18n/i18n.server";
import { isLocale } from "~/server/i18n/locale";

export { runtime } from "~/server/runtime.server";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const rootData = remixContext.staticHandlerContext.loaderData.root as { locale?: string } | undefined;
  const locale = isLocale(rootData?.locale) ? rootData.locale : "en";
  const i18n = await i18nFor(locale);
  const nonce = typeof loadContext.nonce === "string" ? loadContext.nonce : undefined;

  // The whole document is rendered, then sent in one piece: no page suspends on slow data, so streaming
  // would only cut it into dozens of small socket writes (and compression flushes) that cost more CPU
  // than the page itself.
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const chunks: Buffer[] = [];
    const document = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        const body = Buffer.concat(chunks);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        keepPrivate(request, responseHeaders);
        responseHeaders.set("Content-Length", String(body.byteLength));
        resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce ?? ""}>
        <I18nextProvider i18n={i18n}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </I18nextProvider>
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          pipe(document);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // An error before the shell is Remix's to report (onShellError rejects, handleError logs it).
          if (shellRendered) logError(error, request);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY).unref();
  });
}

/**
 * A data request's answer (loader or action data, encoded by Remix as a stream) is read whole and sent with
 * its length, in one write, for the same reason as the document: nothing in it is deferred.
 */
export async function handleDataRequest(
  response: Response,
  { request }: { request: Request },
): Promise<Response> {
  const headers = new Headers(response.headers);
  keepPrivate(request, headers);
  if (!response.body)
    return new Response(null, { status: response.status, statusText: response.statusText, headers });
  const body = Buffer.from(await response.arrayBuffer());
  headers.set("Content-Length", String(body.byteLength));
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  logError(error, request);
}
