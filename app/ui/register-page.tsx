import { buttonClass } from "./button";
import { cn } from "./cn";
import { DataTable, type DataTableColumn } from "./data-table";
import { EmptyState } from "./empty-state";
import { FilterPanel, type FilterPanelProps } from "./filter-panel";
import type { ListSort } from "./list-sort";
import { PageHeader, type PageHeaderProps } from "./page-header";

type RegisterLayoutProps = {
  /** The filter fields and the search params they own; a sidebar on wide screens, one tap away on a phone. */
  filters?: Omit<FilterPanelProps, "sidebar" | "className">;
  /** The list's SearchBox. */
  search?: React.ReactNode;
  /** A download of the list as it is searched and filtered (a plain link: the file comes from a loader). */
  exportLink?: { href: string; label: string };
  /**
   * Filters beside the list on wide screens (default); false keeps them a closed disclosure above it at
   * every width, for a register nested in a narrower column.
   */
  filtersAside?: boolean;
  /** The list itself: a DataTable with its pagination, or its empty state. */
  children: React.ReactNode;
  className?: string;
};

/** What surrounds a register's list: its filters, search and export. */
export type RegisterControls = Omit<RegisterLayoutProps, "children" | "className" | "filtersAside">;

/**
 * A register's body: filters, search, export and the list. On a phone the filters fold into one line
 * above the list, so the first record shows on the first screen.
 */
export function RegisterLayout({
  filters,
  search,
  exportLink,
  filtersAside = true,
  children,
  className,
}: RegisterLayoutProps) {
  const toolbar =
    search || exportLink ? (
      <div className="flex flex-wrap items-end gap-2">
        {search ? <div className="min-w-0 flex-1 basis-64">{search}</div> : null}
        {exportLink ? (
          <a href={exportLink.href} className={buttonClass("secondary")}>
            {exportLink.label}
          </a>
        ) : null}
      </div>
    ) : null;
  const list = (
    <div className="min-w-0 space-y-4">
      {toolbar}
      {children}
    </div>
  );
  if (!filters) return <div className={className}>{list}</div>;
  if (!filtersAside)
    return (
      <div className={cn("space-y-4", className)}>
        <FilterPanel {...filters} />
        {list}
      </div>
    );
  return (
    <div className={cn("grid gap-4 xl:grid-cols-[16rem_minmax(0,1fr)]", className)}>
      <aside>
        <FilterPanel {...filters} sidebar />
      </aside>
      {list}
    </div>
  );
}

type RegisterPageProps = PageHeaderProps &
  RegisterLayoutProps & {
    /** Between the header and the list: view tabs, an add or edit panel. */
    above?: React.ReactNode;
  };

/** A module's list page: its header, then the register (filters, search, export, table, pagination). */
export function RegisterPage({
  title,
  description,
  meta,
  actions,
  above,
  className,
  ...register
}: RegisterPageProps) {
  return (
    <div className={cn("space-y-6", className)}>
      <PageHeader title={title} description={description} meta={meta} actions={actions} />
      {above}
      <RegisterLayout {...register} />
    </div>
  );
}

/** A register's page of rows as its loader returns it. */
export type RegisterRows<Row> = { rows: Row[]; page: number; pageSize: number; total: number };

type RegisterTableProps<Row> = {
  caption: string;
  columns: DataTableColumn<Row>[];
  list: RegisterRows<Row>;
  rowKey: (row: Row) => string;
  /** The order the loader used. */
  sort?: ListSort | null;
  /** A search, a filter or a narrowing tab is set: an empty list then says "no results" (`noResults`). */
  filtered: boolean;
  noResults: string;
  /** What the register holds, in the plural, for "You don't have any {items} yet". */
  items: string;
  /** The create link, offered by the empty state of an unfiltered register. */
  createAction?: React.ReactNode;
};

/**
 * A register's table: the page of rows with its pagination, or its empty state — "no results" when the
 * user's search or filters emptied it, "you don't have any … yet" with the create link otherwise.
 */
export function RegisterTable<Row>({
  caption,
  columns,
  list,
  rowKey,
  sort,
  filtered,
  noResults,
  items,
  createAction,
}: RegisterTableProps<Row>) {
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={list.rows}
      rowKey={rowKey}
      page={list.page}
      pageSize={list.pageSize}
      total={list.total}
      sort={sort}
      empty={filtered ? <EmptyState title={noResults} /> : <EmptyState item={items} action={createAction} />}
    />
  );
}
