import { Link } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import { DataTable, type DataTableColumn } from "~/app/ui/data-table";
import { EmptyState } from "~/app/ui/empty-state";
import type { ListSort } from "~/app/ui/list-sort";
import { RegisterPage } from "~/app/ui/register-page";
import { SearchBox } from "~/app/ui/search-box";
import { formatDate } from "~/app/utils/format";
import { useAdminMessages } from "./company-messages";

export type GroupListRow = {
  id: string;
  name: string;
  membersCount: number;
  workersCount: number;
  externalUsersCount: number;
  createdAt: string;
  createdBy: string | null;
};

type GroupListPageProps = {
  basePath: string;
  list: {
    query: { q: string } & ListSort;
    page: number;
    pageSize: number;
    total: number;
    rows: GroupListRow[];
  };
  canCreate: boolean;
};

export function GroupListPage({ basePath, list, canCreate }: GroupListPageProps) {
  const { t, locale } = useAdminMessages();
  const columns: DataTableColumn<GroupListRow>[] = [
    {
      key: "name",
      header: t("groups:fields.name"),
      sortable: true,
      phone: "heading",
      cell: (row) => (
        <Link to={`${basePath}/${row.id}`} className="font-medium text-brand-700 hover:underline">
          {row.name}
        </Link>
      ),
    },
    {
      key: "members",
      header: t("groups:list.membersCount"),
      cell: (row) => row.membersCount,
      align: "right",
      phone: "detail",
    },
    {
      key: "workers",
      header: t("groups:list.workersCount"),
      cell: (row) => row.workersCount,
      align: "right",
      phone: "detail",
    },
    {
      key: "externalUsers",
      header: t("groups:list.externalUsersCount"),
      cell: (row) => row.externalUsersCount,
      align: "right",
      phone: "detail",
    },
    {
      key: "createdAt",
      header: t("groups:fields.createdAt"),
      sortable: true,
      cell: (row) => formatDate(row.createdAt, locale),
      hideBelow: "sm",
      phone: "detail",
    },
    {
      key: "createdBy",
      header: t("groups:fields.createdBy"),
      cell: (row) => row.createdBy ?? "-",
      hideBelow: "md",
    },
  ];
  const createLink = canCreate ? (
    <Link to={`${basePath}/create-group`} className={buttonClass()}>
      {t("groups:actions.create")}
    </Link>
  ) : null;
  return (
    <RegisterPage
      title={t("groups:list.title")}
      description={t("groups:list.intro")}
      actions={createLink}
      search={<SearchBox label={t("groups:list.search")} placeholder={t("groups:list.searchPlaceholder")} />}
    >
      <DataTable
        caption={t("groups:list.title")}
        columns={columns}
        rows={list.rows}
        rowKey={(row) => row.id}
        page={list.page}
        pageSize={list.pageSize}
        total={list.total}
        sort={list.query}
        empty={
          list.query.q ? (
            <EmptyState title={t("groups:list.noResults")} />
          ) : (
            <EmptyState item={t("groups:list.items")} action={createLink} />
          )
        }
      />
    </RegisterPage>
  );
}
