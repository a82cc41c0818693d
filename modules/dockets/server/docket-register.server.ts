import type { EntityManager } from "@mikro-orm/postgresql";
import { DEFAULT_PAGE_SIZE, pageFromSearch } from "~/app/ui/pagination-range";
import { dayOfDateColumn } from "~/server/db/date-column";
import { registerCount, registerPageRows, registerWhere, statusTotal } from "~/server/db/register-query";
import { locationFilter } from "~/server/locations/location-search.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import type { DocketStatus, DocketType } from "../domain/docket-workflow";
import { docketCompanyChoices } from "./docket-companies.server";
import { type DocketQuery, readDocketQuery } from "./docket-rules";

/**
 * The docket register: tabs All Dockets and Assigned To Me (for approval by me), search by number or ABN (the
 * trigram index), filters state / type / area (with everything below it) / company, order and page from the
 * URL, as one SQL query on the table's indexes. The home and the home card count with the same conditions.
 */

type Filters = Omit<DocketQuery, "sort" | "dir" | "areas"> & { areaIds: readonly string[] | null };

export function docketWhere(projectId: string, userId: string, query: Filters) {
  return registerWhere("d.project_id = ?", projectId)
    .search(`d."number"::text || ' ' || coalesce(d.abn, '')::text`, query.q)
    .when(query.tab === "mine", "d.for_approval_by_id = ?", userId)
    .equals("d.status", query.status)
    .equals("d.type", query.type)
    .equals("d.company_id", query.company)
    .within("d.area_id", query.areaIds);
}

const NO_FILTERS: Filters = { tab: "all", q: "", status: null, type: null, company: null, areaIds: null };

/**
 * How many dockets the register lists with these filters: unfiltered or by state alone, a read of the totals
 * the database keeps (docket_status_total); else counted on the table's indexes.
 */
export async function docketCount(
  em: EntityManager,
  projectId: string,
  userId: string,
  filters: Partial<Filters>,
) {
  const query = { ...NO_FILTERS, ...filters };
  const byStatusOnly = query.tab === "all" && !query.q && !query.type && !query.company && !query.areaIds;
  if (byStatusOnly) return statusTotal(em, "docket_status_total", projectId, query.status);
  return registerCount(em, "docket d", docketWhere(projectId, userId, query));
}

const ORDER: Record<DocketQuery["sort"], string> = {
  number: "d.sequence",
  docketDate: "d.docket_date",
  totalCents: "d.total_cents",
};

type RawRow = {
  id: string;
  number: string;
  docket_date: string | Date;
  status: DocketStatus;
  type: DocketType | null;
  abn: string | null;
  po_number: string | null;
  company: string | null;
  area_id: string | null;
  for_approval_by: string | null;
  total_cents: string | number;
};

const SELECT = `d.id, d."number", d.docket_date, d.status, d.type, d.abn, d.po_number, c.name as company,
  d.area_id, u.name as for_approval_by, d.total_cents`;
const JOINS = `left join company c on c.id = d.company_id
  left join app_user u on u.id = d.for_approval_by_id`;

function rowOf(row: RawRow, areaName: (id: string | null) => string | null) {
  return {
    id: row.id,
    number: row.number,
    docketDate: dayOfDateColumn(row.docket_date) ?? "",
    status: row.status,
    type: row.type,
    abn: row.abn,
    poNumber: row.po_number,
    company: row.company,
    area: areaName(row.area_id),
    forApprovalBy: row.for_approval_by,
    totalCents: Number(row.total_cents),
  };
}
export type DocketRegisterRow = ReturnType<typeof rowOf>;

async function registerQuery(context: ProjectContext, url: URL) {
  const query = readDocketQuery(url.searchParams);
  const areas = await locationFilter(context.em, context.project.id, query.areas);
  const filters: Filters = { ...query, areaIds: areas.coveredIds };
  const direction = query.dir === "asc" ? "asc" : "desc";
  return {
    query,
    areas,
    filters,
    where: docketWhere(context.project.id, context.user.id, filters),
    // Ends on the sequence (unique in the project) so pages never overlap.
    order:
      query.sort === "number"
        ? `d.sequence ${direction}`
        : `${ORDER[query.sort]} ${direction}, d.sequence ${direction}`,
  };
}

export async function loadDocketRegister(context: ProjectContext, url: URL) {
  const { em, project, user } = context;
  const page = pageFromSearch(url.searchParams);
  const { query, areas, filters, where, order } = await registerQuery(context, url);
  const [rows, total, companies] = await Promise.all([
    registerPageRows<RawRow>(em, {
      from: "docket d",
      id: "d.id",
      select: SELECT,
      joins: JOINS,
      where,
      order,
      page,
      pageSize: DEFAULT_PAGE_SIZE,
    }),
    docketCount(em, project.id, user.id, filters),
    docketCompanyChoices(em, project.id),
  ]);
  return {
    query,
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    total,
    companies: companies.map(({ value, label }) => ({ value, label })),
    chosenAreas: areas.chosen,
    rows: rows.map((row) => rowOf(row, areas.fullName)),
  };
}

/** Every docket of the register's tab, search, filters and order (not its page), a batch at a time: the export. */
export async function* iterateDockets(context: ProjectContext, url: URL, batchSize = 1000) {
  const { where, order, areas } = await registerQuery(context, url);
  for (let page = 1; ; page += 1) {
    const rows = await registerPageRows<RawRow>(context.em, {
      from: "docket d",
      id: "d.id",
      select: SELECT,
      joins: JOINS,
      where,
      order,
      page,
      pageSize: batchSize,
    });
    yield rows.map((row) => rowOf(row, areas.fullName));
    if (rows.length < batchSize) return;
  }
}
