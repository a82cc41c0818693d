import { DEFAULT_PAGE_SIZE, pageFromSearch } from "~/app/ui/pagination-range";
import { containsPattern } from "~/server/db/like";
import type { ProjectContext } from "~/server/permissions/guard.server";
import {
  addDays,
  SDS_EXPIRY_WARNING_DAYS,
  type SdsExpiry,
  type SdsStatus,
  sdsExpiry,
} from "../domain/sds-workflow";
import { dayText } from "./observations.server";
import { siteToday } from "./sds.server";
import { readSdsQuery, type SdsQuery } from "./sds-rules";

/**
 * The SDS register: search (number, product, supplier), filters (state, expiry), order and page from the URL,
 * as one SQL query on the table's indexes. The expiry filter is the domain's rule (sdsExpiry) on the site's today.
 */

type Where = { sql: string; params: unknown[] };

/** sdsExpiry as a condition on `s` (tested to agree with it at the window's edges). */
export function expiryCondition(expiry: SdsExpiry, today: string): Where {
  const horizon = addDays(today, SDS_EXPIRY_WARNING_DAYS);
  if (expiry === "expired") return { sql: "s.expiry_date < ?", params: [today] };
  if (expiry === "expiring") return { sql: "s.expiry_date between ? and ?", params: [today, horizon] };
  return { sql: "s.expiry_date > ?", params: [horizon] };
}

function whereFor(projectId: string, query: SdsQuery, today: string): Where {
  const clauses = ["s.project_id = ?"];
  const params: unknown[] = [projectId];
  if (query.q) {
    clauses.push(`((s."number"::text || ' ' || s."product"::text || ' ' || s."supplier"::text) ilike ?)`);
    params.push(containsPattern(query.q));
  }
  if (query.status) {
    clauses.push("s.status = ?");
    params.push(query.status);
  }
  if (query.expiry) {
    const condition = expiryCondition(query.expiry, today);
    clauses.push(condition.sql);
    params.push(...condition.params);
  }
  return { sql: clauses.join(" and "), params };
}

const ORDER: Record<SdsQuery["sort"], string> = { number: "s.sequence", expiryDate: "s.expiry_date" };

type RawRow = {
  id: string;
  number: string;
  product: string;
  supplier: string;
  status: SdsStatus;
  issue_date: string | Date;
  expiry_date: string | Date;
};

export async function loadSdsRegister(context: ProjectContext, url: URL) {
  const { em, project } = context;
  const query = readSdsQuery(url.searchParams);
  const page = pageFromSearch(url.searchParams);
  const today = await siteToday(context);
  const where = whereFor(project.id, query, today);
  const direction = query.dir === "asc" ? "asc" : "desc";
  const [rows, counted] = await Promise.all([
    em.execute<RawRow[]>(
      `select s.id, s."number", s.product, s.supplier, s.status, s.issue_date, s.expiry_date
       from safety_sds s
       where ${where.sql}
       order by ${ORDER[query.sort]} ${direction}, s.sequence ${direction}
       limit ? offset ?`,
      [...where.params, DEFAULT_PAGE_SIZE, (page - 1) * DEFAULT_PAGE_SIZE],
    ),
    em.execute<{ total: string | number }[]>(
      `select count(*) as total from safety_sds s where ${where.sql}`,
      where.params,
    ),
  ]);
  return {
    query,
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    total: Number(counted[0]?.total ?? 0),
    rows: rows.map((row) => {
      const expiryDate = dayText(row.expiry_date) ?? "";
      return {
        id: row.id,
        number: row.number,
        product: row.product,
        supplier: row.supplier,
        status: row.status,
        issueDate: dayText(row.issue_date),
        expiryDate,
        expiry: sdsExpiry(expiryDate, today),
      };
    }),
  };
}
export type SdsRegisterRow = Awaited<ReturnType<typeof loadSdsRegister>>["rows"][number];
