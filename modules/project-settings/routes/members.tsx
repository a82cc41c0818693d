import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MemberDate } from "~/app/admin/member-facts";
import { MemberStatusBadge } from "~/app/admin/member-status-badge";
import { buttonClass } from "~/app/ui/button";
import { DataTable, type DataTableColumn } from "~/app/ui/data-table";
import { EmptyState } from "~/app/ui/empty-state";
import { DEFAULT_PAGE_SIZE, pageFromSearch } from "~/app/ui/pagination-range";
import { RegisterPage } from "~/app/ui/register-page";
import { SearchBox } from "~/app/ui/search-box";
import { searchFromUrl } from "~/server/admin/member-rules";
import { listProjectMembers } from "~/server/admin/members.server";
import { requireRoute } from "~/server/permissions/guard.server";

export const handle = { i18n: ["members"] };
export const meta: MetaFunction = () => [{ title: "Members | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { em, project, can } = await requireRoute(request);
  const url = new URL(request.url);
  const q = searchFromUrl(url.searchParams);
  const page = pageFromSearch(url.searchParams);
  const { rows, total } = await listProjectMembers(em, project.id, { q, page });
  return { q, page, total, rows, canInvite: can("project-settings.members.invite") };
}

type Row = Awaited<ReturnType<typeof loader>>["rows"][number];

export default function ProjectMembersPage() {
  const { q, page, total, rows, canInvite } = useLoaderData<typeof loader>();
  const { t } = useTranslation("members");
  const dash = (value: string | null) => value ?? "-";
  const columns: DataTableColumn<Row>[] = [
    {
      key: "name",
      header: t("columns.name"),
      phone: "heading",
      cell: (row) => (
        <Link
          to={`/project-settings/members/${row.id}`}
          className="font-medium text-brand-700 hover:underline"
        >
          {row.name}
        </Link>
      ),
    },
    { key: "email", header: t("columns.email"), cell: (row) => row.email, phone: "detail" },
    {
      key: "company",
      header: t("columns.company"),
      cell: (row) => dash(row.company),
      hideBelow: "lg",
      phone: "detail",
    },
    { key: "role", header: t("columns.role"), cell: (row) => dash(row.role), phone: "detail" },
    {
      key: "accRole",
      header: t("columns.accRole"),
      cell: (row) => dash(row.accRole),
      hideBelow: "lg",
    },
    {
      key: "status",
      header: t("columns.status"),
      cell: (row) => <MemberStatusBadge status={row.status} />,
      phone: "status",
    },
    {
      key: "addedOn",
      header: t("columns.addedOn"),
      cell: (row) => <MemberDate value={row.addedOn} />,
      hideBelow: "md",
    },
  ];
  return (
    <RegisterPage
      title={t("list.projectTitle")}
      description={t("list.projectIntro")}
      actions={
        canInvite ? (
          <Link to="/project-settings/members/invite-member" className={buttonClass()}>
            {t("list.invite")}
          </Link>
        ) : null
      }
      search={<SearchBox label={t("list.searchLabel")} placeholder={t("list.searchPlaceholder")} />}
    >
      <DataTable
        caption={t("list.projectCaption")}
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
