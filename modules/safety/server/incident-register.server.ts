import { DEFAULT_PAGE_SIZE, pageFromSearch } from "~/app/ui/pagination-range";
import { containsPattern } from "~/server/db/like";
import {
  amongIds,
  type RegisterWhere,
  registerCount,
  registerPageRows,
  registerWhere,
  statusTotal,
} from "~/server/db/register-query";
import { isUuid } from "~/server/http/responses";
import { locationFilter } from "~/server/locations/location-search.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { siteDayRange } from "~/server/projects/time-zone";
import { projectTimeZone } from "~/server/projects/time-zone.server";
import type { ImpactArea, IncidentStatus } from "../domain/incident-fields";
import { SafetyIncident } from "../entities";
import { type IncidentQuery, readIncidentQuery } from "./incident-rules";

/**
 * The incident register: its view (MY_INCIDENTS / ALL_INCIDENTS), search (number, title or reporter),
 * filters (status, impact area, location with its sub-locations, date range on the project's clock), order
 * and page, all from the URL, as one SQL query on the table's indexes.
 */

function whereFor(
  projectId: string,
  userId: string,
  query: IncidentQuery,
  reporterIds: readonly string[],
  locationIds: readonly string[] | null,
  range: { from: Date | null; to: Date | null },
) {
  return registerWhere("i.project_id = ?", projectId)
    .when(query.view === "MY_INCIDENTS", "(i.reporter_id = ? or i.she_person_id = ?)", userId, userId)
    .search(`i."number"::text || ' ' || i."title"::text`, query.q, amongIds("i.reporter_id", reporterIds))
    .equals("i.status", query.status)
    .when(query.impact, "i.impact_areas @> ?::jsonb", JSON.stringify([query.impact]))
    .within("i.location_id", locationIds)
    .atLeast("i.occurred_at", range.from)
    .before("i.occurred_at", range.to);
}

const ORDER: Record<IncidentQuery["sort"], string> = {
  number: "i.sequence",
  occurredAt: "i.occurred_at",
  title: "i.title",
  updatedAt: "i.updated_at",
};

async function reportersNamed(em: ProjectContext["em"], projectId: string, text: string): Promise<string[]> {
  const rows = await em.execute<{ id: string }[]>(
    `select u.id from app_user u
     where u.name ilike ?
       and exists (select 1 from safety_incident i where i.project_id = ? and i.reporter_id = u.id)`,
    [containsPattern(text), projectId],
  );
  return rows.map((row) => row.id);
}

type RawRow = {
  id: string;
  number: string;
  title: string;
  status: IncidentStatus;
  occurred_at: Date | string;
  impact_areas: ImpactArea[];
  locked: boolean;
  location_id: string | null;
  reporter: string | null;
  she_person: string | null;
};

/**
 * The register's total: of every incident or of one state, read from the per-state totals the database
 * keeps (safety_incident_status_total); any other is counted on the table's indexes.
 */
function countIncidents(
  em: ProjectContext["em"],
  projectId: string,
  query: IncidentQuery,
  where: RegisterWhere,
  narrowed: boolean,
) {
  const byStatusOnly = query.view === "ALL_INCIDENTS" && !query.q && !query.impact && !narrowed;
  return byStatusOnly
    ? statusTotal(em, "safety_incident_status_total", projectId, query.status)
    : registerCount(em, "safety_incident i", where);
}

export async function loadIncidentRegister(context: ProjectContext, url: URL) {
  const { em, project, user } = context;
  const query = readIncidentQuery(url.searchParams);
  const page = pageFromSearch(url.searchParams);
  const [timeZone, locations, reporterIds] = await Promise.all([
    projectTimeZone(em, project),
    locationFilter(em, project.id, query.locations),
    query.q ? reportersNamed(em, project.id, query.q) : Promise.resolve([]),
  ]);
  const locationIds = locations.coveredIds;
  // The range's days are the site's days: from its first minute to the first minute after the last day.
  const range = siteDayRange(query.from, query.to, timeZone);
  const where = whereFor(project.id, user.id, query, reporterIds, locationIds, range);
  const direction = query.dir === "asc" ? "asc" : "desc";
  const [rows, total] = await Promise.all([
    registerPageRows<RawRow>(em, {
      from: "safety_incident i",
      id: "i.id",
      select: `i.id, i."number", i.title, i.status, i.occurred_at, i.impact_areas, i.locked, i.location_id,
               reporter.name as reporter, she.name as she_person`,
      joins: `left join app_user reporter on reporter.id = i.reporter_id
              left join app_user she on she.id = i.she_person_id`,
      where,
      order: `${ORDER[query.sort]} ${direction}, i.sequence ${direction}`,
      page,
      pageSize: DEFAULT_PAGE_SIZE,
    }),
    countIncidents(em, project.id, query, where, Boolean(locationIds || range.from || range.to)),
  ]);
  return {
    query,
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    total,
    timeZone,
    chosenLocations: locations.chosen,
    rows: rows.map((row) => ({
      id: row.id,
      number: row.number,
      title: row.title,
      status: row.status,
      occurredAt: new Date(row.occurred_at).toISOString(),
      impactAreas: row.impact_areas ?? [],
      locked: row.locked,
      location: locations.fullName(row.location_id),
      reporter: row.reporter,
      shePerson: row.she_person,
    })),
  };
}
export type IncidentRegister = Awaited<ReturnType<typeof loadIncidentRegister>>;
export type IncidentRegisterRow = IncidentRegister["rows"][number];

/**
 * The incident a deep link names (`incidentId`: its id, or its number "INC-0001"), if it is in the project;
 * null otherwise (the register then opens as the link asked).
 */
export async function incidentOfDeepLink(
  context: ProjectContext,
  incidentId: string | null,
): Promise<string | null> {
  const wanted: string = incidentId?.trim() ?? "";
  if (!wanted) return null;
  const where = isUuid(wanted)
    ? { id: wanted, project: context.project.id }
    : { number: String(wanted).toUpperCase().slice(0, 20), project: context.project.id };
  const incident = await context.em.findOne(SafetyIncident, where, { fields: ["id"] });
  return incident?.id ?? null;
}
