import { createHash, createHmac, randomBytes } from "node:crypto";
import { env } from "~/server/env";

/**
 * Signed links for people without an account (quality's ITP review and client lot links, decision 022;
 * safety's sign-on links, decision 035): a token in the address, only its SHA-256 in the database (a leaked
 * database cannot be turned into working links), an expiry, a revocation and a use.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

/** A fresh token: 32 random bytes, URL-safe. */
export const newLinkToken = () => randomBytes(32).toString("base64url");

export const hashLinkToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A token no link could have (empty, or longer than any token we make) is not looked up at all. */
export const isPlausibleToken = (token: string | null | undefined): token is string =>
  Boolean(token) && (token as string).length <= 200;

export const linkExpiry = (days: number, now = new Date()) => new Date(now.getTime() + days * DAY_MS);

/**
 * A token the server can show again (a QR code on a talk's page) without storing it: an HMAC of the link's
 * id under the server's secret. Only its hash is stored, as for random tokens; without the secret a leaked
 * database still opens nothing. A new link (new id) is a new token; revoking a link ends it.
 */
export const derivedLinkToken = (purpose: string, linkId: string) =>
  createHmac("sha256", env().SESSION_SECRET).update(`${purpose}:${linkId}`).digest("base64url");
