import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MemberStatusBadge } from "~/app/admin/member-status-badge";
import { buttonClass } from "~/app/ui/button";
import { DataTable, type DataTableColumn } from "~/app/ui/data-table";
import { EmptyState } from "~/app/ui/empty-state";
import { DEFAULT_PAGE_SIZE, pageFromSearch } from "~/app/ui/pagination-range";
import { RegisterPage } from "~/app/ui/register-page";
import { SearchBox } from "~/app/ui/search-box";
import { searchFromUrl } from "~/server/admin/member-rules";
import { listUsers } from "~/server/admin/members.server";
import { requireGlobalRoute } from "~/server/permissions/guard.server";

export const handle = { i18n: ["members"] };
export const meta: MetaFunction = () => [{ title: "Members | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { em, canGlobal } = await requireGlobalRoute(request);
  const url = new URL(request.url);
  const q = searchFromUrl(url.searchParams);
  const page = pageFromSearch(url.searchParams);
  const { rows, total } = await listUsers(em, { q, page });
  return { q, page, total, rows, canInvite: canGlobal("global-settings.members.create-global") };
}

type Row = Awaited<ReturnType<typeof loader>>["rows"][number];

export default function GlobalMembersPage() {
  const { q, page, total, rows, canInvite } = useLoaderData<typeof loader>();
  const { t } = useTranslation("members");
  const columns: DataTableColumn<Row>[] = [
    {
      key: "name",
      header: t("columns.name"),
      phone: "heading",
      cell: (row) => (
        <Link
          to={`/globalSettings/membersGlobal/${row.id}`}
          className="font-medium text-brand-700 hover:underline"
        >
          {row.name}
        </Link>
      ),
    },
    { key: "email", header: t("columns.email"), cell: (row) => row.email, phone: "detail" },
    {
      key: "status",
      header: t("columns.status"),
      cell: (row) => <UserStatus row={row} />,
      phone: "status",
    },
    {
      key: "projects",
      header: t("columns.projects"),
      cell: (row) => row.projects,
      align: "right",
      phone: "detail",
    },
    {
      key: "globalRole",
      header: t("columns.globalRole"),
      cell: (row) => row.globalRole ?? "-",
      phone: "detail",
    },
  ];
  return (
    <RegisterPage
      title={t("list.globalTitle")}
      description={t("list.globalIntro")}
      actions={
        canInvite ? (
          <Link to="/globalSettings/membersGlobal/invite-member" className={buttonClass()}>
            {t("list.invite")}
          </Link>
        ) : null
      }
      search={<SearchBox label={t("list.searchLabel")} placeholder={t("list.searchPlaceholder")} />}
    >
      <DataTable
        caption={t("list.globalCaption")}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        page={page}
        pageSize={DEFAULT_PAGE_SIZE}
        total={total}
        empty={q ? <EmptyState title={t("list.noResults")} /> : <EmptyState item={t("list.item")} />}
      />
    </RegisterPage>
  );
}

/** The account's status, and whether it is a super admin's. */
function UserStatus({ row }: { row: Row }) {
  const { t } = useTranslation("members");
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <MemberStatusBadge status={row.status} />
      {row.isSuperAdmin ? <span className="text-xs text-amber-700">{t("detail.superAdmin")}</span> : null}
    </span>
  );
}
