import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthCard } from "~/app/pages/auth-card";
import { Button } from "~/app/ui/button";
import { TextField } from "~/app/ui/field";
import { formValidation } from "~/app/ui/form-validation";
import { sendMail } from "~/plugins/mail/mail.server";
import { recordSecurityEvent } from "~/server/audit/security-events.server";
import { allowResetMail } from "~/server/auth/rate-limit.server";
import { issueToken } from "~/server/auth/tokens.server";
import { User } from "~/server/db/entities";
import { env } from "~/server/env";
import { readForm } from "~/server/http/form.server";
import { serverT } from "~/server/i18n/i18n.server";
import { publicRoute } from "~/server/permissions/guard.server";
import { forgotPasswordSchema } from "../domain/schemas";

export const meta: MetaFunction = () => [{ title: "Forgot password | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await publicRoute(request);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { em, locale } = await publicRoute(request);
  const submission = parseWithZod(await readForm(request), { schema: forgotPasswordSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply(), sentTo: null }, { status: 400 });
  const email = submission.value.email.toLowerCase();
  // The answer is the same whether or not the account exists, so the page cannot be used to find accounts,
  // and whether or not the limits let the mail go, so it cannot be used to fill someone's mailbox.
  const mayMail = await allowResetMail(email, context?.clientAddress || "unknown");
  const user = mayMail ? await em.findOne(User, { email, isActive: true }) : null;
  if (user) {
    const token = await issueToken(em, user, "reset");
    const t = await serverT(user.locale === "vi" || user.locale === "au" ? user.locale : locale);
    const link = `${env().APP_URL}/auth/set-password?token=${encodeURIComponent(token)}`;
    recordSecurityEvent(em, {
      kind: "password.reset-requested",
      subjectUserId: user.id,
      subjectEmail: user.email,
    });
    await em.flush();
    await sendMail(em, {
      to: user.email,
      subject: t("auth.resetMail.subject"),
      text: t("auth.resetMail.body", { name: user.name, link }),
    });
  }
  return data({ result: submission.reply({ resetForm: true }), sentTo: email });
}

export default function ForgotPasswordPage() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: actionData?.result,
    defaultValue: { email: searchParams.get("email") ?? "" },
    constraint: getZodConstraint(forgotPasswordSchema),
    ...formValidation,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
  });
  return (
    <AuthCard title={t("auth.forgotTitle")} subtitle={t("auth.forgotIntro")}>
      {actionData?.sentTo ? (
        <p
          role="status"
          className="mb-4 rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900"
        >
          {t("auth.resetSent", { email: actionData.sentTo })}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <TextField
          label={t("auth.email")}
          errors={fields.email.errors?.map((e) => t(e))}
          inputProps={{
            ...getInputProps(fields.email, { type: "email" }),
            autoComplete: "email",
            autoFocus: true,
          }}
        />
        <Button type="submit" className="w-full" loading={navigation.state === "submitting"}>
          {t("auth.sendLink")}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to="/auth/login" className="font-medium text-brand-700 hover:underline">
          {t("auth.backToSignIn")}
        </Link>
      </p>
    </AuthCard>
  );
}
