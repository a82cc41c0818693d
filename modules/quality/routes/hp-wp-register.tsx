import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import { CheckboxGroup } from "~/app/ui/checkbox-group";
import type { DataTableColumn } from "~/app/ui/data-table";
import { TextField } from "~/app/ui/field";
import { LinkTabs } from "~/app/ui/link-tabs";
import { NativeSelect } from "~/app/ui/native-select";
import { RegisterPage, RegisterTable } from "~/app/ui/register-page";
import { SearchBox } from "~/app/ui/search-box";
import { StatusBadge } from "~/app/ui/status-badge";
import { usePageText } from "~/app/ui/use-page-text";
import { formatDate, formatDateTime } from "~/app/utils/format";
import { requireRoute } from "~/server/permissions/guard.server";
import { POINT_STATES } from "../domain/point-states";
import { type HpWpRegisterRow, loadHpWpRegister } from "../server/hp-wp-register.server";
import {
  HP_WP_DUE_FILTERS,
  HP_WP_FILTER_FIELDS,
  HP_WP_NOTIFY_PATH,
  HP_WP_PARAMS,
  HP_WP_POINT_PARAM,
  HP_WP_TABS,
  isFilteredHpWpQuery,
  lotHpWpPath,
  lotPointPath,
  pointValue,
} from "../server/hp-wp-register-rules";
import { PointStateBadge } from "../ui/lot-status-badges";

export const handle = { i18n: ["quality", "common"] };

