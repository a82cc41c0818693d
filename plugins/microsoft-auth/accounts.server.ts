import { raw } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import { type IUser, User } from "~/server/db/entities";
import type { MicrosoftIdentity } from "./oidc.server";

/**
 * The SiteProof user a Microsoft identity signs in as, or null. Accounts come only by invitation, so no
 * user is ever created here.
 * 1. The identity's subject is already linked to a user.
 * 2. Otherwise its verified email matches an active user (any letter case) who has no Microsoft account
 *    linked yet; the subject is linked so later sign-ins no longer depend on the email.
 * A user already linked to another Microsoft account is not re-linked: the link is a deliberate binding,
 * and moving it silently would hand the account to whoever holds the address at the provider.
 */
export async function findUserForMicrosoftIdentity(
  em: EntityManager,
  identity: MicrosoftIdentity,
): Promise<IUser | null> {
  const linked = await em.findOne(User, { microsoftSubject: identity.subject });
  if (linked) return linked.isActive ? linked : null;
  if (!identity.verifiedEmail) return null;
  const byEmail = await em.findOne(User, {
    [raw("lower(email)")]: identity.verifiedEmail.toLowerCase(),
    isActive: true,
  });
  if (!byEmail || byEmail.microsoftSubject) return null;
  byEmail.microsoftSubject = identity.subject;
  await em.flush();
  return byEmail;
}
