import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/app/ui/button";
import { DataTable, type DataTableColumn } from "~/app/ui/data-table";
import { EmptyState } from "~/app/ui/empty-state";
import { RegisterPage } from "~/app/ui/register-page";
import { SearchBox } from "~/app/ui/search-box";
import { StatusBadge } from "~/app/ui/status-badge";
import type { RoleListData } from "~/server/admin/roles.server";
import { RoleDate } from "./role-date";

type Row = RoleListData["rows"][number];

/** The roles list of either page: product roles (global settings) or the project's ACC roles. */
export function RoleListPage({ data, canCreate }: { data: RoleListData; canCreate: boolean }) {
  const { t } = useTranslation("roles");
  const createLink = canCreate ? (
    <Link to={`${data.basePath}/new`} className={buttonClass("primary")}>
      {t("list.create")}
    </Link>
  ) : null;
  const columns: DataTableColumn<Row>[] = [
    {
      key: "name",
      header: t("list.name"),
      sortable: true,
      phone: "heading",
      cell: (row) => (
        <Link to={`${data.basePath}/detail/${row.id}`} className="font-medium text-brand-700 hover:underline">
          {row.name}
        </Link>
      ),
    },
    {
      key: "access",
      header: t("list.access"),
      cell: (row) => <RoleAccess row={row} />,
      phone: "status",
    },
    {
      key: "members",
      header: t("list.members"),
      align: "right",
      cell: (row) => row.memberCount,
      phone: "detail",
    },
    {
      key: "updatedAt",
      header: t("list.lastUpdated"),
      sortable: true,
      hideBelow: "sm",
      phone: "detail",
      cell: (row) => <RoleDate value={row.updatedAt} />,
    },
  ];

  return (
    <RegisterPage
      title={t(`title.${data.kind}`)}
      description={t(`intro.${data.kind}`)}
      actions={createLink}
      search={<SearchBox label={t("list.searchLabel")} placeholder={t("list.searchPlaceholder")} />}
    >
      <DataTable
        caption={t("list.caption")}
        columns={columns}
        rows={data.rows}
        rowKey={(row) => row.id}
        page={data.page}
        pageSize={data.pageSize}
        total={data.total}
        sort={data.sort}
        empty={data.q ? <EmptyState /> : <EmptyState item={t("list.item")} action={createLink} />}
      />
    </RegisterPage>
  );
}

/** Full access, or how many permissions the role grants. */
function RoleAccess({ row }: { row: Row }) {
  const { t } = useTranslation("roles");
  return row.fullAccess ? (
    <StatusBadge tone="success">{t("list.fullAccess")}</StatusBadge>
  ) : (
    <span className="text-slate-700">
      {t("list.limited")} · {t("list.permissionCount", { count: row.grantedCount })}
    </span>
  );
}
