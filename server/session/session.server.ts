import type { EntityManager } from "@mikro-orm/postgresql";
import { type ISession, ProjectMember, Session } from "~/server/db/entities";
import { sessionIdCookie } from "./cookies.server";

/** Spec 9: a remembered sign-in lasts 7 days. */
export const REMEMBERED_SESSION_MS = 7 * 24 * 60 * 60 * 1000;
/** Without "Stay signed in" the cookie ends with the browser and the server forgets it after 12 hours. */
export const BROWSER_SESSION_MS = 12 * 60 * 60 * 1000;

/** Starts a session and returns the Set-Cookie header for it. */
export async function startSession(
  em: EntityManager,
  input: { userId: string; remember: boolean; userAgent: string | null },
): Promise<{ session: ISession; setCookie: string }> {
  const lifetime = input.remember ? REMEMBERED_SESSION_MS : BROWSER_SESSION_MS;
  const session = em.create(Session, {
    user: input.userId,
    remember: input.remember,
    expiresAt: new Date(Date.now() + lifetime),
    userAgent: input.userAgent?.slice(0, 400) ?? null,
    currentProject: null,
    selectedModule: null,
  });
  await em.flush();
  const setCookie = await sessionIdCookie().serialize(session.id, {
    maxAge: input.remember ? lifetime / 1000 : undefined,
  });
  return { session, setCookie };
}

/** Ends the session in the database (so the cookie is worthless everywhere) and clears the cookie. */
export async function endSession(em: EntityManager, session: ISession | null): Promise<string> {
  if (session) await em.nativeDelete(Session, { id: session.id });
  return clearSessionCookie();
}

export function clearSessionCookie(): Promise<string> {
  return sessionIdCookie().serialize("", { maxAge: 0 });
}

/** A member of exactly one project goes straight into it; others choose on /access-control. */
export async function selectSoleProject(em: EntityManager, session: ISession): Promise<void> {
  const memberships = await em.find(
    ProjectMember,
    { user: session.user.id },
    { limit: 2, fields: ["project"] },
  );
  if (memberships.length !== 1) return;
  session.currentProject = memberships[0].project;
  await em.flush();
}
