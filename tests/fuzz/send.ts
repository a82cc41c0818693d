/**
 * Posts a raw request to a route's action, as Remix would call it, and says what the browser gets: the
 * status, and whether the answer is a refusal (nothing may have changed) or an acceptance.
 */
import { join } from "node:path";

export type RouteModule = { action?: (args: any) => unknown; loader?: (args: any) => unknown };

/** A request as the fuzz builds it: a body of any shape, with whatever content type it claims. */
export type RawPost = {
  /** Path and query, the route's parameters filled in. */
  url: string;
  contentType?: string | null;
  body?: string | Uint8Array<ArrayBuffer> | URLSearchParams | FormData | null;
  headers?: Record<string, string>;
};

export type Outcome = {
  status: number;
  /** 4xx, a redirect to the guard's pages, or a form sent back with its errors: nothing may change. */
  refused: boolean;
  location: string | null;
  /** What a 4xx or 5xx answer says (its text, or its data). */
  body?: unknown;
  /** For a 500: what was thrown. */
  error?: string;
};

const BASE = "http://localhost:3000";
const modules = new Map<string, Promise<RouteModule>>();

/** The route module of a registry file (relative to app/). */
export function routeModule(file: string): Promise<RouteModule> {
  let module = modules.get(file);
  if (!module) {
    module = import(/* @vite-ignore */ join(process.cwd(), "app", file)) as Promise<RouteModule>;
    modules.set(file, module);
  }
  return module;
}

/** Where the guard sends a request it refuses, and where a signed-in user is sent from a sign-in page. */
const GUARD_PAGES = /^\/(forbidden|auth\/login|access-control)(\?|$)/;

function isDataWithInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return Boolean(
    value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit",
  );
}

/** A conform reply (possibly inside the action's data) that shows errors or handles a list button. */
function isRefusedForm(data: unknown): boolean {
  if (!data || typeof data !== "object") return false;
  const record = data as Record<string, unknown>;
  if (record.status === "error" || record.intent) return true;
  if (record.error && typeof record.error === "object") {
    if (Object.values(record.error as Record<string, unknown>).some((errors) => errors != null)) return true;
  }
  if (Array.isArray(record.errors) && record.errors.length > 0) return true;
  return Object.values(record).some(
    (value) => value && typeof value === "object" && !Array.isArray(value) && isRefusedForm(value),
  );
}

function outcomeOf(status: number, location: string | null, data: unknown, doneAt?: RegExp): Outcome {
  if (status >= 300 && status < 400)
    return {
      status,
      location,
      refused: location !== null && GUARD_PAGES.test(location) && !doneAt?.test(location),
    };
  if (status >= 400) return { status, location, refused: true, body: data };
  return { status, location, refused: isRefusedForm(data) };
}

async function readOutcome(value: unknown, doneAt?: RegExp): Promise<Outcome> {
  if (value instanceof Response) {
    const location = value.headers.get("Location");
    let data: unknown = null;
    if (value.status < 300 || value.status >= 400) {
      const text = await value.text();
      try {
        data = JSON.parse(text);
      } catch {
        data = text;
      }
    }
    return outcomeOf(value.status, location, data, doneAt);
  }
  if (isDataWithInit(value)) {
    const headers = new Headers(value.init?.headers);
    return outcomeOf(value.init?.status ?? 200, headers.get("Location"), value.data, doneAt);
  }
  return outcomeOf(200, null, value, doneAt);
}

/** Sends the post to the action; what it throws becomes the status Remix would answer with. */
export async function post(
  module: RouteModule,
  params: Record<string, string>,
  raw: RawPost,
  doneAt?: RegExp,
): Promise<Outcome> {
  if (!module.action) throw new Error("The route module has no action");
  const headers = new Headers(raw.headers);
  if (raw.contentType) headers.set("Content-Type", raw.contentType);
  const request = new Request(`${BASE}${raw.url}`, {
    method: "POST",
    headers,
    body: raw.body ?? null,
  });
  // A FormData or URLSearchParams body sets its own type; a claimed one replaces it.
  if (raw.contentType === null) request.headers.delete("Content-Type");
  else if (raw.contentType) request.headers.set("Content-Type", raw.contentType);
  try {
    return await readOutcome(
      await module.action({
        request,
        params,
        context: { clientAddress: "127.0.0.1", nonce: "", requestId: "fuzz" },
      }),
      doneAt,
    );
  } catch (thrown) {
    if (thrown instanceof Response) return readOutcome(thrown, doneAt);
    const error = thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown);
    return { status: 500, refused: true, location: null, error: error.slice(0, 300) };
  }
}

/** Opens the page: the route's loader with a GET, as Remix calls it; what it throws becomes the status. */
export async function open(
  module: RouteModule,
  params: Record<string, string>,
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; error?: string }> {
  if (!module.loader) throw new Error("The route module has no loader");
  const request = new Request(`${BASE}${url}`, { headers });
  try {
    const value = await module.loader({
      request,
      params,
      context: { clientAddress: "127.0.0.1", nonce: "", requestId: "fuzz" },
    });
    if (value instanceof Response) return { status: value.status };
    return { status: isDataWithInit(value) ? (value.init?.status ?? 200) : 200 };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status };
    const error = thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown);
    return { status: 500, error: error.slice(0, 300) };
  }
}
