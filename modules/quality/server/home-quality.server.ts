import type { EntityManager } from "@mikro-orm/postgresql";
import type { PermissionKey } from "~/server/permissions/keys";
import { DEFECT_STATUSES, type DefectStatus } from "../domain/defect-workflow";
import type { NcrStatus } from "../domain/ncr-workflow";
import { findHpWpPage, type HpWpRegisterRow } from "./hp-wp-register.server";
import { OPEN_POINT_STATES, parseHpWpRegisterQuery } from "./hp-wp-register-rules";

/** An NCR still being worked on or reviewed (not closed, not archived). */
export const OPEN_NCR_STATUSES = ["in_progress", "in_review"] as const satisfies readonly NcrStatus[];

/** How many open hold points the quality home lists; the count says how many there are. */
export const LISTED_HOLD_POINTS = 5;

export type HomeHoldPoints = {
  /** Open hold points of the project, and how many of them are overdue. */
  open: number;
  overdue: number;
  /** The overdue ones first (earliest day to attend first), then the newest lots' open ones. */
  listed: HpWpRegisterRow[];
};

/**
 * The quality home's hold points: the open ones (not released, released with comment or not required),
 * overdue first. Both reads are the HP/WP register's own queries, so the counts are what its links list.
 */
export async function homeHoldPoints(em: EntityManager, projectId: string): Promise<HomeHoldPoints> {
  const base = { ...parseHpWpRegisterQuery(new URLSearchParams("tab=hold")), locationIds: null };
  const [overdue, open] = await Promise.all([
    findHpWpPage(
      em,
      projectId,
      { ...base, states: ["notified"], due: "overdue", sort: "dueOn", dir: "asc" },
      LISTED_HOLD_POINTS,
    ),
    findHpWpPage(em, projectId, { ...base, states: [...OPEN_POINT_STATES] }, LISTED_HOLD_POINTS),
  ]);
  const key = (row: HpWpRegisterRow) => `${row.lotId}:${row.itemId}`;
  const listedKeys = new Set(overdue.rows.map(key));
  return {
    open: open.total,
    overdue: overdue.total,
    listed: [...overdue.rows, ...open.rows.filter((row) => !listedKeys.has(key(row)))].slice(
      0,
      LISTED_HOLD_POINTS,
    ),
  };
}

export type StateCount<S extends string> = { status: S; count: number };

/** Open NCRs per state (one grouped query on the (project, status) index). */
export async function openNcrsByStatus(em: EntityManager, projectId: string) {
  const rows = await em.execute<{ status: NcrStatus; total: string | number }[]>(
    `select status, count(*) as total from ncr where project_id = ? and status in (${OPEN_NCR_STATUSES.map(() => "?").join(", ")})
     group by status`,
    [projectId, ...OPEN_NCR_STATUSES],
  );
  const count = new Map(rows.map((row) => [row.status, Number(row.total)]));
  return OPEN_NCR_STATUSES.map((status) => ({ status, count: count.get(status) ?? 0 }));
}

/**
 * Defects per state as the punch list's All tab counts them for this user: everyone's raised defects and
 * the user's own drafts (a draft is its raiser's alone), so each count is what its link lists.
 */
export async function defectsByStatus(
  em: EntityManager,
  projectId: string,
  userId: string,
): Promise<StateCount<DefectStatus>[]> {
  const rows = await em.execute<{ status: DefectStatus; total: string | number }[]>(
    `select status, count(*) as total from defect where project_id = ? and (status <> 'draft' or created_by_id = ?)
     group by status`,
    [projectId, userId],
  );
  const count = new Map(rows.map((row) => [row.status, Number(row.total)]));
  return DEFECT_STATUSES.map((status) => ({ status, count: count.get(status) ?? 0 })).filter(
    (row) => row.status !== "draft" || row.count > 0,
  );
}

/** What the quality home adds for the user's permissions: hold points, open NCRs and the punch list. */
export async function qualityHomeRecords(
  em: EntityManager,
  projectId: string,
  userId: string,
  can: (key: PermissionKey) => boolean,
) {
  const [holdPoints, ncrs, defects] = await Promise.all([
    can("quality.lot.view") ? homeHoldPoints(em, projectId) : null,
    can("quality.ncr.view") ? openNcrsByStatus(em, projectId) : null,
    can("quality.defects.view") ? defectsByStatus(em, projectId, userId) : null,
  ]);
  return { holdPoints, ncrs, defects };
}
