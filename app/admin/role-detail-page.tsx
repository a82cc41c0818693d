import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "~/app/ui/button";
import { ConfirmDialog } from "~/app/ui/confirm-dialog";
import { DetailPage } from "~/app/ui/detail-page";
import { StatusBadge } from "~/app/ui/status-badge";
import type { DeleteRefusal, RoleDetailData } from "~/server/admin/roles.server";
import { RoleActivity } from "./role-activity";
import { RoleDate } from "./role-date";
import { RoleMembers } from "./role-members";
import { RolePermissionSummary } from "./role-permission-summary";

type RoleDetailPageProps = {
  data: RoleDetailData;
  can: { edit: boolean; delete: boolean };
  refusal?: DeleteRefusal["deleteError"] | null;
};

export function RoleDetailPage({ data, can, refusal }: RoleDetailPageProps) {
  const { t } = useTranslation("roles");
  const { role } = data;
  return (
    <DetailPage
      back={{ to: data.basePath, label: t("detail.back") }}
      title={role.name}
      description={t(`kind.${data.kind}`)}
      actions={
        can.edit || can.delete ? (
          <>
            {can.edit ? (
              <Link to={`${data.basePath}/${role.id}/edit`} className={buttonClass("secondary")}>
                {t("detail.edit")}
              </Link>
            ) : null}
            {can.delete ? (
              <ConfirmDialog
                tone="danger"
                trigger={<Button variant="danger">{t("detail.delete")}</Button>}
                title={t("delete.title")}
                description={t("delete.description", { name: role.name })}
                confirmLabel={t("delete.confirm")}
                submit={{ fields: { intent: "delete" } }}
              />
            ) : null}
          </>
        ) : null
      }
      toolbar={refusal ? <DeleteRefusalAlert refusal={refusal} /> : null}
      activity={<RoleActivity entries={data.activity} />}
    >
      <div className="space-y-8">
        <dl className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 text-sm sm:grid-cols-4">
          <Fact label={t("detail.kind")}>{t(`kind.${data.kind}`)}</Fact>
          <Fact label={t("detail.access")}>
            {role.fullAccess ? (
              <StatusBadge tone="success">{t("list.fullAccess")}</StatusBadge>
            ) : (
              `${t("list.limited")} · ${t("list.permissionCount", { count: role.grantedActions.length })}`
            )}
          </Fact>
          <Fact label={t("detail.created")}>
            <RoleDate value={role.createdAt} />
          </Fact>
          <Fact label={t("detail.lastUpdated")}>
            <RoleDate value={role.updatedAt} />
          </Fact>
        </dl>
        <section aria-labelledby="role-permissions" className="space-y-3">
          <h2 id="role-permissions" className="text-lg font-semibold text-slate-900">
            {t("detail.permissions")}
          </h2>
          <RolePermissionSummary
            modules={data.modules}
            fullAccess={role.fullAccess}
            grantedActions={role.grantedActions}
            levels={role.levels}
          />
        </section>
        <RoleMembers data={data} />
      </div>
    </DetailPage>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="mt-1 font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/** Spec 5 and 8: a role assigned to members cannot be deleted ('Unable to Delete Role'). */
function DeleteRefusalAlert({ refusal }: { refusal: NonNullable<RoleDetailPageProps["refusal"]> }) {
  const { t } = useTranslation("roles");
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {refusal.reason === "assigned" ? (
        <>
          <p className="font-semibold">{t("delete.unable")}</p>
          <p>{t("delete.assigned", { count: refusal.count })}</p>
        </>
      ) : (
        <p className="font-semibold">{t("delete.failed")}</p>
      )}
    </div>
  );
}
