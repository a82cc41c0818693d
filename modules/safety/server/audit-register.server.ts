import { DEFAULT_PAGE_SIZE, pageFromSearch } from "~/app/ui/pagination-range";
import { dayOfDateColumn } from "~/server/db/date-column";
import { registerCount, registerPageRows, registerWhere } from "~/server/db/register-query";
import { projectMemberChoices } from "~/server/members/project-members.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import type { AuditKind, AuditScheduleStatus } from "../domain/audit-workflow";
import { type AuditQuery, readAuditQuery } from "./audit-rules";
import { registerLocations } from "./register-locations.server";

/**
 * The audit and the inspection registers (one kind each): view (MY_AUDIT_SCHEDULES: the schedules I lead,
 * audit, represent PDP on, am responsible for or created / ALL_AUDIT_SCHEDULES), search (number, task or
 * internal reference), filters (status, location with the places below it, lead auditor, estimated start
 * range), order and page, all from the URL, as one SQL query on the table's indexes.
 */

function whereFor(
  projectId: string,
  kind: AuditKind,
  userId: string,
  query: AuditQuery,
  locationIds: readonly string[] | null,
) {
  return registerWhere("a.project_id = ? and a.kind = ?", projectId, kind)
    .when(
      query.view === "MY_AUDIT_SCHEDULES" ? userId : null,
      `(a.lead_auditor_id = ? or a.responsible_person_id = ? or a.created_by_id = ?
        or exists (select 1 from safety_audit_member m where m.user_id = ? and m.schedule_id = a.id))`,
      userId,
      userId,
      userId,
      userId,
    )
    .search(
      `a."number"::text || ' ' || a."task"::text || ' ' || coalesce(a."internal_reference_number", '')::text`,
      query.q,
    )
    .equals("a.status", query.status)
    .within("a.location_id", locationIds)
    .equals("a.lead_auditor_id", query.lead)
    .atLeast("a.estimated_start_date", query.from)
    .atMost("a.estimated_start_date", query.to);
}

const ORDER: Record<AuditQuery["sort"], string> = {
  number: "a.sequence",
  estimatedStartDate: "a.estimated_start_date",
};

type RawRow = {
  id: string;
  number: string;
  task: string;
  status: AuditScheduleStatus;
  location_id: string | null;
  estimated_start_date: string | Date | null;
  report_due_date: string | Date | null;
  internal_reference_number: string | null;
  lead: string | null;
};

export async function loadAuditRegister(context: ProjectContext, kind: AuditKind, url: URL) {
  const { em, project, user } = context;
  const query = readAuditQuery(url.searchParams);
  const page = pageFromSearch(url.searchParams);
  const places = await registerLocations(em, project.id, query.location);
  const where = whereFor(project.id, kind, user.id, query, places.ids);
  const direction = query.dir === "asc" ? "asc" : "desc";
  const [rows, total, members, used] = await Promise.all([
    registerPageRows<RawRow>(em, {
      from: "safety_audit_schedule a",
      id: "a.id",
      select: `a.id, a."number", a.task, a.status, a.location_id, a.estimated_start_date, a.report_due_date,
               a.internal_reference_number, lead.name as lead`,
      joins: "left join app_user lead on lead.id = a.lead_auditor_id",
      where,
      order: `${ORDER[query.sort]} ${direction} nulls last, a.sequence ${direction}`,
      page,
      pageSize: DEFAULT_PAGE_SIZE,
    }),
    registerCount(em, "safety_audit_schedule a", where),
    projectMemberChoices(em, project.id),
    em.execute<{ location_id: string }[]>(
      `select distinct location_id from safety_audit_schedule
       where project_id = ? and kind = ? and location_id is not null`,
      [project.id, kind],
    ),
  ]);
  return {
    kind,
    query,
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    total,
    filters: {
      members,
      locations: places.choices(used.map((row) => row.location_id)),
    },
    rows: rows.map((row) => ({
      id: row.id,
      number: row.number,
      task: row.task,
      status: row.status,
      location: places.nameOf(row.location_id),
      estimatedStartDate: dayOfDateColumn(row.estimated_start_date),
      reportDueDate: dayOfDateColumn(row.report_due_date),
      internalReferenceNumber: row.internal_reference_number,
      lead: row.lead,
    })),
  };
}
export type AuditRegister = Awaited<ReturnType<typeof loadAuditRegister>>;
export type AuditRegisterRow = AuditRegister["rows"][number];
