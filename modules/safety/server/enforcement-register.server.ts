import { DEFAULT_PAGE_SIZE, pageFromSearch } from "~/app/ui/pagination-range";
import { containsPattern } from "~/server/db/like";
import type { ProjectContext } from "~/server/permissions/guard.server";
import type { EnforcementObjectType, EnforcementResult } from "../domain/enforcement-scan";
import { readScanQuery, type ScanQuery } from "./enforcement-rules";

/**
 * The enforcement register: search (number, tag or name), filters (object type, PASS/FAIL, day range), one
 * object's history (type and tag), order and page from the URL, as one SQL query on the table's indexes.
 * Days are UTC days of the scan's time.
 */

type Where = { sql: string; params: unknown[] };

const nextDay = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};

function whereFor(projectId: string, query: ScanQuery): Where {
  const clauses = ["s.project_id = ?"];
  const params: unknown[] = [projectId];
  if (query.q) {
    clauses.push(
      `((s."number"::text || ' ' || s."object_id"::text || ' ' || s."object_name"::text) ilike ?)`,
    );
    params.push(containsPattern(query.q));
  }
  if (query.type) {
    clauses.push("s.object_type = ?");
    params.push(query.type);
  }
  if (query.object) {
    clauses.push("s.object_id = ?");
    params.push(query.object);
  }
  if (query.status) {
    clauses.push("s.status = ?");
    params.push(query.status);
  }
  if (query.from) {
    clauses.push("s.created_at >= ?");
    params.push(`${query.from}T00:00:00Z`);
  }
  if (query.to) {
    clauses.push("s.created_at < ?");
    params.push(`${nextDay(query.to)}T00:00:00Z`);
  }
  return { sql: clauses.join(" and "), params };
}

const ORDER: Record<ScanQuery["sort"], string> = {
  number: "s.sequence",
  objectId: "s.object_id",
};

type RawRow = {
  id: string;
  number: string;
  object_type: EnforcementObjectType;
  object_id: string;
  object_name: string;
  activity: string | null;
  ncr_raised: boolean;
  status: EnforcementResult;
  created_at: string | Date;
  created_by: string | null;
};

export async function loadScanRegister(context: ProjectContext, url: URL) {
  const { em, project } = context;
  const query = readScanQuery(url.searchParams);
  const page = pageFromSearch(url.searchParams);
  const where = whereFor(project.id, query);
  const direction = query.dir === "asc" ? "asc" : "desc";
  const [rows, counted] = await Promise.all([
    em.execute<RawRow[]>(
      `select s.id, s."number", s.object_type, s.object_id, s.object_name, s.activity, s.ncr_raised,
              s.status, s.created_at, creator.name as created_by
       from safety_enforcement_scan s
       left join app_user creator on creator.id = s.created_by_id
       where ${where.sql}
       order by ${ORDER[query.sort]} ${direction}, s.sequence ${direction}
       limit ? offset ?`,
      [...where.params, DEFAULT_PAGE_SIZE, (page - 1) * DEFAULT_PAGE_SIZE],
    ),
    em.execute<{ total: string | number }[]>(
      `select count(*) as total from safety_enforcement_scan s where ${where.sql}`,
      where.params,
    ),
  ]);
  return {
    query,
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    total: Number(counted[0]?.total ?? 0),
    rows: rows.map((row) => ({
      id: row.id,
      number: row.number,
      objectType: row.object_type,
      objectId: row.object_id,
      objectName: row.object_name,
      activity: row.activity,
      ncrRaised: Boolean(row.ncr_raised),
      status: row.status,
      createdAt: new Date(row.created_at).toISOString(),
      createdBy: row.created_by,
    })),
  };
}
export type ScanRegisterRow = Awaited<ReturnType<typeof loadScanRegister>>["rows"][number];
