import { DEFAULT_PAGE_SIZE, pageFromSearch } from "~/app/ui/pagination-range";
import { registerCount, registerPageRows, registerWhere } from "~/server/db/register-query";
import type { ProjectContext } from "~/server/permissions/guard.server";
import type { SwmsType } from "../domain/swms-reference";
import { type SwmsStatus, statusesOfTab } from "../domain/swms-workflow";
import { swmsCompanyChoices, swmsScopeOf } from "./swms.server";
import { readSwmsQuery, type SwmsQuery } from "./swms-rules";

/**
 * The SWMS register: tab, search, filters, order and page from the URL, as one SQL query on the table's
 * indexes (project with sequence, status, type, company, high-risk; title) and its trigram index for the
 * number-or-title search. A subcontractor sees their own company's SWMS only.
 */

function whereFor(projectId: string, query: SwmsQuery, companyOnly: string | null | undefined) {
  const where = registerWhere("s.project_id = ?", projectId);
  // undefined: every company; null: a subcontractor with no company, who sees nothing.
  if (companyOnly !== undefined) where.within("s.company_id", companyOnly === null ? [] : [companyOnly]);
  const tabStatuses = statusesOfTab(query.tab);
  if (tabStatuses) where.within("s.status", tabStatuses);
  // All SWMS: the archived ones only when asked for by the status filter.
  else if (!query.status) where.add("s.status <> 'archived'");
  return where
    .search(`s."number"::text || ' ' || s."title"::text`, query.q)
    .equals("s.status", query.status)
    .equals("s.type", query.type)
    .equals("s.company_id", query.company)
    .when(query.highRisk, "s.high_risk = ?", query.highRisk === "yes");
}

const ORDER: Record<SwmsQuery["sort"], string> = { number: "s.sequence", title: "s.title" };

type RawRow = {
  id: string;
  number: string;
  title: string;
  type: SwmsType;
  status: SwmsStatus;
  high_risk: boolean;
  company: string;
  created_by: string | null;
};

export async function loadSwmsRegister(context: ProjectContext, url: URL) {
  const { em, project } = context;
  const query = readSwmsQuery(url.searchParams);
  const page = pageFromSearch(url.searchParams);
  const scope = swmsScopeOf(context);
  const where = whereFor(project.id, query, scope.all ? undefined : scope.companyId);
  const direction = query.dir === "asc" ? "asc" : "desc";
  const [rows, total, companies] = await Promise.all([
    registerPageRows<RawRow>(em, {
      from: "safety_swms s",
      id: "s.id",
      select: `s.id, s."number", s.title, s.type, s.status, s.high_risk, c.name as company,
               creator.name as created_by`,
      joins: `join company c on c.id = s.company_id
              left join app_user creator on creator.id = s.created_by_id`,
      where,
      order: `${ORDER[query.sort]} ${direction}, s.sequence ${direction}`,
      page,
      pageSize: DEFAULT_PAGE_SIZE,
    }),
    registerCount(em, "safety_swms s", where),
    swmsCompanyChoices(context),
  ]);
  return {
    query,
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    total,
    filters: { companies },
    rows: rows.map((row) => ({
      id: row.id,
      number: row.number,
      title: row.title,
      type: row.type,
      status: row.status,
      highRisk: row.high_risk,
      company: row.company,
      createdBy: row.created_by,
    })),
  };
}
export type SwmsRegisterRow = Awaited<ReturnType<typeof loadSwmsRegister>>["rows"][number];
