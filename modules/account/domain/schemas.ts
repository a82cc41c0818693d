import { z } from "zod";
import { failedPasswordRules } from "~/server/auth/password-rules";

/** Error messages are translation keys of the common namespace, shown in the user's language. */
const emailField = z
  .string({ error: "validation.emailRequired" })
  .trim()
  .min(1, "validation.emailRequired")
  .max(320, "validation.invalidEmail")
  .pipe(z.email({ error: "validation.invalidEmail" }));

export const loginSchema = z.object({
  email: emailField,
  password: z.string({ error: "validation.passwordRequired" }).min(1, "validation.passwordRequired"),
  remember: z.boolean().optional(),
  redirectTo: z.string().optional(),
});

export const forgotPasswordSchema = z.object({ email: emailField });

export const setPasswordSchema = z
  .object({
    token: z.string({ error: "validation.required" }).min(1, "validation.required"),
    password: z.string({ error: "validation.passwordRequired" }).superRefine((value, ctx) => {
      if (failedPasswordRules(value).length > 0)
        ctx.addIssue({ code: "custom", message: "validation.passwordRules" });
    }),
    confirmPassword: z.string({ error: "validation.required" }),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ["confirmPassword"],
    message: "validation.passwordsDoNotMatch",
  });

export const selectProjectSchema = z.object({
  projectId: z.uuid({ error: "validation.required" }),
  redirectTo: z.string().optional(),
});

export const preferencesSchema = z.object({
  locale: z.enum(["en", "vi", "au"], { error: "validation.required" }),
  redirectTo: z.string().optional(),
});

/** Change password (profile menu): the current password, then a new one by the same rules as Set Password. */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: "account:password.currentRequired" })
      .min(1, "account:password.currentRequired"),
    password: z.string({ error: "validation.passwordRequired" }).superRefine((value, ctx) => {
      if (failedPasswordRules(value).length > 0)
        ctx.addIssue({ code: "custom", message: "validation.passwordRules" });
    }),
    confirmPassword: z.string({ error: "validation.required" }),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ["confirmPassword"],
    message: "validation.passwordsDoNotMatch",
  });
