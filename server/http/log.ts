/** Unexpected failures: logged with the request id so a user's report can be found in the log. */
export function logError(error: unknown, request?: Request) {
  const requestId = request?.headers.get("x-request-id") ?? "-";
  const method = request?.method ?? "-";
  const url = request ? new URL(request.url).pathname : "-";
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  console.error(`[${new Date().toISOString()}] request ${requestId} ${method} ${url} failed: ${detail}`);
}
