import { DEFAULT_PAGE_SIZE, pageFromSearch } from "~/app/ui/pagination-range";
import { containsPattern } from "~/server/db/like";
import { registerCount, registerPageRows, registerWhere } from "~/server/db/register-query";
import { memberFilter } from "~/server/filters/searched-filters.server";
import { locationFilter } from "~/server/locations/location-search.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import type { DiaryStatus } from "../domain/diary-workflow";
import { dayText } from "./diary-record.server";
import { type DiaryQuery, readDiaryQuery } from "./diary-rules";

/**
 * The site diary register: search (number, description or location name), filters (state, form date range,
 * location with everything below it, assigned to), order and page, all from the URL, as one SQL query on the
 * table's indexes. The unfiltered and state-only totals are read from site_diary_status_total.
 */

export function diaryWhere(
  projectId: string,
  query: DiaryQuery,
  locationIds: readonly string[] | null,
  assigneeIds: readonly string[] | null,
) {
  // The number or description on the table's trigram index; a location's name through the project's
  // locations (a handful of ids, on the project-location index).
  return registerWhere("d.project_id = ?", projectId)
    .search(`d."number"::text || ' ' || coalesce(d.description, '')`, query.q, {
      sql: "d.location_id in (select id from location where project_id = ? and name ilike ?)",
      params: [projectId, containsPattern(query.q ?? "")],
    })
    .equals("d.status", query.status)
    .within("d.location_id", locationIds)
    .within("d.assignee_id", assigneeIds)
    .atLeast("d.form_date", query.from)
    .atMost("d.form_date", query.to);
}

const ORDER: Record<DiaryQuery["sort"], string> = {
  number: "d.sequence",
  formDate: "d.form_date",
  dueDate: "d.due_date",
};

type RawRow = {
  id: string;
  number: string;
  status: DiaryStatus;
  form_date: string | Date;
  due_date: string | Date;
  description: string | null;
  location_id: string | null;
  assignee: string | null;
};

export async function loadDiaryRegister(context: ProjectContext, url: URL) {
  const { em, project } = context;
  const query = readDiaryQuery(url.searchParams);
  const page = pageFromSearch(url.searchParams);
  const [locations, assignees] = await Promise.all([
    locationFilter(em, project.id, query.locations),
    memberFilter(em, project.id, query.assignees),
  ]);
  const where = diaryWhere(project.id, query, locations.coveredIds, assignees.ids);
  const direction = query.dir === "asc" ? "asc" : "desc";
  const narrowed = Boolean(query.q || locations.coveredIds || assignees.ids || query.from || query.to);
  const [rows, counted, totals] = await Promise.all([
    registerPageRows<RawRow>(em, {
      from: "site_diary d",
      id: "d.id",
      select: `d.id, d."number", d.status, d.form_date, d.due_date, d.description, d.location_id,
               assignee.name as assignee`,
      joins: "left join app_user assignee on assignee.id = d.assignee_id",
      where,
      order: `${ORDER[query.sort]} ${direction}, d.sequence ${direction}`,
      page,
      pageSize: DEFAULT_PAGE_SIZE,
    }),
    narrowed ? registerCount(em, "site_diary d", where) : Promise.resolve(null),
    em.execute<{ status: DiaryStatus; total: string | number }[]>(
      "select status, total from site_diary_status_total where project_id = ?",
      [project.id],
    ),
  ]);
  const byStatus = Object.fromEntries(totals.map((row) => [row.status, Number(row.total)])) as Partial<
    Record<DiaryStatus, number>
  >;
  const all = Object.values(byStatus).reduce((sum, value) => sum + (value ?? 0), 0);
  const total = counted !== null ? counted : query.status ? (byStatus[query.status] ?? 0) : all;
  return {
    query,
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    total,
    statusTotals: byStatus,
    chosenLocations: locations.chosen,
    chosenAssignees: assignees.chosen,
    rows: rows.map((row) => ({
      id: row.id,
      number: row.number,
      status: row.status,
      formDate: dayText(row.form_date),
      dueDate: dayText(row.due_date),
      description: row.description,
      location: locations.fullName(row.location_id),
      assignee: row.assignee,
    })),
  };
}
export type DiaryRegister = Awaited<ReturnType<typeof loadDiaryRegister>>;
export type DiaryRegisterRow = DiaryRegister["rows"][number];

const EXPORT_BATCH = 500;

/**
 * Every diary the register's URL selects (search, filters, order; not its page), in batches, for the Excel
 * export: the workbook is written while the batches are read.
 */
export async function* iterateDiaries(context: ProjectContext, url: URL) {
  const { em, project } = context;
  const query = readDiaryQuery(url.searchParams);
  const [locations, assignees] = await Promise.all([
    locationFilter(em, project.id, query.locations),
    memberFilter(em, project.id, query.assignees),
  ]);
  const where = diaryWhere(project.id, query, locations.coveredIds, assignees.ids);
  const direction = query.dir === "asc" ? "asc" : "desc";
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const rows = await em.execute<
      (RawRow & { concerns: string | null; workers: string | null; hours: string | null })[]
    >(
      `select d.id, d."number", d.status, d.form_date, d.due_date, d.description, d.location_id, d.concerns,
              assignee.name as assignee,
              (select sum(r.workers) from site_diary_row r where r.diary_id = d.id and r.section = 'work_log') as workers,
              (select sum(r.hours) from site_diary_row r where r.diary_id = d.id and r.section = 'work_log') as hours
       from site_diary d
       left join app_user assignee on assignee.id = d.assignee_id
       where ${where.sql}
       order by ${ORDER[query.sort]} ${direction}, d.sequence ${direction}
       limit ? offset ?`,
      [...where.params, EXPORT_BATCH, offset],
    );
    yield rows.map((row) => ({
      number: row.number,
      status: row.status,
      formDate: dayText(row.form_date),
      dueDate: dayText(row.due_date),
      location: locations.fullName(row.location_id),
      description: row.description,
      assignee: row.assignee,
      workers: row.workers === null ? null : Number(row.workers),
      hours: row.hours,
      concerns: row.concerns,
    }));
    if (rows.length < EXPORT_BATCH) return;
  }
}
