import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/app/ui/button";
import { ConfirmDialog } from "~/app/ui/confirm-dialog";
import { DataTable, type DataTableColumn } from "~/app/ui/data-table";
import { EmptyState } from "~/app/ui/empty-state";
import type { ListSort } from "~/app/ui/list-sort";
import { StatusBadge } from "~/app/ui/status-badge";
import type { ResourceRow } from "./resource-form";

type ResourceTableProps = {
  rows: ResourceRow[];
  page: number;
  pageSize: number;
  total: number;
  sort: ListSort;
  filtered: boolean;
  canEdit: boolean;
  canDelete: boolean;
};

/** The link that opens the edit panel of a row, keeping the list's search, filters and page. */
function editHref(pathname: string, search: string, id: string) {
  const params = new URLSearchParams(search);
  params.set("resource", id);
  return `${pathname}?${params}`;
}

export function ResourceTable({
  rows,
  page,
  pageSize,
  total,
  sort,
  filtered,
  canEdit,
  canDelete,
}: ResourceTableProps) {
  const { t } = useTranslation("settings");
  const columns: DataTableColumn<ResourceRow>[] = [
    {
      key: "code",
      header: t("resources.fields.code"),
      cell: (row) => row.code,
      sortable: true,
      phone: "heading",
    },
    {
      key: "name",
      header: t("resources.fields.name"),
      sortable: true,
      phone: "heading",
      cell: (row) => (
        <div>
          <p>{row.name}</p>
          {row.description ? <p className="line-clamp-1 text-xs text-slate-500">{row.description}</p> : null}
        </div>
      ),
    },
    {
      key: "category",
      header: t("resources.fields.category"),
      cell: (row) => t(`resources.categories.${row.category}`),
      sortable: true,
      phone: "detail",
    },
    {
      key: "unit",
      header: t("resources.fields.unit"),
      cell: (row) => row.unit,
      sortable: true,
      hideBelow: "sm",
      phone: "detail",
    },
    {
      key: "active",
      header: t("resources.fields.status"),
      cell: (row) => <ResourceStatus row={row} />,
      phone: "status",
    },
  ];
  if (canEdit || canDelete)
    columns.push({
      key: "actions",
      header: <span className="sr-only">{t("resources.actions")}</span>,
      label: t("resources.actions"),
      align: "right",
      phone: "detail",
      cell: (row) => <ResourceRowActions row={row} canEdit={canEdit} canDelete={canDelete} />,
    });
  return (
    <DataTable
      caption={t("resources.caption")}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      page={page}
      pageSize={pageSize}
      total={total}
      sort={sort}
      empty={filtered ? <EmptyState /> : <EmptyState item={t("resources.items")} />}
    />
  );
}

function ResourceStatus({ row }: { row: ResourceRow }) {
  const { t } = useTranslation("settings");
  return (
    <StatusBadge tone={row.active ? "success" : "neutral"}>
      {row.active ? t("resources.active") : t("resources.inactive")}
    </StatusBadge>
  );
}

/** Edit (opens the panel, keeping the list's state) and Delete (asks first) for one resource. */
function ResourceRowActions({
  row,
  canEdit,
  canDelete,
}: {
  row: ResourceRow;
  canEdit: boolean;
  canDelete: boolean;
}) {
  const { t } = useTranslation("settings");
  const location = useLocation();
  return (
    <div className="flex justify-end gap-1">
      {canEdit ? (
        <Link
          to={editHref(location.pathname, location.search, row.id)}
          className="inline-flex h-8 items-center rounded-md px-3 text-sm font-medium text-brand-700 hover:bg-slate-100"
          aria-label={t("resources.editLabel", { code: row.code })}
          preventScrollReset
        >
          {t("resources.edit")}
        </Link>
      ) : null}
      {canDelete ? (
        <ConfirmDialog
          trigger={
            <Button variant="ghost" size="sm" aria-label={t("resources.deleteLabel", { code: row.code })}>
              {t("resources.delete")}
            </Button>
          }
          title={t("resources.deleteTitle")}
          description={t("resources.deleteDescription", { code: row.code, name: row.name })}
          confirmLabel={t("resources.delete")}
          tone="danger"
          submit={{ fields: { intent: "delete", id: row.id } }}
        />
      ) : null}
    </div>
  );
}
