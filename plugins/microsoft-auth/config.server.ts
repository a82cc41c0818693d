import { env } from "~/server/env";

/** Microsoft sign-in is on only when the issuer, client id and client secret are all configured. */
export function microsoftSignInEnabled(): boolean {
  const { MICROSOFT_ISSUER, MICROSOFT_CLIENT_ID, MICROSOFT_CLIENT_SECRET } = env();
  return Boolean(MICROSOFT_ISSUER && MICROSOFT_CLIENT_ID && MICROSOFT_CLIENT_SECRET);
}
