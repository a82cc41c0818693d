import { z } from "zod";
/** Throws a Response (404 by default) unless the condition holds; the route's error boundary shows it. */
export function invariantResponse(
  condition: unknown,
  message = "Not Found",
  status = 404,
): asserts condition {
  if (!condition)
    throw new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export function json(body: unknown, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(body), { ...init, headers });
}

/** A record id from a URL or a form is checked before it reaches a uuid column (PostgreSQL would answer 500). */
export const isUuid = (value: unknown): value is string =>
  typeof value === "string" && z.uuid().safeParse(value).success;
