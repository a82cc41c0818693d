import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import type { DataTableColumn } from "~/app/ui/data-table";
import { LinkTabs } from "~/app/ui/link-tabs";
import { NativeSelect } from "~/app/ui/native-select";
import { RegisterPage, RegisterTable } from "~/app/ui/register-page";
import { SearchBox } from "~/app/ui/search-box";
import { formatDate } from "~/app/utils/format";
import { requireRoute } from "~/server/permissions/guard.server";
import { NCR_STATUSES } from "../domain/ncr-workflow";
import { NCR_PATH, NCR_TABS, ncrPath } from "../server/ncr-basics";
import { loadNcrList, type NcrListRow } from "../server/ncrs.server";
import { NcrStatusBadge, useNcrText } from "../ui/ncr-status";

export const handle = { i18n: ["quality"] };

export const meta: MetaFunction = () => [{ title: "NCRs | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { em, project, can } = await requireRoute(request);
  return {
    list: await loadNcrList(em, project.id, new URL(request.url)),
    canCreate: can("quality.ncr.create"),
    canDownload: can("quality.ncr.download"),
  };
}

export default function NcrListPage() {
  const { list, canCreate, canDownload } = useLoaderData<typeof loader>();
  const { t, locale } = useNcrText();
  const location = useLocation();
  const columns: DataTableColumn<NcrListRow>[] = [
    {
      key: "number",
      header: t("quality:ncr.fields.number"),
      sortable: true,
      phone: "heading",
      cell: (row) => (
        <Link to={ncrPath(row.id)} className="font-medium whitespace-nowrap text-brand-700 hover:underline">
          {row.number}
        </Link>
      ),
    },
    {
      key: "title",
      header: t("quality:ncr.fields.title"),
      sortable: true,
      phone: "heading",
      cell: (row) => row.title,
    },
    {
      key: "type",
      header: t("quality:ncr.fields.type"),
      phone: "detail",
      hideBelow: "xl",
      cell: (row) => t(`quality:ncr.type.${row.type}`),
    },
    {
      key: "lot",
      header: t("quality:ncr.fields.lot"),
      phone: "detail",
      hideBelow: "lg",
      cell: (row) => row.lotNumber ?? "-",
    },
    {
      key: "status",
      header: t("quality:ncr.fields.status"),
      phone: "status",
      cell: (row) => <NcrStatusBadge status={row.status} />,
    },
    {
      key: "raisedOn",
      header: t("quality:ncr.fields.raisedOn"),
      sortable: true,
      phone: "detail",
      hideBelow: "md",
      cell: (row) => (row.raisedOn ? formatDate(row.raisedOn, locale) : "-"),
    },
    {
      key: "due",
      header: t("quality:ncr.fields.correctiveActionDue"),
      hideBelow: "2xl",
      cell: (row) => (row.correctiveActionDue ? formatDate(row.correctiveActionDue, locale) : "-"),
    },
  ];
  const createLink = canCreate ? (
    <Link to={`${NCR_PATH}/create`} className={buttonClass()}>
      {t("quality:ncr.list.create")}
    </Link>
  ) : null;
  const exportParams = new URLSearchParams(location.search);
  exportParams.delete("page");
  const exportQuery = exportParams.toString();
  const actions = (
    <>
      {canDownload ? (
        <Link
          to={`${NCR_PATH}/export${exportQuery ? `?${exportQuery}` : ""}`}
          reloadDocument
          className={buttonClass("secondary")}
        >
          {t("quality:ncr.list.export")}
        </Link>
      ) : null}
      {createLink}
    </>
  );
  const filtered = Boolean(list.query.q || list.query.status);
  return (
    <RegisterPage
      title={t("quality:ncr.list.title")}
      description={t("quality:ncr.list.intro")}
      actions={actions}
      search={
        <SearchBox
          label={t("quality:ncr.list.search")}
          placeholder={t("quality:ncr.list.searchPlaceholder")}
        />
      }
      filters={{
        fields: ["status"],
        activeCount: list.query.status ? 1 : 0,
        children: (
          <NativeSelect
            label={t("quality:ncr.list.statusFilter")}
            name="status"
            placeholder={t("quality:ncr.list.anyStatus")}
            defaultValue={list.query.status ?? undefined}
            options={NCR_STATUSES.map((status) => ({
              value: status,
              label: t(`quality:ncr.status.${status}`),
            }))}
          />
        ),
      }}
    >
      <LinkTabs
        label={t("quality:ncr.list.tabs")}
        tabs={NCR_TABS.map((tab) => ({ value: tab, label: t(`quality:ncr.tabs.${tab}`) }))}
        defaultValue="all"
      >
        <RegisterTable
          caption={t("quality:ncr.list.title")}
          columns={columns}
          list={list}
          rowKey={(row) => row.id}
          sort={list.query}
          filtered={filtered}
          noResults={t("quality:ncr.list.noResults")}
          items={t("quality:ncr.list.items")}
          createAction={createLink}
        />
      </LinkTabs>
    </RegisterPage>
  );
}
