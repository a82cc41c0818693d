/** The account pages' forms, for the fuzz suite (tests/fuzz). */
import { z } from "zod";
import { issueToken } from "~/server/auth/tokens.server";
import { fuzzTargets } from "~/tests/fuzz/targets";
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  preferencesSchema,
  selectProjectSchema,
  setPasswordSchema,
} from "../domain/schemas";

export const targets = fuzzTargets({
  "/auth/login": { forms: [{ name: "sign in", schema: loginSchema }] },
  "/auth/forgot-password": { forms: [{ name: "reset link", schema: forgotPasswordSchema }] },
  "/auth/set-password": {
    forms: [{ name: "any link", schema: setPasswordSchema }],
    async arrange(world) {
      const token = await issueToken(world.em, world.withoutRights.user, "reset");
      return { forms: [{ name: "a valid link", schema: setPasswordSchema, fixed: { token } }] };
    },
  },
  "/access-control": { forms: [{ name: "select project", schema: selectProjectSchema }] },
  "/account/preferences": { forms: [{ name: "language", schema: preferencesSchema }] },
  "/account/password": { forms: [{ name: "change password", schema: changePasswordSchema }] },
  "/auth/logout": { forms: [{ name: "sign out", schema: z.object({}) }], doneAt: /^\/auth\/login$/ },
});
