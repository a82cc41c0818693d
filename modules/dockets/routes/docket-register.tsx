import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import type { DataTableColumn } from "~/app/ui/data-table";
import { LinkTabs } from "~/app/ui/link-tabs";
import { NativeSelect } from "~/app/ui/native-select";
import { RegisterPage, RegisterTable } from "~/app/ui/register-page";
import { SearchBox } from "~/app/ui/search-box";
import { SearchFilter } from "~/app/ui/search-filter";
import { usePageText } from "~/app/ui/use-page-text";
import { formatCents, formatDate } from "~/app/utils/format";
import { projectAccCost } from "~/server/acc/cost-connection.server";
import { typedFilterRedirect } from "~/server/filters/searched-filters.server";
import { searchLocations } from "~/server/locations/location-search.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { DOCKET_STATUSES, DOCKET_TYPES } from "../domain/docket-states";
import {
  AREA_TEXT,
  currencyOf,
  DOCKET_CREATE_PATH,
  DOCKET_EXPORT_PATH,
  DOCKET_FILTER_VALUES_PATH,
  DOCKETS_POST_APPROVED_PATH,
  docketPath,
} from "../server/docket-basics";
import { loadDocketRegister } from "../server/docket-register.server";
import { DocketStatusBadge } from "../ui/docket-status-badge";

export const handle = { i18n: ["dockets", "common"] };

export const meta: MetaFunction = () => [{ title: "Docket register | SiteProof" }];

/** The export takes the register's tab, search, filters and order, not its page. */
function exportSearchOf(url: URL) {
  const params = new URLSearchParams(url.searchParams);
  params.delete("page");
  const search = params.toString();
  return search ? `?${search}` : "";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const url = new URL(request.url);
  // An area typed without JavaScript: the ones the picker would have offered, as chosen ones.
  const typed = await typedFilterRedirect(url, [
    {
      textParam: AREA_TEXT,
      param: "area",
      search: (text) => searchLocations(context.em, context.project.id, text),
    },
  ]);
  if (typed.redirectTo) throw redirect(typed.redirectTo);
  const register = await loadDocketRegister(context, url);
  // Dates and amounts are written here, so the page ships no formatter.
  const currency = currencyOf(context.locale);
  const rows = register.rows.map((row) => ({
    ...row,
    docketDate: formatDate(row.docketDate, context.locale),
    total: formatCents(row.totalCents, { currency }),
  }));
  return {
    unmatched: typed.unmatched,
    register: { ...register, rows },
    canCreate: context.can("dockets.docket.create"),
    canExport: context.can("dockets.docket.download"),
    // "Post all approved" only where ACC is connected and the user posts.
    canPostAll:
      context.can("dockets.docket.post") &&
      (await projectAccCost(context.em, context.project.id)).status.connected,
    exportSearch: exportSearchOf(url),
  };
}

