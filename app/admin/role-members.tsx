import { useTranslation } from "react-i18next";
import { DataTable, type DataTableColumn } from "~/app/ui/data-table";
import { EmptyState } from "~/app/ui/empty-state";
import { Pagination } from "~/app/ui/pagination";
import type { RoleDetailData } from "~/server/admin/roles.server";
import { RoleDate } from "./role-date";

type Member = RoleDetailData["members"]["rows"][number];

/** Who uses the role: project members (with their project for a product role), then global-role holders. */
export function RoleMembers({ data }: { data: RoleDetailData }) {
  const { t } = useTranslation("roles");
  const columns: DataTableColumn<Member>[] = [
    { key: "name", header: t("detail.memberName"), cell: (member) => member.name },
    { key: "email", header: t("detail.memberEmail"), cell: (member) => member.email },
    ...(data.kind === "product"
      ? [{ key: "project", header: t("detail.memberProject"), cell: (member: Member) => member.project }]
      : []),
    {
      key: "addedOn",
      header: t("detail.memberAddedOn"),
      className: "hidden sm:table-cell",
      cell: (member) => <RoleDate value={member.addedOn} />,
    },
  ];
  return (
    <div className="space-y-6">
      <section aria-labelledby="role-members" className="space-y-3">
        <h2 id="role-members" className="text-lg font-semibold text-slate-900">
          {t("detail.members")}
        </h2>
        <DataTable
          caption={t("detail.membersCaption")}
          columns={columns}
          rows={data.members.rows}
          rowKey={(member) => member.id}
          page={data.members.page}
          pageSize={data.pageSize}
          total={data.members.total}
          empty={<EmptyState title={t("detail.noMembers")} />}
        />
      </section>
      {data.globalUsers ? (
        <section aria-labelledby="role-global-users" className="space-y-3">
          <h2 id="role-global-users" className="text-lg font-semibold text-slate-900">
            {t("detail.globalUsers")}
          </h2>
          {data.globalUsers.rows.length === 0 ? (
            <EmptyState title={t("detail.noGlobalUsers")} />
          ) : (
            // DataTable pages with ?page=, which the members table above already uses.
            <div className="space-y-3">
              <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
                <table className="min-w-full divide-y divide-slate-200 text-sm">
                  <caption className="sr-only">{t("detail.globalUsersCaption")}</caption>
                  <thead className="bg-slate-50">
                    <tr>
                      <th scope="col" className="px-4 py-3 text-left font-semibold text-slate-700">
                        {t("detail.memberName")}
                      </th>
                      <th scope="col" className="px-4 py-3 text-left font-semibold text-slate-700">
                        {t("detail.memberEmail")}
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {data.globalUsers.rows.map((user) => (
                      <tr key={user.id}>
                        <td className="px-4 py-3 text-slate-800">{user.name}</td>
                        <td className="px-4 py-3 text-slate-800">{user.email}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pagination
                page={data.globalUsers.page}
                pageSize={data.pageSize}
                total={data.globalUsers.total}
                param="globalPage"
              />
            </div>
          )}
        </section>
      ) : null}
    </div>
  );
}
