import type { EntityManager } from "@mikro-orm/postgresql";
import { DEFAULT_PAGE_SIZE, pageFromSearch } from "~/app/ui/pagination-range";
import { dayOfDateColumn } from "~/server/db/date-column";
import { containsPattern } from "~/server/db/like";
import {
  registerCount,
  registerPageRows,
  registerWhere,
  type SqlCondition,
  statusTotal,
} from "~/server/db/register-query";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { addDays } from "../domain/plant-rules";
import type { PlantStatus } from "../domain/plant-workflow";
import { FAILED_CHECK_DAYS, type PlantQuery, readPlantQuery } from "./plant-rules";
import { plantSettingsOf, plantSiteToday } from "./plant-settings.server";

/**
 * The plant register: search (number, make, model, registration/serial, owner company), filters (state, owner,
 * on site today, documents expiring or expired, failed pre-start checks in the last 7 days), order and page from
 * the URL, as one SQL query on the table's indexes. The plant home and the home card count with the same
 * conditions (plantCount), so every figure is the register's total behind its link.
 */

/** The facts a filter reads beside the query: the site's today and the warning window. */
export type FilterDay = { today: string; warningDays: number };

/** On site on `day` (domain isOnSite, in SQL on `p`). */
export const onSiteCondition = (day: string): SqlCondition => ({
  sql: `p.status = 'ACTIVE' and p.on_hire_date <= ? and (p.off_hire_date is null or p.off_hire_date >= ?)`,
  params: [day, day],
});

function documentCondition(kind: "expiring" | "expired", { today, warningDays }: FilterDay): SqlCondition {
  const range =
    kind === "expired"
      ? { sql: "d.expiry_date < ?", params: [today] }
      : { sql: "d.expiry_date between ? and ?", params: [today, addDays(today, warningDays)] };
  return {
    sql: `p.status <> 'ARCHIVED' and exists (select 1 from plant_document d where d.plant_id = p.id and ${range.sql})`,
    params: range.params,
  };
}

const failedCheckCondition = ({ today }: FilterDay): SqlCondition => ({
  sql: `p.status <> 'ARCHIVED' and exists (select 1 from plant_check c where c.plant_id = p.id and c.result = 'FAIL' and c.checked_on between ? and ?)`,
  params: [addDays(today, -(FAILED_CHECK_DAYS - 1)), today],
});

export function whereFor(projectId: string, query: Omit<PlantQuery, "sort" | "dir">, day: FilterDay) {
  const onSite = onSiteCondition(day.today);
  return registerWhere("p.project_id = ?", projectId)
    .search(
      `p."number"::text || ' ' || p.make::text || ' ' || p.model::text || ' ' || p.serial::text`,
      query.q,
      {
        sql: "exists (select 1 from company c where c.id = p.owner_company_id and c.name ilike ?)",
        params: [containsPattern(query.q ?? "")],
      },
    )
    .equals("p.status", query.status)
    .equals("p.owner_company_id", query.owner)
    .also(query.onSite === "yes" ? { sql: `(${onSite.sql})`, params: onSite.params } : null)
    .also(query.onSite === "no" ? { sql: `not (${onSite.sql})`, params: onSite.params } : null)
    .also(query.documents ? documentCondition(query.documents, day) : null)
    .also(query.checks === "failed-7-days" ? failedCheckCondition(day) : null);
}

const NO_FILTERS = { q: "", status: null, owner: null, onSite: null, documents: null, checks: null } as const;

/**
 * How many plant items the register lists with these filters (its total, and the home figures): unfiltered or
 * by state alone, a read of the totals the database keeps (plant_item_status_total); else counted on the
 * table's indexes.
 */
export async function plantCount(
  em: EntityManager,
  projectId: string,
  filters: Partial<Omit<PlantQuery, "sort" | "dir">>,
  day: FilterDay,
) {
  const query = { ...NO_FILTERS, ...filters };
  const byStatusOnly = !query.q && !query.owner && !query.onSite && !query.documents && !query.checks;
  if (byStatusOnly) return statusTotal(em, "plant_item_status_total", projectId, query.status);
  return registerCount(em, "plant_item p", whereFor(projectId, query, day));
}

const ORDER: Record<PlantQuery["sort"], string> = {
  number: "p.sequence",
  make: "p.make",
  onHireDate: "p.on_hire_date",
};

type RawRow = {
  id: string;
  number: string;
  make: string;
  model: string;
  serial: string;
  status: PlantStatus;
  owner: string;
  on_hire_date: string | Date | null;
  off_hire_date: string | Date | null;
  expired: string | number;
  expiring: string | number;
};

/** The project's companies a plant item may belong to (those of its members and its own), by name. */
export async function plantCompanyChoices(em: EntityManager, projectId: string) {
  const rows = await em.execute<{ id: string; name: string }[]>(
    `select c.id, c.name from company c
      where c.id in (select m.company_id from project_member m where m.project_id = ? and m.company_id is not null)
         or c.id = (select company_id from project where id = ?)
      order by c.name`,
    [projectId, projectId],
  );
  return rows.map((row) => ({ value: row.id, label: row.name }));
}

export async function loadPlantRegister(context: ProjectContext, url: URL) {
  const { em, project } = context;
  const query = readPlantQuery(url.searchParams);
  const page = pageFromSearch(url.searchParams);
  const [today, settings] = await Promise.all([plantSiteToday(em, project), plantSettingsOf(em, project.id)]);
  const day = { today, warningDays: settings.expiryWarningDays };
  const where = whereFor(project.id, query, day);
  const direction = query.dir === "asc" ? "asc" : "desc";
  const horizon = addDays(today, settings.expiryWarningDays);
  const [rows, total, owners] = await Promise.all([
    registerPageRows<RawRow>(em, {
      from: "plant_item p",
      id: "p.id",
      select: `p.id, p."number", p.make, p.model, p.serial, p.status, c.name as owner,
               p.on_hire_date, p.off_hire_date,
               (select count(*) from plant_document d where d.plant_id = p.id and d.expiry_date < ?) as expired,
               (select count(*) from plant_document d where d.plant_id = p.id
                  and d.expiry_date between ? and ?) as expiring`,
      selectParams: [today, today, horizon],
      joins: "join company c on c.id = p.owner_company_id",
      where,
      order: `${ORDER[query.sort]} ${direction} nulls last, p.sequence ${direction}`,
      page,
      pageSize: DEFAULT_PAGE_SIZE,
    }),
    plantCount(em, project.id, query, day),
    plantCompanyChoices(em, project.id),
  ]);
  return {
    query,
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    total,
    owners,
    warningDays: settings.expiryWarningDays,
    rows: rows.map((row) => ({
      id: row.id,
      number: row.number,
      make: row.make,
      model: row.model,
      serial: row.serial,
      status: row.status,
      owner: row.owner,
      onHireDate: dayOfDateColumn(row.on_hire_date),
      offHireDate: dayOfDateColumn(row.off_hire_date),
      expiredDocuments: Number(row.expired),
      expiringDocuments: Number(row.expiring),
    })),
  };
}
export type PlantRegisterRow = Awaited<ReturnType<typeof loadPlantRegister>>["rows"][number];
