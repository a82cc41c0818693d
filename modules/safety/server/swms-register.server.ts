import { DEFAULT_PAGE_SIZE, pageFromSearch } from "~/app/ui/pagination-range";
import { containsPattern } from "~/server/db/like";
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

type Where = { sql: string; params: unknown[] };

function whereFor(projectId: string, query: SwmsQuery, companyOnly: string | null | undefined): Where {
  const clauses = ["s.project_id = ?"];
  const params: unknown[] = [projectId];
  // undefined: every company; null: a subcontractor with no company, who sees nothing.
  if (companyOnly !== undefined) {
    clauses.push(companyOnly === null ? "false" : "s.company_id = ?");
    if (companyOnly !== null) params.push(companyOnly);
  }
  const tabStatuses = statusesOfTab(query.tab);
  if (tabStatuses) {
    clauses.push(`s.status in (${tabStatuses.map(() => "?").join(", ")})`);
    params.push(...tabStatuses);
  } else if (!query.status) {
    // All SWMS: the archived ones only when asked for by the status filter.
    clauses.push("s.status <> 'archived'");
  }
  if (query.q) {
    clauses.push(`((s."number"::text || ' ' || s."title"::text) ilike ?)`);
    params.push(containsPattern(query.q));
  }
  if (query.status) {
    clauses.push("s.status = ?");
    params.push(query.status);
  }
  if (query.type) {
    clauses.push("s.type = ?");
    params.push(query.type);
  }
  if (query.company) {
    clauses.push("s.company_id = ?");
    params.push(query.company);
  }
  if (query.highRisk) {
    clauses.push("s.high_risk = ?");
    params.push(query.highRisk === "yes");
  }
  return { sql: clauses.join(" and "), params };
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
  const [rows, counted, companies] = await Promise.all([
    em.execute<RawRow[]>(
      `select s.id, s."number", s.title, s.type, s.status, s.high_risk, c.name as company,
              creator.name as created_by
       from safety_swms s
       join company c on c.id = s.company_id
       left join app_user creator on creator.id = s.created_by_id
       where ${where.sql}
       order by ${ORDER[query.sort]} ${direction}, s.sequence ${direction}
       limit ? offset ?`,
      [...where.params, DEFAULT_PAGE_SIZE, (page - 1) * DEFAULT_PAGE_SIZE],
    ),
    em.execute<{ total: string | number }[]>(
      `select count(*) as total from safety_swms s where ${where.sql}`,
      where.params,
    ),
    swmsCompanyChoices(context),
  ]);
  return {
    query,
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    total: Number(counted[0]?.total ?? 0),
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
