import { createHash, randomUUID } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { env } from "~/server/env";

/**
 * A browser in which an account signed in with its password: a signed cookie with a random device id and the
 * accounts (a hash of each email) that did. The per-account sign-in limit does not apply to it (a stranger's
 * wrong passwords cannot lock the owner out of their own browser); its failures count against the device
 * instead, and the per-address limit still applies (docs/decisions/018).
 */
export type KnownDevice = { id: string; accounts: string[] };

/** A year: the owner's usual browser stays known between sign-ins that are months apart. */
const KNOWN_DEVICE_SECONDS = 365 * 24 * 60 * 60;
/** The accounts one browser remembers (a shared site office computer), newest first. */
export const KNOWN_DEVICE_ACCOUNTS = 5;

let cookie: ReturnType<typeof createCookie> | undefined;

/** Sent only to the sign-in pages, which are the only ones to read it. */
function knownDeviceCookie() {
  cookie ??= createCookie("__device", {
    httpOnly: true,
    sameSite: "lax",
    path: "/auth",
    secure: env().APP_URL.startsWith("https://"),
    secrets: [env().SESSION_SECRET],
    maxAge: KNOWN_DEVICE_SECONDS,
  });
  return cookie;
}

/** The account as the cookie names it: not the email itself, which the cookie need not carry. */
export const accountHash = (email: string) =>
  createHash("sha256").update(email.trim().toLowerCase()).digest("base64url").slice(0, 22);

async function readKnownDevice(request: Request): Promise<KnownDevice | null> {
  const value = await knownDeviceCookie().parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object") return null;
  const { id, accounts } = value as Record<string, unknown>;
  if (typeof id !== "string" || !/^[0-9a-f-]{36}$/.test(id) || !Array.isArray(accounts)) return null;
  return { id, accounts: accounts.filter((a): a is string => typeof a === "string") };
}

/** The id of this browser when the account has signed in with its password here, else null. */
export async function knownDeviceFor(request: Request, email: string): Promise<string | null> {
  const device = await readKnownDevice(request);
  return device?.accounts.includes(accountHash(email)) ? device.id : null;
}

/** After a successful password sign-in: the Set-Cookie header that makes this browser known for the account. */
export async function rememberDevice(request: Request, email: string): Promise<string> {
  const device = (await readKnownDevice(request)) ?? { id: randomUUID(), accounts: [] };
  const account = accountHash(email);
  const accounts = [account, ...device.accounts.filter((a) => a !== account)].slice(0, KNOWN_DEVICE_ACCOUNTS);
  return knownDeviceCookie().serialize({ id: device.id, accounts });
}
