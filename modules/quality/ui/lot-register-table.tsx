import { Link } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import { CheckboxGroup } from "~/app/ui/checkbox-group";
import { DataTable, type DataTableColumn } from "~/app/ui/data-table";
import { EmptyState } from "~/app/ui/empty-state";
import type { ListSort } from "~/app/ui/list-sort";
import type { RegisterControls } from "~/app/ui/register-page";
import { SearchBox } from "~/app/ui/search-box";
import { SearchFilter, type SearchFilterChoice } from "~/app/ui/search-filter";
import { formatDate } from "~/app/utils/format";
import {
  LOT_PATH,
  LOT_SEARCH_FILTERS,
  LOT_STATUS_LIST,
  type LotSearchFilter,
  lotFilterTextParam,
  lotFilterValuesHref,
  lotPath,
} from "../server/lot-basics";
import type { LotRegisterPage, LotRegisterQuery, LotRegisterRow } from "../server/lot-register.server";
import { useLotMessages } from "./lot-messages";
import { LotStatusBadges } from "./lot-status-badges";

/** A lot as the register shows it; the export's further columns stay on the server. */
export type LotListRow = Pick<
  LotRegisterRow,
  | "id"
  | "number"
  | "title"
  | "status"
  | "subStatus"
  | "lotType"
  | "locationPath"
  | "workPack"
  | "itpNumbers"
  | "updatedAt"
>;
export type LotListPage = Omit<LotRegisterPage, "rows"> & { rows: LotListRow[] };

/** The chosen ITPs with their labels, and the typed texts that matched nothing, by filter. */
export type LotFilterState = {
  itps: SearchFilterChoice[];
  unmatched: Partial<Record<LotSearchFilter, string>>;
};

/** The URL params the filter panel owns (lot-register.server.ts LOT_REGISTER_PARAMS, and the typed texts). */
const FILTER_FIELDS = [
  "status",
  "subStatus",
  ...LOT_SEARCH_FILTERS,
  ...LOT_SEARCH_FILTERS.map(lotFilterTextParam),
];

function LotRegisterFilterFields({ query, state }: { query: LotRegisterQuery; state: LotFilterState }) {
  const { t } = useLotMessages();
  const asChoices = (values: string[]) => values.map((value) => ({ value, label: value }));
  const searched = (filter: LotSearchFilter) => ({
    name: filter,
    textName: lotFilterTextParam(filter),
    choicesHref: (text: string) => lotFilterValuesHref(filter, text),
    unmatched: state.unmatched[filter],
  });
  return (
    <>
      <CheckboxGroup
        legend={t("quality:lot.filters.status")}
        name="status"
        options={LOT_STATUS_LIST.map((status) => ({
          value: status,
          label: t(`quality:lot.status.${status}`),
        }))}
        checked={query.statuses}
      />
      {/* Only set by a link (the quality home's "waiting for you"): shown ticked so Apply keeps it. */}
      {query.subStatuses.length > 0 ? (
        <CheckboxGroup
          legend={t("quality:lot.fields.subStatus")}
          name="subStatus"
          options={query.subStatuses.map((subStatus) => ({
            value: subStatus,
            label: t(`quality:lot.subStatus.${subStatus}`),
          }))}
          checked={query.subStatuses}
        />
      ) : null}
      <SearchFilter
        legend={t("quality:lot.filters.lotType")}
        selected={asChoices(query.lotTypes)}
        {...searched("type")}
      />
      <SearchFilter legend={t("quality:lot.filters.itp")} selected={state.itps} {...searched("itp")} />
      <SearchFilter
        legend={t("quality:lot.filters.workPack")}
        selected={asChoices(query.workPacks)}
        {...searched("workPack")}
      />
    </>
  );
}

