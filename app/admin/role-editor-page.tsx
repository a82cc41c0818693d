import type { SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { RoleEditorData } from "~/server/admin/roles.server";
import { RoleForm } from "./role-form";

/** The create and edit pages of either kind of role. */
export function RoleEditorPage({
  data,
  lastResult,
}: {
  data: RoleEditorData;
  lastResult?: SubmissionResult | null;
}) {
  const { t } = useTranslation("roles");
  const back = data.role ? `${data.basePath}/detail/${data.role.id}` : data.basePath;
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <Link to={back} className="text-sm text-brand-700 hover:underline">
          ← {t("form.back")}
        </Link>
        <h1 className="break-words text-2xl font-semibold text-slate-900">
          {data.role ? t("form.editTitle", { name: data.role.name }) : t("form.createTitle")}
        </h1>
        <p className="text-sm text-slate-600">{t(`kind.${data.kind}`)}</p>
      </header>
      <RoleForm data={data} lastResult={lastResult} />
    </div>
  );
}
