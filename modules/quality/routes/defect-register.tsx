import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import type { DataTableColumn } from "~/app/ui/data-table";
import { LinkTabs } from "~/app/ui/link-tabs";
import { NativeSelect } from "~/app/ui/native-select";
import { RegisterPage, RegisterTable } from "~/app/ui/register-page";
import { SearchBox } from "~/app/ui/search-box";
import { StatusBadge } from "~/app/ui/status-badge";
import { formatDate } from "~/app/utils/format";
import { requireRoute } from "~/server/permissions/guard.server";
import { DEFECT_PRIORITIES, DEFECT_STATUSES } from "../domain/defect-workflow";
import { DEFECT_PATH, defectPath } from "../server/defect-basics";
import { type DefectRegisterRow, loadDefectRegister } from "../server/defects.server";
import { DefectPriorityBadge, DefectStatusBadge, useDefectText } from "../ui/defect-status";

export const handle = { i18n: ["quality", "common"] };

export const meta: MetaFunction = () => [{ title: "Punch list | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  return {
    register: await loadDefectRegister(context, new URL(request.url)),
    canCreate: context.can("quality.defects.create"),
    canExport: context.can("quality.defects.download"),
  };
}

export default function DefectRegisterPage() {
  const { register, canCreate, canExport } = useLoaderData<typeof loader>();
  const location = useLocation();
  const { t, locale } = useDefectText();
  const { query } = register;
  const due = (row: DefectRegisterRow) =>
    row.dueDate ? (
      <span className="whitespace-nowrap">
        {formatDate(row.dueDate, locale)}
        {row.overdue ? (
          <StatusBadge tone="danger" className="ml-1">
            {t("quality:defect.register.overdue")}
          </StatusBadge>
        ) : null}
      </span>
    ) : (
      "-"
    );
  const columns: DataTableColumn<DefectRegisterRow>[] = [
    {
      key: "number",
      header: t("quality:defect.fields.number"),
      sortable: true,
      phone: "heading",
      cell: (row) => (
        <Link to={defectPath(row.id)} className="record-link">
          {row.number}
        </Link>
      ),
    },
    {
      key: "title",
      header: t("quality:defect.fields.title"),
      sortable: true,
      phone: "heading",
      cell: (row) => row.title,
    },
    {
      key: "status",
      header: t("quality:defect.fields.status"),
      phone: "status",
      cell: (row) => <DefectStatusBadge status={row.status} />,
    },
    {
      key: "priority",
      header: t("quality:defect.fields.priority"),
      label: t("quality:defect.fields.priority"),
      phone: "detail",
      cell: (row) => <DefectPriorityBadge priority={row.priority} />,
      hideBelow: "md",
    },
    {
      key: "assignee",
      header: t("quality:defect.fields.assignee"),
      phone: "detail",
      cell: (row) => row.assignee ?? "-",
      hideBelow: "lg",
    },
    {
      key: "location",
      header: t("quality:defect.fields.location"),
      cell: (row) => row.location ?? "-",
      hideBelow: "xl",
    },
    {
      key: "lot",
      header: t("quality:defect.fields.lot"),
      cell: (row) => row.lot ?? "-",
      hideBelow: "2xl",
    },
    {
      key: "dueDate",
      header: t("quality:defect.fields.dueDate"),
      sortable: true,
      phone: "detail",
      cell: due,
      hideBelow: "sm",
    },
  ];
  const createLink = canCreate ? (
    <Link to={`${DEFECT_PATH}/create`} className={buttonClass()}>
      {t("quality:defect.register.create")}
    </Link>
  ) : null;
  const activeFilters = [query.status, query.priority, query.assignee, query.lot].filter(Boolean).length;
  const filtered = Boolean(query.q) || activeFilters > 0 || query.tab === "mine";
  return (
    <RegisterPage
      title={t("quality:defect.register.title")}
      description={t("quality:defect.register.intro")}
      actions={createLink}
      exportLink={
        canExport
          ? { href: `${DEFECT_PATH}/export${location.search}`, label: t("quality:defect.register.export") }
          : undefined
      }
      above={
        <LinkTabs
          label={t("quality:defect.register.tabsLabel")}
          tabs={[
            { value: "all", label: t("quality:defect.register.tabs.all") },
            { value: "mine", label: t("quality:defect.register.tabs.mine") },
          ]}
        />
      }
      search={
        <SearchBox
          label={t("quality:defect.register.search")}
          placeholder={t("quality:defect.register.searchPlaceholder")}
        />
      }
      filters={{
        fields: ["status", "priority", "assignee", "lot"],
        activeCount: activeFilters,
        children: (
          <>
            <NativeSelect
              label={t("quality:defect.filters.status")}
              name="status"
              placeholder={t("quality:defect.filters.anyStatus")}
              defaultValue={query.status ?? undefined}
              options={DEFECT_STATUSES.map((status) => ({
                value: status,
                label: t(`quality:defect.status.${status}`),
              }))}
            />
            <NativeSelect
              label={t("quality:defect.filters.priority")}
              name="priority"
              placeholder={t("quality:defect.filters.anyPriority")}
              defaultValue={query.priority ?? undefined}
              options={DEFECT_PRIORITIES.map((priority) => ({
                value: priority,
                label: t(`quality:defect.priority.${priority}`),
              }))}
            />
            {query.tab === "mine" || register.filters.members.length === 0 ? null : (
              <NativeSelect
                label={t("quality:defect.filters.assignee")}
                name="assignee"
                placeholder={t("quality:defect.filters.anyAssignee")}
                defaultValue={query.assignee ?? undefined}
                options={register.filters.members}
              />
            )}
            {register.filters.lots.length === 0 ? null : (
              <NativeSelect
                label={t("quality:defect.filters.lot")}
                name="lot"
                placeholder={t("quality:defect.filters.anyLot")}
                defaultValue={query.lot ?? undefined}
                options={register.filters.lots}
              />
            )}
          </>
        ),
      }}
    >
      <RegisterTable
        caption={t("quality:defect.register.caption")}
        columns={columns}
        list={register}
        rowKey={(row) => row.id}
        sort={query}
        filtered={filtered}
        noResults={t("quality:defect.register.noResults")}
        items={t("quality:defect.register.items")}
        createAction={createLink}
      />
    </RegisterPage>
  );
}
