import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import type { DataTableColumn } from "~/app/ui/data-table";
import { RegisterPage, RegisterTable } from "~/app/ui/register-page";
import { SearchBox } from "~/app/ui/search-box";
import { Select } from "~/app/ui/select";
import { formatDateTime } from "~/app/utils/format";
import { requireRoute } from "~/server/permissions/guard.server";
import { ITP_STATUSES } from "../domain/itp-workflow";
import { ITP_PATH, itpPath } from "../server/itp-rules";
import { type ItpListRow, loadItpList } from "../server/itps.server";
import { ItpStatusBadge, useItpText } from "../ui/itp-view";

export const handle = { i18n: ["quality"] };

export const meta: MetaFunction = () => [{ title: "ITPs | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { em, can } = await requireRoute(request);
  return { list: await loadItpList(em, new URL(request.url)), canCreate: can("quality.itp.create") };
}

export default function ItpListPage() {
  const { list, canCreate } = useLoaderData<typeof loader>();
  const { t, locale } = useItpText();
  const columns: DataTableColumn<ItpListRow>[] = [
    {
      key: "number",
      header: t("quality:itp.fields.number"),
      sortable: true,
      phone: "heading",
      cell: (row) => (
        <Link to={itpPath(row.id)} className="record-link">
          {row.number}
        </Link>
      ),
    },
    {
      key: "title",
      header: t("quality:itp.fields.title"),
      sortable: true,
      phone: "heading",
      cell: (row) => row.title,
    },
    {
      key: "discipline",
      header: t("quality:itp.fields.discipline"),
      phone: "detail",
      cell: (row) => row.discipline ?? "-",
      hideBelow: "2xl",
    },
    {
      key: "status",
      header: t("quality:itp.fields.status"),
      phone: "status",
      cell: (row) => <ItpStatusBadge status={row.status} />,
    },
    {
      key: "items",
      header: t("quality:itp.fields.itemsCount"),
      phone: "detail",
      cell: (row) => row.itemsCount,
      align: "right",
      hideBelow: "sm",
    },
    {
      key: "updatedAt",
      header: t("quality:itp.fields.updatedAt"),
      sortable: true,
      cell: (row) => formatDateTime(row.updatedAt, locale),
      hideBelow: "lg",
    },
  ];
  const createLink = canCreate ? (
    <Link to={`${ITP_PATH}/create`} className={buttonClass()}>
      {t("quality:itp.list.create")}
    </Link>
  ) : null;
  const filtered = Boolean(list.query.q || list.query.status);
  return (
    <RegisterPage
      title={t("quality:itp.list.title")}
      description={t("quality:itp.list.intro")}
      actions={createLink}
      search={
        <SearchBox
          label={t("quality:itp.list.search")}
          placeholder={t("quality:itp.list.searchPlaceholder")}
        />
      }
      filters={{
        fields: ["status"],
        activeCount: list.query.status ? 1 : 0,
        children: (
          <Select
            label={t("quality:itp.list.statusFilter")}
            name="status"
            placeholder={t("quality:itp.list.anyStatus")}
            defaultValue={list.query.status ?? undefined}
            options={ITP_STATUSES.map((status) => ({
              value: status,
              label: t(`quality:itp.status.${status}`),
            }))}
          />
        ),
      }}
    >
      <RegisterTable
        caption={t("quality:itp.list.title")}
        columns={columns}
        list={list}
        rowKey={(row) => row.id}
        sort={list.query}
        filtered={filtered}
        noResults={t("quality:itp.list.noResults")}
        items={t("quality:itp.list.items")}
        createAction={createLink}
      />
    </RegisterPage>
  );
}
