import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/app/ui/button";
import { TextField } from "~/app/ui/field";
import { formValidation } from "~/app/ui/form-validation";
import { changePasswordSchema } from "../domain/schemas";
import type { action } from "../routes/change-password";
import { PasswordRuleList } from "./password-rule-list";

/** Current, new and confirmed password, with the Set Password page's rules ticked off as they are met. */
export function ChangePasswordForm({ email }: { email: string }) {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation(["account", "common"]);
  const [password, setPassword] = useState("");
  const [form, fields] = useForm({
    id: "change-password",
    lastResult,
    constraint: getZodConstraint(changePasswordSchema),
    ...formValidation,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
  });
  // The shared rules' messages are keys of the common namespace, the page's own of the account one.
  const message = (key: string) => t(key.includes(":") ? key : `common:${key}`);
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="space-y-4 rounded-lg bg-white p-4 ring-1 ring-slate-200"
    >
      <input type="hidden" name="username" autoComplete="username" value={email} />
      {form.errors?.length ? (
        <div
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {form.errors.map(message).join(" ")}
        </div>
      ) : null}
      <TextField
        label={t("account:password.current")}
        errors={fields.currentPassword.errors?.map(message)}
        inputProps={{
          ...getInputProps(fields.currentPassword, { type: "password" }),
          autoComplete: "current-password",
        }}
      />
      <TextField
        label={t("common:auth.newPassword")}
        errors={fields.password.errors?.map(message)}
        inputProps={{
          ...getInputProps(fields.password, { type: "password" }),
          autoComplete: "new-password",
          onChange: (event) => setPassword(event.currentTarget.value),
        }}
      />
      <PasswordRuleList password={password} />
      <TextField
        label={t("common:auth.confirmPassword")}
        errors={fields.confirmPassword.errors?.map(message)}
        inputProps={{
          ...getInputProps(fields.confirmPassword, { type: "password" }),
          autoComplete: "new-password",
        }}
      />
      <Button type="submit" loading={navigation.state === "submitting"}>
        {t("account:password.submit")}
      </Button>
    </Form>
  );
}
