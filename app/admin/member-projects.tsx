import { useTranslation } from "react-i18next";
import { MemberDate } from "./member-facts";

export type MemberProject = {
  id: string;
  project: string;
  number: string;
  role: string | null;
  accRole: string | null;
  company: string | null;
  addedOn: string;
};

/** The projects a user belongs to, with the roles they hold in each. */
export function MemberProjects({ projects }: { projects: MemberProject[] }) {
  const { t } = useTranslation("members");
  if (projects.length === 0) return <p className="text-sm text-slate-600">{t("detail.noProjects")}</p>;
  const dash = (value: string | null) => value ?? "-";
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{t("detail.projects")}</caption>
        <thead>
          <tr className="text-left text-slate-600">
            <th scope="col" className="py-2 pr-4 font-medium">
              {t("columns.project")}
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              {t("columns.role")}
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              {t("columns.accRole")}
            </th>
            <th scope="col" className="hidden py-2 pr-4 font-medium md:table-cell">
              {t("columns.company")}
            </th>
            <th scope="col" className="hidden py-2 font-medium md:table-cell">
              {t("columns.addedOn")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {projects.map((row) => (
            <tr key={row.id}>
              <td className="py-2 pr-4">
                {row.project} <span className="text-slate-500">({row.number})</span>
              </td>
              <td className="py-2 pr-4">{dash(row.role)}</td>
              <td className="py-2 pr-4">{dash(row.accRole)}</td>
              <td className="hidden py-2 pr-4 md:table-cell">{dash(row.company)}</td>
              <td className="hidden py-2 md:table-cell">
                <MemberDate value={row.addedOn} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
