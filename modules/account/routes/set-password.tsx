import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthCard } from "~/app/pages/auth-card";
import { Button, buttonClass } from "~/app/ui/button";
import { TextField } from "~/app/ui/field";
import { formValidation } from "~/app/ui/form-validation";
import { recordSecurityEvent } from "~/server/audit/security-events.server";
import { hashPassword } from "~/server/auth/password.server";
import { checkToken } from "~/server/auth/tokens.server";
import { Session, User } from "~/server/db/entities";
import { readForm } from "~/server/http/form.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { publicRoute } from "~/server/permissions/guard.server";
import { setPasswordSchema } from "../domain/schemas";
import { PasswordRuleList } from "../ui/password-rule-list";

export const meta: MetaFunction = () => [{ title: "Set password | SiteProof" }];

type LinkState =
  | { state: "valid"; kind: "reset" | "invite"; email: string }
  | { state: "expired"; kind: "reset" | "invite" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { em } = await publicRoute(request);
  const token = new URL(request.url).searchParams.get("token");
  const check = await checkToken(em, token);
  if (check.status === "valid") {
    return { token, link: { state: "valid", kind: check.kind, email: check.token.user.email } as LinkState };
  }
  return {
    token: null,
    link: { state: "expired", kind: check.status === "expired" ? check.kind : "reset" } as LinkState,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { em } = await publicRoute(request);
  const submission = parseWithZod(await readForm(request), { schema: setPasswordSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password", "confirmPassword"] }), { status: 400 });
  }
  const check = await checkToken(em, submission.value.token);
  if (check.status !== "valid") {
    return data(
      submission.reply({
        formErrors: ["auth.resetLinkExpired"],
        hideFields: ["password", "confirmPassword"],
      }),
      {
        status: 410,
      },
    );
  }
  const passwordHash = await hashPassword(submission.value.password);
  await em.transactional(async (tx) => {
    const user = await tx.findOneOrFail(User, { id: check.token.user.id });
    user.passwordHash = passwordHash;
    const token = tx.merge(check.token);
    token.usedAt = new Date();
    // A new password signs the account out everywhere.
    await tx.nativeDelete(Session, { user: user.id });
    recordSecurityEvent(tx, {
      kind: "password.set",
      actorId: user.id,
      subjectUserId: user.id,
      subjectEmail: user.email,
      details: { link: check.kind },
    });
  });
  return redirectWithToast("/auth/login", { type: "success", message: "auth.passwordSet" });
}

export default function SetPasswordPage() {
  const { token, link } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  if (link.state === "expired" && link.kind === "invite") return <ExpiredInvitation />;
  if (link.state === "expired") return <ExpiredResetLink />;
  return <SetPasswordForm token={token!} kind={link.kind} email={link.email} key={token} t={t} />;
}

function SetPasswordForm({
  token,
  kind,
  email,
  t,
}: {
  token: string;
  kind: string;
  email: string;
  t: (k: string) => string;
}) {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [password, setPassword] = useState("");
  const [form, fields] = useForm({
    id: "set-password",
    lastResult,
    constraint: getZodConstraint(setPasswordSchema),
    ...formValidation,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: setPasswordSchema }),
  });
  return (
    <AuthCard
      title={t("auth.setPasswordTitle")}
      subtitle={kind === "invite" ? t("auth.setPasswordPrompt") : email}
    >
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="username" autoComplete="username" value={email} />
        {form.errors?.length ? (
          <div
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            {form.errors.map((e) => t(e)).join(" ")}
          </div>
        ) : null}
        <TextField
          label={t("auth.newPassword")}
          errors={fields.password.errors?.map((e) => t(e))}
          inputProps={{
            ...getInputProps(fields.password, { type: "password" }),
            autoComplete: "new-password",
            onChange: (event) => setPassword(event.currentTarget.value),
          }}
        />
        <PasswordRuleList password={password} />
        <TextField
          label={t("auth.confirmPassword")}
          errors={fields.confirmPassword.errors?.map((e) => t(e))}
          inputProps={{
            ...getInputProps(fields.confirmPassword, { type: "password" }),
            autoComplete: "new-password",
          }}
        />
        <Button type="submit" className="w-full" loading={navigation.state === "submitting"}>
          {t("auth.setPassword")}
        </Button>
      </Form>
    </AuthCard>
  );
}

/** Spec 8: a reset link that expired (or was used) — shown as a popup over the sign-in frame, works without JavaScript. */
function ExpiredResetLink() {
  const { t } = useTranslation();
  return (
    <div className="min-h-dvh bg-slate-100">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden />
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="expired-title"
        aria-describedby="expired-text"
        className="fixed left-1/2 top-1/2 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl"
      >
        <h1 id="expired-title" className="text-lg font-semibold">
          {t("auth.linkExpired")}
        </h1>
        <p id="expired-text" className="mt-2 text-sm text-slate-600">
          {t("auth.resetLinkExpired")}
        </p>
        <p className="mt-2 text-sm text-slate-600">{t("auth.setPasswordPrompt")}</p>
        <div className="mt-6 flex justify-end gap-3">
          <Link to="/auth/login" className={buttonClass("secondary")}>
            {t("auth.backToSignIn")}
          </Link>
          <Link to="/auth/forgot-password" className={buttonClass()} autoFocus>
            {t("auth.setPassword")}
          </Link>
        </div>
      </div>
    </div>
  );
}

/** Spec 8: an invitation link that expired — a page with a Done button. */
function ExpiredInvitation() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t("auth.linkExpired")}>
      <p className="text-sm text-slate-600">{t("auth.invitationExpired")}</p>
      <Link to="/auth/login" className={`${buttonClass()} mt-6 w-full`}>
        {t("auth.done")}
      </Link>
    </AuthCard>
  );
}
