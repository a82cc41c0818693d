import { DataTable, type DataTableColumn } from "~/app/ui/data-table";
import { EmptyState } from "~/app/ui/empty-state";
import { StatusBadge } from "~/app/ui/status-badge";
import { formatDate } from "~/app/utils/format";
import { useAdminMessages } from "./company-messages";

export type AssociatedProjectRow = {
  id: string;
  name: string;
  number: string;
  isCompanyProject: boolean;
  membersCount: number;
};

export type CompanyMemberRow = {
  id: string;
  name: string;
  email: string;
  projectId: string;
  project: string;
  productRole: string | null;
  accRole: string | null;
  addedOn: string;
};

type TableProps<Row> = {
  data: { total: number; rows: Row[] };
  page: number;
  pageSize: number;
  /** Marks the project being worked in, on the project settings pages. */
  currentProjectId: string | null;
};

function ThisProject() {
  const { t } = useAdminMessages();
  return (
    <StatusBadge tone="info" className="ml-2">
      {t("companies:projects.thisProject")}
    </StatusBadge>
  );
}

/** Associated Project: projects whose company this is, or that have members of this company. */
export function CompanyProjectsTable({
  data,
  page,
  pageSize,
  currentProjectId,
}: TableProps<AssociatedProjectRow>) {
  const { t } = useAdminMessages();
  const columns: DataTableColumn<AssociatedProjectRow>[] = [
    {
      key: "name",
      header: t("companies:projects.name"),
      cell: (row) => (
        <span className="font-medium">
          {row.name}
          {row.id === currentProjectId ? <ThisProject /> : null}
        </span>
      ),
    },
    { key: "number", header: t("companies:projects.number"), cell: (row) => row.number },
    {
      key: "relation",
      header: t("companies:projects.relation"),
      cell: (row) =>
        row.isCompanyProject ? t("companies:projects.projectCompany") : t("companies:projects.membersOnly"),
      className: "hidden md:table-cell",
    },
    {
      key: "members",
      header: t("companies:projects.membersCount"),
      cell: (row) => row.membersCount,
      align: "right",
    },
  ];
  return (
    <DataTable
      caption={t("companies:tabs.projects")}
      columns={columns}
      rows={data.rows}
      rowKey={(row) => row.id}
      page={page}
      pageSize={pageSize}
      total={data.total}
      empty={<EmptyState item={t("companies:projects.items")} />}
    />
  );
}

/** Members: the project members who belong to this company, in every project (spec 3). */
export function CompanyMembersTable({
  data,
  page,
  pageSize,
  currentProjectId,
}: TableProps<CompanyMemberRow>) {
  const { t, locale } = useAdminMessages();
  const columns: DataTableColumn<CompanyMemberRow>[] = [
    {
      key: "name",
      header: t("companies:members.name"),
      cell: (row) => (
        <div>
          <p className="font-medium">{row.name}</p>
          <p className="text-xs text-slate-500">{row.email}</p>
        </div>
      ),
    },
    {
      key: "project",
      header: t("companies:members.project"),
      cell: (row) => (
        <span>
          {row.project}
          {row.projectId === currentProjectId ? <ThisProject /> : null}
        </span>
      ),
    },
    { key: "productRole", header: t("companies:members.productRole"), cell: (row) => row.productRole ?? "-" },
    {
      key: "accRole",
      header: t("companies:members.accRole"),
      cell: (row) => row.accRole ?? "-",
      className: "hidden md:table-cell",
    },
    {
      key: "addedOn",
      header: t("companies:members.addedOn"),
      cell: (row) => formatDate(row.addedOn, locale),
      className: "hidden sm:table-cell",
    },
  ];
  return (
    <DataTable
      caption={t("companies:tabs.members")}
      columns={columns}
      rows={data.rows}
      rowKey={(row) => row.id}
      page={page}
      pageSize={pageSize}
      total={data.total}
      empty={<EmptyState item={t("companies:members.items")} />}
    />
  );
}
