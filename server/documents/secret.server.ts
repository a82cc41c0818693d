import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { env } from "~/server/env";

/**
 * Secrets kept for a project's integrations (the ACC client secret) are stored encrypted with a key made
 * from SESSION_SECRET, so a database dump alone does not hand them out. Changing SESSION_SECRET makes the
 * stored secrets unreadable: the settings page then asks for the secret again.
 */
const key = () =>
  createHash("sha256").update(`siteproof:integration-secret:${env().SESSION_SECRET}`).digest();

export function encryptSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString("base64url")).join(".");
}

/** The secret, or null when it cannot be read (another SESSION_SECRET, a damaged value). */
export function decryptSecret(stored: string): string | null {
  const [iv, tag, sealed] = stored.split(".").map((part) => Buffer.from(part, "base64url"));
  if (!iv || !tag || !sealed) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key(), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
