import type { SubmissionResult } from "@conform-to/react";
import { useActionData } from "@remix-run/react";
import type { z } from "zod";
import { Button } from "~/app/ui/button";
import { ConfirmDialog } from "~/app/ui/confirm-dialog";
import { DetailPage } from "~/app/ui/detail-page";
import { FormAlert } from "~/app/ui/field";
import { LinkTabs } from "~/app/ui/link-tabs";
import { formatDate } from "~/app/utils/format";
import type { CompanyFormValues } from "./company-form";
import { useAdminMessages } from "./company-messages";
import { CompanyOverview } from "./company-overview";
import {
  type AssociatedProjectRow,
  type CompanyMemberRow,
  CompanyMembersTable,
  CompanyProjectsTable,
} from "./company-related-tables";
import { CompanyStatusBadge } from "./company-status";

export type CompanyDetail = {
  company: CompanyFormValues & { id: string; createdAt: string; updatedAt: string };
  usage: { members: number; projects: number };
  tab: string;
  page: number;
  pageSize: number;
  currentProjectId: string | null;
  projects: { total: number; rows: AssociatedProjectRow[] } | null;
  members: { total: number; rows: CompanyMemberRow[] } | null;
};

type CompanyDetailPageProps = {
  basePath: string;
  detail: CompanyDetail;
  can: { edit: boolean; delete: boolean };
  schema: z.ZodType<any>;
};

type DetailActionData = SubmissionResult<string[]> | { deleteBlocked: { members: number; projects: number } };

/** A company: Overview / Associated Project / Members tabs (URL-driven), and Delete. */
export function CompanyDetailPage({ basePath, detail, can, schema }: CompanyDetailPageProps) {
  const { t, locale } = useAdminMessages();
  const actionData = useActionData<DetailActionData>();
  const { company, usage } = detail;
  const deleteBlocked = actionData && "deleteBlocked" in actionData ? actionData.deleteBlocked : null;
  const lastResult = actionData && !("deleteBlocked" in actionData) ? actionData : null;
  const inUse = usage.members > 0 || usage.projects > 0;
  return (
    <DetailPage
      back={{ to: basePath, label: t("companies:detail.back") }}
      title={company.name}
      meta={<CompanyStatusBadge status={company.status} />}
      description={t("companies:detail.summary", {
        added: formatDate(company.createdAt, locale),
        updated: formatDate(company.updatedAt, locale),
      })}
      actions={
        can.delete ? (
          <div className="max-w-xs sm:text-right">
            <ConfirmDialog
              tone="danger"
              trigger={
                <Button
                  variant="danger"
                  disabled={inUse}
                  aria-describedby={inUse ? "company-in-use" : undefined}
                >
                  {t("companies:actions.delete")}
                </Button>
              }
              title={t("companies:delete.title", { name: company.name })}
              description={t("companies:delete.description")}
              confirmLabel={t("companies:actions.delete")}
              submit={{ fields: { intent: "delete" } }}
            />
            {inUse ? (
              <p id="company-in-use" className="mt-1 text-xs text-slate-500">
                {t("companies:delete.inUse", usage)}
              </p>
            ) : null}
          </div>
        ) : null
      }
      toolbar={deleteBlocked ? <FormAlert errors={[t("companies:delete.refused", deleteBlocked)]} /> : null}
    >
      <LinkTabs
        label={t("companies:detail.tabs")}
        tabs={[
          { value: "overview", label: t("companies:tabs.overview") },
          { value: "projects", label: t("companies:tabs.projects") },
          { value: "members", label: t("companies:tabs.members") },
        ]}
      >
        {detail.tab === "projects" && detail.projects ? (
          <CompanyProjectsTable
            data={detail.projects}
            page={detail.page}
            pageSize={detail.pageSize}
            currentProjectId={detail.currentProjectId}
          />
        ) : detail.tab === "members" && detail.members ? (
          <CompanyMembersTable
            data={detail.members}
            page={detail.page}
            pageSize={detail.pageSize}
            currentProjectId={detail.currentProjectId}
          />
        ) : (
          <CompanyOverview company={company} canEdit={can.edit} schema={schema} lastResult={lastResult} />
        )}
      </LinkTabs>
    </DetailPage>
  );
}
