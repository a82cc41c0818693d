import { createHash, randomBytes } from "node:crypto";

/**
 * The signed links quality mails to people without an account (the ITP review links, the lot links of the
 * client: decision 022): a random token in the address, only its SHA-256 in the database (a leaked database
 * cannot be turned into working links), an expiry, a revocation and a use.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

/** A fresh token: 32 random bytes, URL-safe. */
export const newLinkToken = () => randomBytes(32).toString("base64url");

export const hashLinkToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A token no link could have (empty, or longer than any token we make) is not looked up at all. */
export const isPlausibleToken = (token: string | null | undefined): token is string =>
  Boolean(token) && (token as string).length <= 200;

export const linkExpiry = (days: number, now = new Date()) => new Date(now.getTime() + days * DAY_MS);