/** The register's filters, search and export, for the All Lots view and a location's lots alike. */
export function useLotRegisterControls({
  query,
  filterState,
  exportHref,
}: {
  query: LotRegisterQuery;
  filterState: LotFilterState;
  /** Given to those who may download the register. */
  exportHref: string | null;
}): RegisterControls {
  const { t } = useLotMessages();
  // A text that matched nothing filters too (the list is empty): counted, and its message shown open.
  const unmatched = Object.keys(filterState.unmatched).length;
  return {
    filters: {
      fields: FILTER_FIELDS,
      activeCount:
        query.statuses.length +
        query.subStatuses.length +
        query.lotTypes.length +
        query.itpIds.length +
        query.workPacks.length +
        unmatched,
      defaultOpen: unmatched > 0,
      children: <LotRegisterFilterFields query={query} state={filterState} />,
    },
    search: (
      <SearchBox
        label={t("quality:lot.register.search")}
        placeholder={t("quality:lot.register.searchPlaceholder")}
      />
    ),
    exportLink: exportHref ? { href: exportHref, label: t("quality:lot.register.export") } : undefined,
  };
}

/**
 * The page of lots: a table sorted through its headers whose rows are cards on a phone, and the empty
 * states (none yet, or none matching).
 */
export function LotRegisterTable({
  page,
  sort,
  filtered,
  canCreate,
}: {
  page: LotListPage;
  sort: ListSort;
  filtered: boolean;
  canCreate: boolean;
}) {
  const { t, locale } = useLotMessages();
  const columns: DataTableColumn<LotListRow>[] = [
    {
      key: "number",
      header: t("quality:lot.columns.number"),
      sortable: true,
      phone: "heading",
      cell: (row) => (
        // One row's link is enough for Remix to discover the lot page's route for all of them; the others
        // leave their data-discover out of the page.
        <Link
          to={lotPath(row.id)}
          className="record-link"
          discover={row === page.rows[0] ? "render" : "none"}
        >
          {row.number}
        </Link>
      ),
    },
    {
      key: "title",
      header: t("quality:lot.columns.title"),
      sortable: true,
      phone: "heading",
      cell: (row) => row.title,
    },
    {
      key: "location",
      header: t("quality:lot.columns.location"),
      phone: "detail",
      cell: (row) => row.locationPath ?? "-",
      hideBelow: "md",
    },
    {
      key: "lotType",
      header: t("quality:lot.columns.lotType"),
      cell: (row) => row.lotType ?? "-",
      hideBelow: "2xl",
    },
    {
      key: "status",
      header: t("quality:lot.columns.status"),
      phone: "status",
      cell: (row) => <LotStatusBadges status={row.status} subStatus={row.subStatus} />,
    },
    {
      key: "itps",
      header: t("quality:lot.columns.itps"),
      cell: (row) => (row.itpNumbers.length ? row.itpNumbers.join(", ") : "-"),
      hideBelow: "2xl",
    },
    {
      key: "workPack",
      header: t("quality:lot.columns.workPack"),
      cell: (row) => row.workPack ?? "-",
      hideBelow: "2xl",
    },
    {
      key: "updatedAt",
      header: t("quality:lot.columns.updatedAt"),
      sortable: true,
      phone: "detail",
      cell: (row) => formatDate(row.updatedAt, locale),
      hideBelow: "sm",
      className: "whitespace-nowrap",
    },
  ];
  return (
    <DataTable
      caption={t("quality:lot.register.caption")}
      columns={columns}
      rows={page.rows}
      rowKey={(row) => row.id}
      page={page.page}
      pageSize={page.pageSize}
      total={page.total}
      sort={sort}
      empty={
        filtered ? (
          <EmptyState title={t("quality:lot.register.noResults")} />
        ) : (
          <EmptyState
            item={t("quality:lot.register.items")}
            action={
              canCreate ? (
                <Link to={`${LOT_PATH}/create`} className={buttonClass()}>
                  {t("quality:lot.register.create")}
                </Link>
              ) : null
            }
          />
        )
      }
    />
  );
}
