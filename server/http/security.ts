import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";

/** A fresh nonce per response: the only inline scripts the page may run are the ones Remix renders with it. */
export function nonceMiddleware(_req: Request, res: Response, next: NextFunction) {
  res.locals.nonce = randomBytes(16).toString("base64");
  next();
}

/** A year: what browsers' preload lists ask for; subdomains are left to whoever runs them. */
export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The response headers helmet sets. HSTS only when the product is served over https (APP_URL): a browser
 * then never tries plain http for the host again, which on a plain-http start would lock it out.
 */
export function securityHeaders(options: { development: boolean; https: boolean }) {
  return helmet({
    contentSecurityPolicy: options.development
      ? false
      : {
          useDefaults: false,
          directives: {
            "default-src": ["'self'"],
            "script-src": ["'self'", (_req, res) => `'nonce-${(res as Response).locals.nonce}'`],
            // Radix and the toaster set inline styles; scripts stay locked to the nonce.
            "style-src": ["'self'", "'unsafe-inline'"],
            "img-src": ["'self'", "data:", "blob:"],
            "font-src": ["'self'", "data:"],
            "connect-src": ["'self'"],
            "object-src": ["'none'"],
            "base-uri": ["'self'"],
            "form-action": ["'self'"],
            "frame-ancestors": ["'none'"],
          },
        },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: options.https
      ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false, preload: false }
      : false,
    xFrameOptions: { action: "deny" },
  });
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether the connection comes from a proxy TRUST_PROXY names (Express's compiled `trust proxy` setting):
 * only then do its forwarded headers speak for the client.
 */
function fromTrustedProxy(req: Request): boolean {
  const trusts = req.app?.get("trust proxy fn") as ((address: string, hop: number) => boolean) | undefined;
  return Boolean(trusts?.(req.socket?.remoteAddress ?? "", 0));
}

/**
 * Refuses state-changing requests sent by a page of another origin (cross-site request forgery).
 * Browsers send Origin with every form post; requests without it (scripts, health checks) carry no cookies of a victim.
 */
export function sameOriginMutations(req: Request, res: Response, next: NextFunction) {
  if (SAFE_METHODS.has(req.method)) return next();
  const origin = req.get("origin");
  const fetchSite = req.get("sec-fetch-site");
  if (origin && origin !== "null") {
    const host = (fromTrustedProxy(req) && req.get("x-forwarded-host")) || req.get("host");
    let originHost: string | null = null;
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = null;
    }
    if (originHost === host) return next();
  } else if (!origin && fetchSite !== "cross-site") {
    return next();
  }
  res.status(403).type("text/plain").send("Cross-origin request refused");
}
