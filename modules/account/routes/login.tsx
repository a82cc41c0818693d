import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthCard } from "~/app/pages/auth-card";
import { Button, buttonClass } from "~/app/ui/button";
import { CheckboxField, FormAlert, TextField } from "~/app/ui/field";
import { formValidation } from "~/app/ui/form-validation";
import { message, translateMessage } from "~/app/utils/message-key";
import { microsoftSignInEnabled } from "~/plugins/microsoft-auth/config.server";
import { recordSecurityEvent } from "~/server/audit/security-events.server";
import { InvalidCredentials, passwordAuthenticator } from "~/server/auth/authenticator.server";
import { knownDeviceFor, rememberDevice } from "~/server/auth/known-device.server";
import {
  clearFailedSignIns,
  recordFailedSignIn,
  SIGN_IN_LIMITS,
  type SignInAttempt,
  signInBlockedFor,
} from "~/server/auth/rate-limit.server";
import { readForm } from "~/server/http/form.server";
import { safeRedirect } from "~/server/http/safe-redirect";
import { publicRoute } from "~/server/permissions/guard.server";
import { selectSoleProject, startSession } from "~/server/session/session.server";
import { loginSchema } from "../domain/schemas";

export const meta: MetaFunction = () => [{ title: "Sign in | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await publicRoute(request);
  return { microsoftEnabled: microsoftSignInEnabled() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { em } = await publicRoute(request);
  const formData = await readForm(request.clone());
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const { email, remember } = submission.value;
  // Decided before anything is written: an unsafe target is never sent, and never fails after a sign-in.
  const target = safeRedirect(submission.value.redirectTo, "/");
  const attempt: SignInAttempt = {
    email,
    address: context?.clientAddress || "unknown",
    knownDevice: await knownDeviceFor(request, email),
  };
  const waitMinutes = await signInBlockedFor(attempt);
  if (waitMinutes !== null) {
    return data(
      submission.reply({
        formErrors: [message("auth.tooManyAttempts", { minutes: waitMinutes })],
        hideFields: ["password"],
      }),
      {
        status: 429,
      },
    );
  }
  let user: Awaited<ReturnType<ReturnType<typeof passwordAuthenticator>["authenticate"]>>;
  try {
    user = await passwordAuthenticator(em).authenticate("password", request);
  } catch (error) {
    if (!(error instanceof InvalidCredentials)) throw error;
    const locks = await recordFailedSignIn(attempt);
    const failure = { subjectEmail: email, details: { method: "password" } };
    recordSecurityEvent(em, { kind: "sign-in.failed", ...failure });
    if (locks.length > 0)
      recordSecurityEvent(em, {
        kind: "sign-in.paused",
        ...failure,
        details: { limits: locks, minutes: SIGN_IN_LIMITS.windowSeconds / 60 },
      });
    await em.flush();
    return data(submission.reply({ formErrors: ["auth.wrongCredentials"], hideFields: ["password"] }), {
      status: 401,
    });
  }
  await clearFailedSignIns(attempt);
  // Saved with the session, in one flush.
  recordSecurityEvent(em, {
    kind: "sign-in.succeeded",
    actorId: user.id,
    subjectUserId: user.id,
    subjectEmail: user.email,
    details: { method: "password", knownDevice: Boolean(attempt.knownDevice) },
  });
  const { session, setCookie } = await startSession(em, {
    userId: user.id,
    remember: Boolean(remember),
    userAgent: request.headers.get("User-Agent"),
  });
  await selectSoleProject(em, session);
  const headers = new Headers();
  headers.append("Set-Cookie", setCookie);
  headers.append("Set-Cookie", await rememberDevice(request, email));
  return redirect(target, { headers });
}

export default function LoginPage() {
  const { microsoftEnabled } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "login",
    lastResult,
    constraint: getZodConstraint(loginSchema),
    ...formValidation,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  const expired = searchParams.get("expired") === "1";
  const microsoftError = searchParams.get("error");
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const translate = (errors?: string[]) => errors?.map((error) => translateMessage(t, error));

  return (
    <AuthCard title={t("auth.signInTitle")} subtitle={t("auth.signInSubtitle")}>
      {expired ? (
        <div
          role="alert"
          className="mb-4 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          <p className="font-medium">{t("auth.sessionExpiredTitle")}</p>
          <p>{t("auth.sessionExpired")}</p>
        </div>
      ) : null}
      {microsoftError ? <FormAlert errors={[t(`auth.${microsoftError}`)]} /> : null}
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormAlert id={form.errorId} errors={translate(form.errors)} />
        <TextField
          label={t("auth.email")}
          errors={translate(fields.email.errors)}
          inputProps={{
            ...getInputProps(fields.email, { type: "email" }),
            autoComplete: "email",
            autoFocus: true,
          }}
        />
        <TextField
          label={t("auth.password")}
          errors={translate(fields.password.errors)}
          inputProps={{
            ...getInputProps(fields.password, { type: "password" }),
            autoComplete: "current-password",
          }}
        />
        <div className="flex items-center justify-between">
          <CheckboxField
            label={t("auth.staySignedIn")}
            inputProps={{ ...getInputProps(fields.remember, { type: "checkbox" }) }}
          />
          <Link to="/auth/forgot-password" className="text-sm font-medium text-brand-700 hover:underline">
            {t("auth.forgotPassword")}
          </Link>
        </div>
        <Button type="submit" className="w-full" loading={navigation.state === "submitting"}>
          {t("auth.signIn")}
        </Button>
      </Form>
      <div className="my-6 flex items-center gap-3 text-xs uppercase text-slate-400">
        <span className="h-px flex-1 bg-slate-200" />
        {t("auth.or")}
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      {microsoftEnabled ? (
        <a
          href={`/auth/microsoft${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ""}`}
          className={`${buttonClass("secondary")} w-full`}
        >
          <MicrosoftLogo />
          {t("auth.signInWithMicrosoft")}
        </a>
      ) : (
        <div>
          <button
            type="button"
            disabled
            className={`${buttonClass("secondary")} w-full`}
            aria-describedby="microsoft-off"
          >
            <MicrosoftLogo />
            {t("auth.signInWithMicrosoft")}
          </button>
          <p id="microsoft-off" className="mt-2 text-xs text-slate-500">
            {t("auth.microsoftNotConfigured")}
          </p>
        </div>
      )}
    </AuthCard>
  );
}

function MicrosoftLogo() {
  return (
    <svg aria-hidden width="16" height="16" viewBox="0 0 21 21">
      <rect x="1" y="1" width="9" height="9" fill="#f25022" />
      <rect x="11" y="1" width="9" height="9" fill="#7fba00" />
      <rect x="1" y="11" width="9" height="9" fill="#00a4ef" />
      <rect x="11" y="11" width="9" height="9" fill="#ffb900" />
    </svg>
  );
}
