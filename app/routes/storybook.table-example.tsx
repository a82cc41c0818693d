import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CheckboxGroup } from "~/app/ui/checkbox-group";
import { DataTable, type DataTableColumn } from "~/app/ui/data-table";
import { DateField } from "~/app/ui/date-field";
import { EmptyState } from "~/app/ui/empty-state";
import { DEFAULT_PAGE_SIZE, pageFromSearch } from "~/app/ui/pagination-range";
import { RegisterLayout } from "~/app/ui/register-page";
import { SearchBox } from "~/app/ui/search-box";
import { Select } from "~/app/ui/select";
import {
  LOT_STATUSES,
  type LotStatus,
  queryLots,
  readLotQuery,
  SAMPLE_OWNERS,
  type SampleLot,
  sampleLots,
} from "~/app/ui/showcase/sample-lots";
import { type BadgeTone, StatusBadge } from "~/app/ui/status-badge";
import { formatCents, formatDate } from "~/app/utils/format";
import { isLocale } from "~/server/i18n/locale";
import { requireFreeAccess } from "~/server/permissions/guard.server";

export const handle = { i18n: ["ui", "storybook"] };

export const meta: MetaFunction = () => [{ title: "Table example · Storybook · SiteProof" }];

const ANY_OWNER = "any";
const FILTER_FIELDS = ["status", "owner", "from", "to"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  requireFreeAccess(request);
  const params = new URL(request.url).searchParams;
  const query = readLotQuery(params, SAMPLE_OWNERS);
  const matching = queryLots(sampleLots(), query);
  const lastPage = Math.max(1, Math.ceil(matching.length / DEFAULT_PAGE_SIZE));
  const page = Math.min(pageFromSearch(params), lastPage);
  return {
    rows: matching.slice((page - 1) * DEFAULT_PAGE_SIZE, page * DEFAULT_PAGE_SIZE),
    total: matching.length,
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    query,
    activeFilters: query.statuses.length + [query.owner, query.from, query.to].filter(Boolean).length,
  };
}

const STATUS_TONES: Record<LotStatus, BadgeTone> = {
  open: "info",
  conformed: "success",
  onHold: "warning",
  closed: "neutral",
};

export default function TableExample() {
  const { rows, total, page, pageSize, query, activeFilters } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation(["storybook", "ui"]);
  const locale = isLocale(i18n.language) ? i18n.language : "en";
  const columns: DataTableColumn<SampleLot>[] = [
    {
      key: "reference",
      header: t("lots.reference"),
      cell: (lot) => lot.reference,
      sortable: true,
      phone: "heading",
    },
    { key: "name", header: t("lots.name"), cell: (lot) => lot.name, sortable: true, phone: "heading" },
    {
      key: "status",
      header: t("lots.status"),
      cell: (lot) => (
        <StatusBadge tone={STATUS_TONES[lot.status]}>{t(`lots.statuses.${lot.status}`)}</StatusBadge>
      ),
      phone: "status",
    },
    {
      key: "owner",
      header: t("lots.owner"),
      cell: (lot) => lot.owner,
      hideBelow: "md",
      phone: "detail",
    },
    {
      key: "amount",
      header: t("lots.amount"),
      cell: (lot) => formatCents(lot.amountCents),
      sortable: true,
      align: "right",
      phone: "detail",
    },
    {
      key: "updatedOn",
      header: t("lots.updatedOn"),
      cell: (lot) => formatDate(lot.updatedOn, locale),
      sortable: true,
      hideBelow: "sm",
    },
  ];

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <header className="space-y-2">
        <Link to="/storybook" className="text-sm text-brand-700 hover:underline">
          ← {t("lots.back")}
        </Link>
        <h1 className="text-2xl font-bold text-slate-900">{t("lots.title")}</h1>
        <p className="max-w-3xl text-slate-600">{t("lots.intro")}</p>
      </header>
      <RegisterLayout
        filters={{
          fields: FILTER_FIELDS,
          activeCount: activeFilters,
          children: (
            <>
              <CheckboxGroup
                legend={t("lots.status")}
                name="status"
                options={LOT_STATUSES.map((status) => ({
                  value: status,
                  label: t(`lots.statuses.${status}`),
                }))}
                checked={query.statuses}
              />
              <Select
                name="owner"
                label={t("lots.owner")}
                defaultValue={query.owner ?? ANY_OWNER}
                options={[
                  { value: ANY_OWNER, label: t("lots.anyOwner") },
                  ...SAMPLE_OWNERS.map((owner) => ({ value: owner, label: owner })),
                ]}
              />
              <DateField
                label={t("lots.from")}
                inputProps={{ name: "from", defaultValue: query.from ?? "" }}
              />
              <DateField label={t("lots.to")} inputProps={{ name: "to", defaultValue: query.to ?? "" }} />
            </>
          ),
        }}
        search={<SearchBox label={t("lots.searchLabel")} placeholder={t("lots.searchPlaceholder")} />}
      >
        <DataTable
          caption={t("lots.caption")}
          columns={columns}
          rows={rows}
          rowKey={(lot) => lot.reference}
          page={page}
          pageSize={pageSize}
          total={total}
          sort={query}
          empty={
            <EmptyState
              description={t("lots.noMatch")}
              action={
                <Link
                  to="/storybook/table-example"
                  className="text-sm font-medium text-brand-700 hover:underline"
                >
                  {t("lots.clear")}
                </Link>
              }
            />
          }
        />
      </RegisterLayout>
    </div>
  );
}
