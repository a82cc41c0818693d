import { Link } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { ConfirmDialog } from "~/app/ui/confirm-dialog";
import { DetailPage } from "~/app/ui/detail-page";
import { StatusBadge } from "~/app/ui/status-badge";
import { formatDateTime } from "~/app/utils/format";
import { useAdminMessages } from "./company-messages";

export type GroupDetailView = {
  id: string;
  name: string;
  description: string | null;
  members: { id: string; name: string; email: string; inProject: boolean }[];
  workers: string[];
  externalUsers: string[];
  createdAt: string;
  updatedAt: string;
  createdBy: string | null;
};

type GroupDetailPageProps = {
  basePath: string;
  group: GroupDetailView;
  can: { edit: boolean; delete: boolean };
};

export function GroupDetailPage({ basePath, group, can }: GroupDetailPageProps) {
  const { t, locale } = useAdminMessages();
  return (
    <DetailPage
      back={{ to: basePath, label: t("groups:detail.back") }}
      title={group.name}
      description={
        group.description ? <span className="whitespace-pre-line">{group.description}</span> : null
      }
      actions={
        can.edit || can.delete ? (
          <>
            {can.edit ? (
              <Link to={`${basePath}/edit-group/${group.id}`} className={buttonClass("secondary")}>
                {t("groups:actions.edit")}
              </Link>
            ) : null}
            {can.delete ? (
              <ConfirmDialog
                tone="danger"
                trigger={<Button variant="danger">{t("groups:actions.delete")}</Button>}
                title={t("groups:delete.title", { name: group.name })}
                description={t("groups:delete.description")}
                confirmLabel={t("groups:actions.delete")}
                submit={{ fields: { intent: "delete" } }}
              />
            ) : null}
          </>
        ) : null
      }
    >
      <div className="space-y-6">
        <dl className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 text-sm sm:grid-cols-3">
          <div>
            <dt className="font-medium text-slate-500">{t("groups:fields.createdAt")}</dt>
            <dd className="mt-1">{formatDateTime(group.createdAt, locale)}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-500">{t("groups:fields.createdBy")}</dt>
            <dd className="mt-1">{group.createdBy ?? "-"}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-500">{t("groups:fields.updatedAt")}</dt>
            <dd className="mt-1">{formatDateTime(group.updatedAt, locale)}</dd>
          </div>
        </dl>
        <div className="grid gap-4 lg:grid-cols-3">
          <Section
            title={t("groups:fields.members")}
            count={group.members.length}
            empty={t("groups:detail.noMembers")}
          >
            {group.members.map((member) => (
              <li key={member.id} className="px-4 py-2">
                <p className="font-medium text-slate-900">
                  {member.name}
                  {member.inProject ? null : (
                    <StatusBadge tone="warning" className="ml-2">
                      {t("groups:detail.leftProject")}
                    </StatusBadge>
                  )}
                </p>
                <p className="text-xs text-slate-500">{member.email}</p>
              </li>
            ))}
          </Section>
          <Section
            title={t("groups:fields.workers")}
            count={group.workers.length}
            empty={t("groups:detail.noWorkers")}
          >
            {group.workers.map((worker) => (
              <li key={worker} className="px-4 py-2">
                {worker}
              </li>
            ))}
          </Section>
          <Section
            title={t("groups:fields.externalUsers")}
            count={group.externalUsers.length}
            empty={t("groups:detail.noExternalUsers")}
          >
            {group.externalUsers.map((email) => (
              <li key={email} className="px-4 py-2">
                {email}
              </li>
            ))}
          </Section>
        </div>
      </div>
    </DetailPage>
  );
}

function Section({
  title,
  count,
  empty,
  children,
}: {
  title: string;
  count: number;
  empty: string;
  children: React.ReactNode;
}) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white">
      <h2 className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900">
        {title} <span className="font-normal text-slate-500">({count})</span>
      </h2>
      {count === 0 ? (
        <p className="px-4 py-3 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">{children}</ul>
      )}
    </section>
  );
}