export const meta: MetaFunction = () => [{ title: "HP/WP | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { em, project, can } = await requireRoute(request);
  const register = await loadHpWpRegister(em, project.id, new URL(request.url));
  return {
    // The page's rows carry what it shows, nothing more: the loader data is in the HTML beside the table.
    register: {
      ...register,
      rows: register.rows.map(({ itpId, kind, lastAction, decidedAt, ...shown }) => shown),
    },
    // Calling the client is the notify step's permission; the notify page checks it again.
    canNotify: can("quality.lot.update-status"),
  };
}

/** The form the selection's checkboxes belong to (by their `form` attribute: the table is not inside it). */
const SELECTION_FORM = "hp-wp-selection";

/** A point the client can be called to: not started, or rejected and fixed. */
type ShownPoint = Omit<HpWpRegisterRow, "itpId" | "kind" | "lastAction" | "decidedAt">;

const notifiable = (row: ShownPoint) => row.state === "not_started" || row.state === "rejected";

/**
 * /quality/hp-wp: every hold or witness point of the project's lots, one tab per kind (spec 2: "Witness
 * Point", "Hold Point"), searched, filtered, ordered and paged through the URL. Points the client can be
 * called to are ticked and sent with a plain GET form to the notify page, without JavaScript.
 */
export default function HpWpRegisterPage() {
  const { register, canNotify } = useLoaderData<typeof loader>();
  const { t, locale } = usePageText(["quality", "common"]);
  const { query } = register;
  const pointLabel = (row: ShownPoint) => `${row.itpNumber} #${row.position} ${row.activity}`;
  const columns: DataTableColumn<ShownPoint>[] = [
    {
      key: "point",
      header: t("quality:hpWpRegister.fields.point"),
      phone: "heading",
      cell: (row) => (
        <Link to={lotPointPath(row.lotId, row.itemId)} className="record-link">
          {pointLabel(row)}
        </Link>
      ),
    },
    {
      key: "lot",
      header: t("quality:hpWpRegister.fields.lot"),
      sortable: true,
      phone: "detail",
      cell: (row) => (
        // relative: above the heading's link, which covers the card on a phone.
        <Link to={lotHpWpPath(row.lotId)} className="record-link relative">
          {row.lotNumber} · {row.lotTitle}
        </Link>
      ),
    },
    {
      key: "state",
      header: t("quality:hpWpRegister.fields.state"),
      phone: "status",
      cell: (row) => <PointStateBadge state={row.state} />,
    },
    {
      key: "dueOn",
      header: t("quality:hpWpRegister.fields.dueOn"),
      sortable: true,
      phone: "detail",
      hideBelow: "sm",
      cell: (row) =>
        row.dueOn ? (
          <span className="whitespace-nowrap">
            {formatDate(row.dueOn, locale)}
            {row.overdue ? (
              <StatusBadge tone="danger" className="ml-1">
                {t("quality:hpWpRegister.overdue")}
              </StatusBadge>
            ) : null}
          </span>
        ) : (
          "-"
        ),
    },
    {
      key: "location",
      header: t("quality:hpWpRegister.fields.location"),
      phone: "detail",
      hideBelow: "lg",
      cell: (row) => row.locationPath ?? "-",
    },
    {
      key: "notifiedAt",
      header: t("quality:hpWpRegister.fields.notifiedAt"),
      hideBelow: "xl",
      cell: (row) => (row.notifiedAt ? formatDateTime(row.notifiedAt, locale) : "-"),
    },
  ];
  if (canNotify)
    columns.push({
      key: "select",
      header: t("quality:hpWpRegister.fields.select"),
      phone: "detail",
      cell: (row) =>
        notifiable(row) ? (
          <input
            type="checkbox"
            form={SELECTION_FORM}
            name={HP_WP_POINT_PARAM}
            value={pointValue(row.lotId, row.itemId)}
            aria-label={t("quality:hpWpRegister.selectPoint", {
              lot: row.lotNumber,
              itp: row.itpNumber,
              position: row.position,
            })}
            className="relative size-4"
          />
        ) : null,
    });
  const activeFilters = [query.states.length > 0, query.lot, query.itp, query.location, query.due].filter(
    Boolean,
  ).length;
  const selection =
    canNotify && register.rows.some(notifiable) ? (
      <form
        id={SELECTION_FORM}
        method="get"
        action={HP_WP_NOTIFY_PATH}
        className="flex flex-wrap items-center gap-3"
      >
        <p className="text-sm text-slate-600">{t("quality:hpWpRegister.selectionHint")}</p>
        <button type="submit" className={buttonClass("secondary")}>
          {t("quality:hpWpRegister.notify")}
        </button>
      </form>
    ) : null;
  return (
    <RegisterPage
      title={t("quality:hpWpRegister.title")}
      description={t("quality:hpWpRegister.intro")}
      above={
        <LinkTabs
          label={t("quality:hpWpRegister.tabsLabel")}
          param={HP_WP_PARAMS.tab}
          tabs={HP_WP_TABS.map((tab) => ({ value: tab, label: t(`quality:hpWpRegister.tabs.${tab}`) }))}
        />
      }
      search={
        <SearchBox
          label={t("quality:hpWpRegister.search")}
          placeholder={t("quality:hpWpRegister.searchPlaceholder")}
        />
      }
      filters={{
        fields: HP_WP_FILTER_FIELDS,
        activeCount: activeFilters,
        children: (
          <>
            <CheckboxGroup
              legend={t("quality:hpWpRegister.filters.state")}
              name={HP_WP_PARAMS.state}
              options={POINT_STATES.map((state) => ({
                value: state,
                label: t(`quality:hpWp.state.${state}`),
              }))}
              checked={query.states}
            />
            <NativeSelect
              label={t("quality:hpWpRegister.filters.due")}
              name={HP_WP_PARAMS.due}
              placeholder={t("quality:hpWpRegister.filters.anyDue")}
              defaultValue={query.due ?? undefined}
              options={HP_WP_DUE_FILTERS.map((due) => ({
                value: due,
                label: t(`quality:hpWpRegister.filters.dueValue.${due}`),
              }))}
            />
            <TextField
              label={t("quality:hpWpRegister.filters.lot")}
              inputProps={{
                name: HP_WP_PARAMS.lot,
                placeholder: t("quality:hpWpRegister.filters.lotPlaceholder"),
                defaultValue: query.lot,
              }}
            />
            <TextField
              label={t("quality:hpWpRegister.filters.itp")}
              inputProps={{
                name: HP_WP_PARAMS.itp,
                placeholder: t("quality:hpWpRegister.filters.itpPlaceholder"),
                defaultValue: query.itp,
              }}
            />
            <TextField
              label={t("quality:hpWpRegister.filters.location")}
              inputProps={{
                name: HP_WP_PARAMS.location,
                placeholder: t("quality:hpWpRegister.filters.locationPlaceholder"),
                defaultValue: query.location,
              }}
            />
          </>
        ),
      }}
    >
      {selection}
      <RegisterTable
        caption={t("quality:hpWpRegister.caption")}
        columns={columns}
        list={register}
        rowKey={(row) => `${row.lotId}:${row.itemId}`}
        sort={query}
        filtered={isFilteredHpWpQuery(query)}
        noResults={t("quality:hpWpRegister.noResults")}
        items={t("quality:hpWpRegister.items")}
      />
    </RegisterPage>
  );
}
