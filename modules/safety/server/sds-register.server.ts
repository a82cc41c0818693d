import { DEFAULT_PAGE_SIZE, pageFromSearch } from "~/app/ui/pagination-range";
import { dayOfDateColumn } from "~/server/db/date-column";
import {
  registerCount,
  registerPageRows,
  registerWhere,
  type SqlCondition,
} from "~/server/db/register-query";
import type { ProjectContext } from "~/server/permissions/guard.server";
import {
  addDays,
  SDS_EXPIRY_WARNING_DAYS,
  type SdsExpiry,
  type SdsStatus,
  sdsExpiry,
} from "../domain/sds-workflow";
import { siteToday } from "./sds.server";
import { readSdsQuery, type SdsQuery } from "./sds-rules";

/**
 * The SDS register: search (number, product, supplier), filters (state, expiry), order and page from the URL,
 * as one SQL query on the table's indexes. The expiry filter is the domain's rule (sdsExpiry) on the site's today.
 */

/** sdsExpiry as a condition on `s` (tested to agree with it at the window's edges). */
export function expiryCondition(expiry: SdsExpiry, today: string): SqlCondition {
  const horizon = addDays(today, SDS_EXPIRY_WARNING_DAYS);
  if (expiry === "expired") return { sql: "s.expiry_date < ?", params: [today] };
  if (expiry === "expiring") return { sql: "s.expiry_date between ? and ?", params: [today, horizon] };
  return { sql: "s.expiry_date > ?", params: [horizon] };
}

function whereFor(projectId: string, query: SdsQuery, today: string) {
  return registerWhere("s.project_id = ?", projectId)
    .search(`s."number"::text || ' ' || s."product"::text || ' ' || s."supplier"::text`, query.q)
    .equals("s.status", query.status)
    .also(query.expiry ? expiryCondition(query.expiry, today) : null);
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
  const [rows, total] = await Promise.all([
    registerPageRows<RawRow>(em, {
      from: "safety_sds s",
      id: "s.id",
      select: `s.id, s."number", s.product, s.supplier, s.status, s.issue_date, s.expiry_date`,
      where,
      order: `${ORDER[query.sort]} ${direction}, s.sequence ${direction}`,
      page,
      pageSize: DEFAULT_PAGE_SIZE,
    }),
    registerCount(em, "safety_sds s", where),
  ]);
  return {
    query,
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    total,
    rows: rows.map((row) => {
      const expiryDate = dayOfDateColumn(row.expiry_date) ?? "";
      return {
        id: row.id,
        number: row.number,
        product: row.product,
        supplier: row.supplier,
        status: row.status,
        issueDate: dayOfDateColumn(row.issue_date),
        expiryDate,
        expiry: sdsExpiry(expiryDate, today),
      };
    }),
  };
}
export type SdsRegisterRow = Awaited<ReturnType<typeof loadSdsRegister>>["rows"][number];
