import type { EntityManager } from "@mikro-orm/postgresql";
import { DEFAULT_PAGE_SIZE, pageFromSearch } from "~/app/ui/pagination-range";
import {
  registerCount,
  registerPageRows,
  registerWhere,
  type SqlCondition,
} from "~/server/db/register-query";
import { listLocationTree } from "~/server/locations/locations.server";
import { flattenLocationTree } from "~/server/locations/tree";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { projectTimeZone } from "~/server/projects/time-zone.server";
import {
  type PermitStatus,
  type PermitType,
  type PermitValidity,
  permitValidity,
} from "../domain/permit-workflow";
import { type PermitQuery, readPermitQuery } from "./permit-rules";

/**
 * The permits register: search, filters (state, type, validity), order and page from the URL, as one SQL
 * query on the table's indexes and its trigram index for the number-or-title search. Validity is the
 * domain's rule (permitValidity) written in SQL against the request's clock.
 */

/** permitValidity as a condition on `p` (tested to agree with it around the period's edges). */
export function validityCondition(validity: PermitValidity, now: Date): SqlCondition {
  if (validity === "expired") return { sql: "p.valid_to <= ?", params: [now] };
  if (validity === "active")
    return { sql: "(p.status = 'ACTIVE' and p.valid_from <= ? and p.valid_to > ?)", params: [now, now] };
  return {
    sql: "(p.valid_to > ? and (p.status <> 'ACTIVE' or p.valid_from > ?))",
    params: [now, now],
  };
}

function whereFor(projectId: string, query: PermitQuery, now: Date) {
  return registerWhere("p.project_id = ?", projectId)
    .search(`p."number"::text || ' ' || p."title"::text`, query.q)
    .equals("p.status", query.status)
    .equals("p.type", query.type)
    .also(query.validity ? validityCondition(query.validity, now) : null);
}

const ORDER: Record<PermitQuery["sort"], string> = {
  number: "p.sequence",
  validFrom: "p.valid_from",
  validTo: "p.valid_to",
};

type RawRow = {
  id: string;
  number: string;
  type: PermitType;
  title: string;
  status: PermitStatus;
  valid_from: Date | string;
  valid_to: Date | string;
  location_id: string | null;
  issuer: string | null;
  receiver: string | null;
};

export async function loadPermitRegister(context: ProjectContext, url: URL, now = new Date()) {
  const { em, project } = context;
  const query = readPermitQuery(url.searchParams);
  const page = pageFromSearch(url.searchParams);
  const where = whereFor(project.id, query, now);
  const direction = query.dir === "asc" ? "asc" : "desc";
  const [rows, total, tree, timeZone] = await Promise.all([
    registerPageRows<RawRow>(em, {
      from: "safety_permit p",
      id: "p.id",
      select: `p.id, p."number", p.type, p.title, p.status, p.valid_from, p.valid_to, p.location_id,
               issuer.name as issuer, receiver.name as receiver`,
      joins: `left join app_user issuer on issuer.id = p.issuer_id
              left join app_user receiver on receiver.id = p.receiver_id`,
      where,
      order: `${ORDER[query.sort]} ${direction}, p.sequence ${direction}`,
      page,
      pageSize: DEFAULT_PAGE_SIZE,
    }),
    registerCount(em, "safety_permit p", where),
    listLocationTree(em, project.id),
    projectTimeZone(em, project),
  ]);
  const placeName = new Map(flattenLocationTree(tree).map((node) => [node.id, node.ancestorsName]));
  return {
    query,
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    total,
    timeZone,
    rows: rows.map((row) => {
      const validFrom = new Date(row.valid_from);
      const validTo = new Date(row.valid_to);
      return {
        id: row.id,
        number: row.number,
        type: row.type,
        title: row.title,
        status: row.status,
        validFrom: validFrom.toISOString(),
        validTo: validTo.toISOString(),
        validity: permitValidity(row.status, validFrom, validTo, now),
        location: row.location_id ? (placeName.get(row.location_id) ?? null) : null,
        issuer: row.issuer,
        receiver: row.receiver,
      };
    }),
  };
}
export type PermitRegisterRow = Awaited<ReturnType<typeof loadPermitRegister>>["rows"][number];

/**
 * A project's permits to work, for a record that names one (a pre-start or toolbox talk's "permit to
 * work"): newest first, archived ones left out, each with its validity now. On the project-sequence index.
 */
export async function projectPermitChoices(
  em: EntityManager,
  projectId: string,
  options: { now?: Date; limit?: number } = {},
) {
  const now = options.now ?? new Date();
  const rows = await em.execute<Omit<RawRow, "location_id" | "issuer" | "receiver">[]>(
    `select id, "number", type, title, status, valid_from, valid_to from safety_permit
     where project_id = ? and status <> 'ARCHIVED' order by sequence desc limit ?`,
    [projectId, options.limit ?? 200],
  );
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    type: row.type,
    title: row.title,
    status: row.status,
    validFrom: new Date(row.valid_from).toISOString(),
    validTo: new Date(row.valid_to).toISOString(),
    validity: permitValidity(row.status, new Date(row.valid_from), new Date(row.valid_to), now),
  }));
}
export type PermitChoice = Awaited<ReturnType<typeof projectPermitChoices>>[number];
