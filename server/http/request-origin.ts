import { AsyncLocalStorage } from "node:async_hooks";
import type { Express, NextFunction, Request, Response } from "express";
import type { Env } from "~/server/env";

/** Where a request came from, as the audit trail records it. */
export type RequestOrigin = {
  /** The client's address: the connection's, or what a trusted proxy says (TRUST_PROXY). */
  address: string | null;
  userAgent: string | null;
};

/**
 * One store per process, wherever this file is loaded from: the HTTP server (server/index.ts) sets it, and
 * the application reads it from the server build (or from Vite's module graph in development), which holds
 * its own copy of this file.
 */
const STORE_KEY = Symbol.for("siteproof.request-origin");
const processGlobals = globalThis as Record<symbol, unknown>;
processGlobals[STORE_KEY] ??= new AsyncLocalStorage<RequestOrigin>();
const origins = processGlobals[STORE_KEY] as AsyncLocalStorage<RequestOrigin>;

/**
 * X-Forwarded-For is believed only from the proxies TRUST_PROXY names (Express's "trust proxy"), never by
 * default: otherwise any client could choose the address its sign-in failures count against.
 */
export function trustProxies(app: Express, setting: Env["TRUST_PROXY"]) {
  if (setting !== false) app.set("trust proxy", setting);
}

/** The longest user agent kept: real ones are a few hundred characters. */
const USER_AGENT_MAX = 400;

export function originOf(address: string | null | undefined, userAgent: string | null | undefined) {
  return { address: address || null, userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null };
}

/**
 * Keeps the request's origin for everything it runs (the audit trail reads it through `currentOrigin`), so
 * the functions that change roles or memberships need not be handed the request to say where it came from.
 */
export function requestOriginMiddleware(req: Request, _res: Response, next: NextFunction) {
  origins.run(originOf(req.ip, req.get("user-agent")), next);
}

/** The origin of the request being served, or null outside one (a job, a script, the seed). */
export function currentOrigin(): RequestOrigin | null {
  return origins.getStore() ?? null;
}

/** Runs `work` as if for a request from `origin` (the tests' loader and action calls). */
export function withOrigin<T>(origin: RequestOrigin, work: () => T): T {
  return origins.run(origin, work);
}
