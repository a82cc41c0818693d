import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** Plumbing the fake Autodesk servers share (plugins/acc/testing, plugins/document-service/testing). */

/** An answer a fake gives instead of the real one; `afterCommit` does the work first (the answer is lost). */
export type FakeFailure = { status: number; retryAfter?: string; body?: string; afterCommit?: boolean };

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
  contentType = "application/json",
) {
  response.writeHead(status, { "content-type": contentType, ...headers });
  response.end(body === undefined ? "" : JSON.stringify(body));
}

export async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The two-legged token endpoint: the client's Basic credentials and grant type, or 401. */
export function answerToken(
  authorization: string | undefined,
  rawBody: Buffer,
  response: ServerResponse,
  app: { clientId: string; clientSecret: string; token: string; expiresIn?: number },
) {
  const body = new URLSearchParams(rawBody.toString());
  const expected = `Basic ${Buffer.from(`${app.clientId}:${app.clientSecret}`).toString("base64")}`;
  if (authorization !== expected || body.get("grant_type") !== "client_credentials")
    return sendJson(response, 401, { developerMessage: "The client_id or client_secret is not valid" });
  return sendJson(response, 200, {
    access_token: app.token,
    token_type: "Bearer",
    expires_in: app.expiresIn ?? 3599,
  });
}

/** Failures queued by route; a null entry lets that call through (to fail the Nth call, not the next). */
export class FailureQueue<Route extends string> {
  private readonly queued = new Map<Route, (FakeFailure | null)[]>();

  add(route: Route, ...failures: (FakeFailure | null)[]) {
    this.queued.set(route, [...(this.queued.get(route) ?? []), ...failures]);
  }

  next(route: Route): FakeFailure | null {
    return this.queued.get(route)?.shift() ?? null;
  }

  /** Answers the failure (with Retry-After when it has one). */
  static answer(response: ServerResponse, failure: FakeFailure, contentType?: string) {
    sendJson(
      response,
      failure.status,
      { errors: [{ detail: failure.body ?? "fake failure" }] },
      failure.retryAfter ? { "retry-after": failure.retryAfter } : {},
      contentType,
    );
  }
}

/**
 * An HTTP server on a free loopback port; a handler that throws answers 500. The handler is looked up on
 * each request, so it may be defined after the server starts (it usually needs the server's url).
 */
export async function startLoopbackServer(
  handler: () => (request: IncomingMessage, response: ServerResponse) => Promise<void>,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    void handler()(request, response).catch((error) => sendJson(response, 500, { detail: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
