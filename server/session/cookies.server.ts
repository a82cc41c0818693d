import { createCookie } from "@remix-run/node";
import { env } from "~/server/env";

let sessionCookie: ReturnType<typeof createCookie> | undefined;
let toastCookie: ReturnType<typeof createCookie> | undefined;

function secure() {
  // Secure whenever the product is served over https; a Secure cookie on plain http would never be sent back.
  return env().APP_URL.startsWith("https://");
}

export const SESSION_COOKIE_NAME = "__session";

/** Holds only the session id, signed; the session itself lives in the database so it can be revoked. */
export function sessionIdCookie() {
  sessionCookie ??= createCookie(SESSION_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: secure(),
    secrets: [env().SESSION_SECRET],
  });
  return sessionCookie;
}

/** A one-shot message shown after a redirect. */
export function flashToastCookie() {
  toastCookie ??= createCookie("__toast", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: secure(),
    secrets: [env().SESSION_SECRET],
  });
  return toastCookie;
}
