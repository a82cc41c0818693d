import type { SubmissionResult } from "@conform-to/react";
import { Link, useActionData, useLocation, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import type { z } from "zod";
import { buttonClass } from "~/app/ui/button";
import { DataTable, type DataTableColumn } from "~/app/ui/data-table";
import { Dialog, DialogClose } from "~/app/ui/dialog";
import { EmptyState } from "~/app/ui/empty-state";
import { FilterPanel } from "~/app/ui/filter-panel";
import type { ListSort } from "~/app/ui/list-sort";
import { SearchBox } from "~/app/ui/search-box";
import { hrefWithParams } from "~/app/ui/search-params";
import { useHydrated } from "~/app/ui/use-hydrated";
import { formatDate } from "~/app/utils/format";
import { CompanyForm } from "./company-form";
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
const ADD_PARAM = "add";

/** The company list of the project settings and the global settings (the loader decides which rows). */
export function CompanyListPage({ title, intro, basePath, list, canCreate, schema }: CompanyListPageProps) {
  const { t, locale } = useAdminMessages();
  const { query, rows, page, pageSize, total } = list;
  const columns: DataTableColumn<CompanyListRow>[] = [
    {
      key: "name",
      header: t("companies:fields.name"),
      sortable: true,
      cell: (row) => (
        <Link to={`${basePath}/${row.id}`} className="font-medium text-brand-700 hover:underline">
          {row.name}
        </Link>
      ),
    },
    { key: "trade", header: t("companies:fields.trade"), sortable: true, cell: (row) => row.trade ?? "-" },
    {
      key: "country",
      header: t("companies:fields.country"),
      sortable: true,
      cell: (row) => row.country ?? "-",
      className: "hidden md:table-cell",
    },
    {
      key: "phone",
      header: t("companies:fields.phone"),
      cell: (row) => row.phone ?? "-",
      className: "hidden whitespace-nowrap lg:table-cell",
    },
    {
      key: "status",
      header: t("companies:fields.status"),
      sortable: true,
      cell: (row) => <CompanyStatusBadge status={row.status} />,
    },
    {
      key: "members",
      header: t("companies:list.membersCount"),
      cell: (row) => row.membersCount,
      align: "right",
    },
    {
      key: "updatedAt",
      header: t("companies:fields.updatedAt"),
      sortable: true,
      cell: (row) => formatDate(row.updatedAt, locale),
      className: "hidden sm:table-cell",
    },
  ];
  const filtered = Boolean(query.q || query.statuses.length);
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
          <p className="mt-1 max-w-3xl text-sm text-slate-600">{intro}</p>
        </div>
        {canCreate ? <AddCompany schema={schema} /> : null}
      </header>
      <div className="grid gap-4 lg:grid-cols-[16rem_1fr]">
        <aside>
          <FilterPanel fields={FILTER_FIELDS} activeCount={query.statuses.length} defaultOpen>
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-slate-800">{t("companies:fields.status")}</legend>
              {COMPANY_STATUS_VALUES.map((status) => (
                <label key={status} className="flex items-center gap-2 text-sm text-slate-700">
                  <input
                    type="checkbox"
                    name="status"
                    value={status}
                    defaultChecked={query.statuses.includes(status)}
                    className="size-4"
                  />
                  {t(`companies:status.${status}`)}
                </label>
              ))}
            </fieldset>
          </FilterPanel>
        </aside>
        <div className="min-w-0 space-y-4">
          <SearchBox label={t("companies:list.search")} placeholder={t("companies:list.searchPlaceholder")} />
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
        </div>
      </div>
    </div>
  );
}

/**
 * Add company opens a dialog. Without JavaScript the button is a link to ?add=1, where the same form
 * is shown on the page; a refused submit comes back there with its messages.
 */
function AddCompany({ schema }: { schema: z.ZodType<any> }) {
  const { t } = useAdminMessages();
  const hydrated = useHydrated();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const requested = searchParams.get(ADD_PARAM) === "1";
  const [open, setOpen] = useState(requested || Boolean(lastResult));
  const form = (
    <CompanyForm
      id="company-create"
      schema={schema}
      intent="create"
      lastResult={lastResult}
      submitLabel={t("companies:actions.add")}
      secondaryAction={
        hydrated ? (
          <DialogClose className={buttonClass("secondary")}>{t("companies:actions.cancel")}</DialogClose>
        ) : (
          <Link
            to={hrefWithParams(location.pathname, location.search, { [ADD_PARAM]: null })}
            className={buttonClass("secondary")}
          >
            {t("companies:actions.cancel")}
          </Link>
        )
      }
    />
  );
  const addHref = hrefWithParams(location.pathname, location.search, { [ADD_PARAM]: "1" });
  if (!hydrated) {
    return (
      <>
        <Link to={addHref} className={buttonClass()}>
          {t("companies:actions.add")}
        </Link>
        {requested || lastResult ? (
          <section
            aria-labelledby="add-company-title"
            className="w-full rounded-lg border border-slate-200 bg-white p-4"
          >
            <h2 id="add-company-title" className="mb-4 text-lg font-semibold">
              {t("companies:create.title")}
            </h2>
            {form}
          </section>
        ) : null}
      </>
    );
  }
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t("companies:create.title")}
      description={t("companies:create.description")}
      className="max-w-2xl"
      trigger={
        <button type="button" className={buttonClass()}>
          {t("companies:actions.add")}
        </button>
      }
    >
      {form}
    </Dialog>
  );
}
