import { DEFAULT_PAGE_SIZE, pageFromSearch } from "~/app/ui/pagination-range";
import { registerCount, registerPageRows, registerWhere } from "~/server/db/register-query";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { siteDayRange } from "~/server/projects/time-zone";
import { projectTimeZone } from "~/server/projects/time-zone.server";
import type { EnforcementObjectType, EnforcementResult } from "../domain/enforcement-scan";
import { readScanQuery, type ScanQuery } from "./enforcement-rules";

/**
 * The enforcement register: search (number, tag or name), filters (object type, PASS/FAIL, day range), one
 * object's history (type and tag), order and page from the URL, as one SQL query on the table's indexes.
 * Days are the project's days (decision 029): from the first minute of the first to the end of the last.
 */

function whereFor(projectId: string, query: ScanQuery, timeZone: string) {
  const days = siteDayRange(query.from, query.to, timeZone);
  return registerWhere("s.project_id = ?", projectId)
    .search(`s."number"::text || ' ' || s."object_id"::text || ' ' || s."object_name"::text`, query.q)
    .equals("s.object_type", query.type)
    .equals("s.object_id", query.object)
    .equals("s.status", query.status)
    .atLeast("s.created_at", days.from)
    .before("s.created_at", days.to);
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
  const timeZone = await projectTimeZone(em, project);
  const where = whereFor(project.id, query, timeZone);
  const direction = query.dir === "asc" ? "asc" : "desc";
  const [rows, total] = await Promise.all([
    registerPageRows<RawRow>(em, {
      from: "safety_enforcement_scan s",
      id: "s.id",
      select: `s.id, s."number", s.object_type, s.object_id, s.object_name, s.activity, s.ncr_raised,
               s.status, s.created_at, creator.name as created_by`,
      joins: "left join app_user creator on creator.id = s.created_by_id",
      where,
      order: `${ORDER[query.sort]} ${direction}, s.sequence ${direction}`,
      page,
      pageSize: DEFAULT_PAGE_SIZE,
    }),
    registerCount(em, "safety_enforcement_scan s", where),
  ]);
  return {
    query,
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    total,
    timeZone,
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