export default function DocketRegisterPage() {
  const { register, canCreate, canExport, canPostAll, exportSearch, unmatched } =
    useLoaderData<typeof loader>();
  const { t } = usePageText(["dockets", "common"]);
  const { query } = register;
  const field = (name: string) => t(`dockets:form.fields.${name}`);
  const columns: DataTableColumn<(typeof register.rows)[number]>[] = [
    {
      key: "number",
      header: field("number"),
      sortable: true,
      phone: "heading",
      cell: (row) => (
        <Link to={docketPath(row.id)} className="record-link">
          {row.number}
        </Link>
      ),
    },
    {
      key: "company",
      header: field("company"),
      phone: "heading",
      cell: (row) => row.company ?? "-",
    },
    {
      key: "status",
      header: field("status"),
      phone: "status",
      cell: (row) => <DocketStatusBadge status={row.status} />,
    },
    {
      key: "docketDate",
      header: field("docketDate"),
      label: field("docketDate"),
      sortable: true,
      phone: "detail",
      cell: (row) => row.docketDate,
    },
    {
      key: "type",
      header: field("type"),
      label: field("type"),
      phone: "detail",
      cell: (row) => (row.type ? t(`dockets:form.types.${row.type}`) : "-"),
      hideBelow: "md",
    },
    {
      key: "abn",
      header: field("abn"),
      label: field("abn"),
      phone: "detail",
      cell: (row) => row.abn ?? "-",
      hideBelow: "lg",
    },
    {
      key: "area",
      header: field("area"),
      label: field("area"),
      phone: "detail",
      cell: (row) => row.area ?? "-",
      hideBelow: "lg",
    },
    {
      key: "totalCents",
      header: field("total"),
      label: field("total"),
      sortable: true,
      phone: "detail",
      cell: (row) => <span className="tabular-nums">{row.total}</span>,
    },
  ];
  const createLink = (
    <>
      {canPostAll ? (
        // Posts every approved docket in one job (the details page's posting panel shows each one's state).
        <Form method="post" action={DOCKETS_POST_APPROVED_PATH}>
          <button type="submit" className={buttonClass("secondary")}>
            {t("dockets:posting.postAll")}
          </button>
        </Form>
      ) : null}
      {canCreate ? (
        <Link to={DOCKET_CREATE_PATH} className={buttonClass()}>
          {t("dockets:register.create")}
        </Link>
      ) : null}
    </>
  );
  const activeFilters = [query.status, query.type, query.company].filter(Boolean).length + query.areas.length;
  const any = t("dockets:register.any");
  return (
    <RegisterPage
      title={t("dockets:register.title")}
      description={t("dockets:register.intro")}
      actions={createLink}
      exportLink={
        canExport
          ? { href: `${DOCKET_EXPORT_PATH}${exportSearch}`, label: t("dockets:export.label") }
          : undefined
      }
      above={
        <LinkTabs
          label={t("dockets:register.tabsLabel")}
          tabs={[
            { value: "all", label: t("dockets:register.tabs.all") },
            { value: "mine", label: t("dockets:register.tabs.mine") },
          ]}
        />
      }
      search={
        <SearchBox
          label={t("dockets:register.search")}
          placeholder={t("dockets:register.searchPlaceholder")}
        />
      }
      filters={{
        fields: ["status", "type", "area", AREA_TEXT, "company"],
        activeCount: activeFilters,
        children: (
          <>
            <NativeSelect
              label={t("dockets:register.filters.status")}
              name="status"
              placeholder={any}
              defaultValue={query.status ?? undefined}
              options={DOCKET_STATUSES.map((status) => ({
                value: status,
                label: t(`dockets:status.${status}`),
              }))}
            />
            <NativeSelect
              label={t("dockets:register.filters.type")}
              name="type"
              placeholder={any}
              defaultValue={query.type ?? undefined}
              options={DOCKET_TYPES.map((type) => ({ value: type, label: t(`dockets:form.types.${type}`) }))}
            />
            <SearchFilter
              legend={t("dockets:register.filters.area")}
              name="area"
              textName={AREA_TEXT}
              selected={register.chosenAreas}
              choicesHref={(text) => `${DOCKET_FILTER_VALUES_PATH}?${new URLSearchParams({ q: text })}`}
              unmatched={unmatched.area ?? null}
            />
            <NativeSelect
              label={t("dockets:register.filters.company")}
              name="company"
              placeholder={any}
              defaultValue={query.company ?? undefined}
              options={register.companies}
            />
          </>
        ),
      }}
    >
      <RegisterTable
        caption={t("dockets:register.caption")}
        columns={columns}
        list={register}
        rowKey={(row) => row.id}
        sort={query}
        filtered={Boolean(query.q) || activeFilters > 0 || query.tab === "mine"}
        noResults={query.tab === "mine" ? t("dockets:register.noneMine") : t("dockets:register.noResults")}
        items={t("dockets:register.items")}
        createAction={createLink}
      />
    </RegisterPage>
  );
}
