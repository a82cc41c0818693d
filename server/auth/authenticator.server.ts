import type { EntityManager } from "@mikro-orm/postgresql";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { type IUser, User } from "~/server/db/entities";
import { verifyNothing, verifyPassword } from "./password.server";

export class InvalidCredentials extends Error {
  override name = "InvalidCredentials";
}

/** Email-and-password sign-in through remix-auth's form strategy. */
export function passwordAuthenticator(em: EntityManager) {
  const authenticator = new Authenticator<IUser>();
  authenticator.use(
    new FormStrategy(async ({ form }) => {
      const email = String(form.get("email") ?? "")
        .trim()
        .toLowerCase();
      const password = String(form.get("password") ?? "");
      const user = await em.findOne(User, { email });
      const valid = user?.isActive
        ? await verifyPassword(password, user.passwordHash)
        : await verifyNothing(password);
      if (!user || !valid) throw new InvalidCredentials();
      return user;
    }),
    "password",
  );
  return authenticator;
}
