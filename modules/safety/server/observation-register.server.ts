import { DEFAULT_PAGE_SIZE, pageFromSearch } from "~/app/ui/pagination-range";
import { dayOfDateColumn } from "~/server/db/date-column";
import { registerCount, registerPageRows, registerWhere } from "~/server/db/register-query";
import { projectMemberChoices } from "~/server/members/project-members.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import type { ObservationKind, ObservationStatus } from "../domain/observation-workflow";
import { type ObservationQuery, readObservationQuery } from "./observation-rules";
import { registerLocations } from "./register-locations.server";

/**
 * The observations register: search, filters, order and page from the URL, as one SQL query on the
 * table's indexes (project with sequence, status, kind, location, assignee, observed day) and its trigram
 * index for the number-or-title search. A location filter takes the location and every place below it; it
 * offers the places observations are at and the places above them.
 */

function whereFor(projectId: string, query: ObservationQuery, locationIds: readonly string[] | null) {
  return registerWhere("o.project_id = ?", projectId)
    .search(`o."number"::text || ' ' || o."title"::text`, query.q)
    .equals("o.status", query.status)
    .equals("o.kind", query.kind)
    .within("o.location_id", locationIds)
    .equals("o.assignee_id", query.assignee)
    .atLeast("o.observed_on", query.from)
    .atMost("o.observed_on", query.to);
}

const ORDER: Record<ObservationQuery["sort"], string> = {
  number: "o.sequence",
  observedOn: "o.observed_on",
};

type RawRow = {
  id: string;
  number: string;
  kind: ObservationKind;
  title: string;
  status: ObservationStatus;
  observed_on: string | Date;
  location_id: string | null;
  assignee: string | null;
  created_by: string | null;
};

export async function loadObservationRegister(context: ProjectContext, url: URL) {
  const { em, project } = context;
  const query = readObservationQuery(url.searchParams);
  const page = pageFromSearch(url.searchParams);
  const places = await registerLocations(em, project.id, query.location);
  const where = whereFor(project.id, query, places.ids);
  const direction = query.dir === "asc" ? "asc" : "desc";
  const [rows, total, members, used] = await Promise.all([
    registerPageRows<RawRow>(em, {
      from: "safety_observation o",
      id: "o.id",
      select: `o.id, o."number", o.kind, o.title, o.status, o.observed_on, o.location_id,
               assignee.name as assignee, creator.name as created_by`,
      joins: `left join app_user assignee on assignee.id = o.assignee_id
              left join app_user creator on creator.id = o.created_by_id`,
      where,
      order: `${ORDER[query.sort]} ${direction}, o.sequence ${direction}`,
      page,
      pageSize: DEFAULT_PAGE_SIZE,
    }),
    registerCount(em, "safety_observation o", where),
    projectMemberChoices(em, project.id),
    // The places observations are at (on the project-location index), for the filter's choices.
    em.execute<{ location_id: string }[]>(
      `select distinct location_id from safety_observation where project_id = ? and location_id is not null`,
      [project.id],
    ),
  ]);
  return {
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
      kind: row.kind,
      title: row.title,
      status: row.status,
      observedOn: dayOfDateColumn(row.observed_on),
      location: places.nameOf(row.location_id),
      assignee: row.assignee,
      createdBy: row.created_by,
    })),
  };
}
export type ObservationRegisterRow = Awaited<ReturnType<typeof loadObservationRegister>>["rows"][number];
