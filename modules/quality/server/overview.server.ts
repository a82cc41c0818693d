import type { EntityManager } from "@mikro-orm/postgresql";
import type { PermissionKey } from "~/server/permissions/keys";
import { ITP_STATUSES, ITP_TRANSITIONS, type ItpStatus } from "../domain/itp-workflow";
import {
  LOT_STATUSES,
  LOT_TRANSITIONS,
  type LotState,
  type LotStatus,
  lotStateKey,
} from "../domain/lot-workflow";
import { Itp, Lot } from "../entities";
import { LOT_PATH } from "./lot-basics";
import { LOT_REGISTER_PARAMS } from "./lot-register.server";

export type QualityOverview = {
  lotsByStatus: { status: LotStatus; count: number }[];
  itpsByStatus: { status: ItpStatus; count: number }[];
  /**
   * Lots and ITPs in a state where the user can take the next step (review steps only, not site work),
   * each with the register's link listing exactly the records it counts (status and sub-status).
   */
  waiting: { kind: "lot" | "itp"; status: string; subStatus: string | null; count: number; href: string }[];
};

/** The review steps of each table: where a lot or ITP waits for someone else than the site team. */
const LOT_REVIEW_PERMISSIONS = new Set<PermissionKey>([
  "quality.lot.internal-review",
  "quality.lot.qa-review",
  "quality.lot.external-review",
  "quality.lot.close",
]);
const ITP_REVIEW_PERMISSIONS = new Set<PermissionKey>([
  "quality.itp.internal-review",
  "quality.itp.external-review",
]);

/**
 * The register listing the records of one waiting state: a lot's state is its status *and* sub-status
 * (counted by both), so the link filters by both — a link by status alone listed every active lot for a
 * count of those waiting for QA.
 */
export function waitingHref(kind: "lot" | "itp", status: string, subStatus: string | null): string {
  if (kind === "itp") return `/quality/itp?${new URLSearchParams({ status })}`;
  const params = new URLSearchParams({ [LOT_REGISTER_PARAMS.status]: status });
  if (subStatus) params.set(LOT_REGISTER_PARAMS.subStatus, subStatus);
  return `${LOT_PATH}?${params}`;
}

function statesAwaiting<S>(
  rows: readonly { from: S; permission: PermissionKey }[],
  reviewPermissions: ReadonlySet<PermissionKey>,
  can: (key: PermissionKey) => boolean,
  key: (state: S) => string,
): Map<string, S> {
  const states = new Map<string, S>();
  for (const row of rows)
    if (reviewPermissions.has(row.permission) && can(row.permission)) states.set(key(row.from), row.from);
  return states;
}

/** Counts for the quality overview: two grouped queries, whatever the number of lots. */
export async function qualityOverview(
  em: EntityManager,
  projectId: string,
  can: (key: PermissionKey) => boolean,
): Promise<QualityOverview> {
  const connection = em.getConnection();
  const [lotRows, itpRows] = await Promise.all([
    connection.execute<{ status: LotStatus; sub_status: string | null; count: string }[]>(
      `select status, sub_status, count(*) as count from ${em.getMetadata(Lot).tableName} where project_id = ? group by status, sub_status`,
      [projectId],
    ),
    connection.execute<{ status: ItpStatus; count: string }[]>(
      `select status, count(*) as count from ${em.getMetadata(Itp).tableName} where project_id = ? group by status`,
      [projectId],
    ),
  ]);
  const lotCount = new Map<string, number>();
  for (const row of lotRows) {
    const state = { status: row.status, subStatus: row.sub_status } as LotState;
    lotCount.set(lotStateKey(state), Number(row.count));
  }
  const itpCount = new Map(itpRows.map((row) => [row.status, Number(row.count)]));

  const waiting: QualityOverview["waiting"] = [];
  for (const [key, state] of statesAwaiting(LOT_TRANSITIONS, LOT_REVIEW_PERMISSIONS, can, lotStateKey)) {
    const count = lotCount.get(key) ?? 0;
    if (count > 0)
      waiting.push({
        kind: "lot",
        status: state.status,
        subStatus: state.subStatus,
        count,
        href: waitingHref("lot", state.status, state.subStatus),
      });
  }
  for (const [, status] of statesAwaiting(ITP_TRANSITIONS, ITP_REVIEW_PERMISSIONS, can, (s) => s)) {
    const count = itpCount.get(status) ?? 0;
    if (count > 0)
      waiting.push({ kind: "itp", status, subStatus: null, count, href: waitingHref("itp", status, null) });
  }

  const lotsByStatus = LOT_STATUSES.map((status) => ({
    status,
    count: lotRows.filter((row) => row.status === status).reduce((sum, row) => sum + Number(row.count), 0),
  }));
  return {
    lotsByStatus,
    itpsByStatus: ITP_STATUSES.map((status) => ({ status, count: itpCount.get(status) ?? 0 })),
    waiting,
  };
}
