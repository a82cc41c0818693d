import { Link } from "@remix-run/react";
import type { z } from "zod";
import { CheckboxGroup } from "~/app/ui/checkbox-group";
import { DataTable, type DataTableColumn } from "~/app/ui/data-table";
import { EmptyState } from "~/app/ui/empty-state";
import type { ListSort } from "~/app/ui/list-sort";
import { RegisterPage } from "~/app/ui/register-page";
import { SearchBox } from "~/app/ui/search-box";
import { formatDate } from "~/app/utils/format";
import { AddCompany, AddCompanyPanel } from "./company-add";
import { useAdminMessages } from "./company-messages";
import { COMPANY_STATUS_VALUES, CompanyStatusBadge } from "./company-status";

export type CompanyListRow = {
  id: string;
  name: string;
  trade: string | null;
  country: string | null;
  phone: string | null;
  status: string;
  membersCount: number;
  updatedAt: string;
};

type CompanyListPageProps = {
  title: string;
  intro: string;
  basePath: string;
  list: {
    query: { q: string; statuses: string[] } & ListSort;
    page: number;
    pageSize: number;
    total: number;
    rows: CompanyListRow[];
  };
  canCreate: boolean;
  schema: z.ZodType<any>;
};

const FILTER_FIELDS = ["status"] as const;

/** The company list of the project settings and the global settings (the loader decides which rows). */
export function CompanyListPage({ title, intro, basePath, list, canCreate, schema }: CompanyListPageProps) {
  const { t, locale } = useAdminMessages();
  const { query, rows, page, pageSize, total } = list;
  const columns: DataTableColumn<CompanyListRow>[] = [
    {
      key: "name",
      header: t("companies:fields.name"),
      sortable: true,
      phone: "heading",
      cell: (row) => (
        <Link to={`${basePath}/${row.id}`} className="font-medium text-brand-700 hover:underline">
          {row.name}
        </Link>
      ),
    },
    {
      key: "trade",
      header: t("companies:fields.trade"),
      sortable: true,
      cell: (row) => row.trade ?? "-",
      phone: "detail",
    },
    {
      key: "country",
      header: t("companies:fields.country"),
      sortable: true,
      cell: (row) => row.country ?? "-",
      hideBelow: "md",
      phone: "detail",
    },
    {
      key: "phone",
      header: t("companies:fields.phone"),
      cell: (row) => row.phone ?? "-",
      className: "whitespace-nowrap",
      hideBelow: "2xl",
    },
    {
      key: "status",
      header: t("companies:fields.status"),
      sortable: true,
      cell: (row) => <CompanyStatusBadge status={row.status} />,
      phone: "status",
    },
    {
      key: "members",
      header: t("companies:list.membersCount"),
      cell: (row) => row.membersCount,
      align: "right",
      phone: "detail",
    },
    {
      key: "updatedAt",
      header: t("companies:fields.updatedAt"),
      sortable: true,
      cell: (row) => formatDate(row.updatedAt, locale),
      hideBelow: "sm",
    },
  ];
  const filtered = Boolean(query.q || query.statuses.length);
  return (
    <RegisterPage
      title={title}
      description={intro}
      actions={canCreate ? <AddCompany schema={schema} /> : null}
      above={canCreate ? <AddCompanyPanel schema={schema} /> : null}
      filters={{
        fields: FILTER_FIELDS,
        activeCount: query.statuses.length,
        children: (
          <CheckboxGroup
            legend={t("companies:fields.status")}
            name="status"
            options={COMPANY_STATUS_VALUES.map((status) => ({
              value: status,
              label: t(`companies:status.${status}`),
            }))}
            checked={query.statuses}
          />
        ),
      }}
      search={
        <SearchBox label={t("companies:list.search")} placeholder={t("companies:list.searchPlaceholder")} />
      }
    >
      <DataTable
        caption={title}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        page={page}
        pageSize={pageSize}
        total={total}
        sort={query}
        empty={
          filtered ? (
            <EmptyState title={t("companies:list.noResults")} />
          ) : (
            <EmptyState item={t("companies:list.items")} />
          )
        }
      />
    </RegisterPage>
  );
}
