import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/app/ui/page-header";
import type { loader } from "../routes/change-password";
import { ChangePasswordForm } from "./change-password-form";

/** Change password: the form, or why there is none (a Microsoft-only account). */
export function ChangePasswordView() {
  const { email, hasPassword } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["account", "common"]);
  return (
    <div className="mx-auto max-w-md space-y-6">
      <PageHeader title={t("account:password.title")} description={email} />
      {hasPassword ? (
        <ChangePasswordForm email={email} />
      ) : (
        <p role="status" className="rounded-md bg-slate-50 p-4 text-sm text-slate-700 ring-1 ring-slate-200">
          {t("account:password.noPassword")}
        </p>
      )}
    </div>
  );
}
