import type { EntityManager } from "@mikro-orm/postgresql";
import { DOCKET_STATUSES } from "../domain/docket-workflow";
import { docketPath, stateHref } from "./docket-basics";

export { WAITING_HREF } from "./docket-basics";

import { docketCount } from "./docket-register.server";

/**
 * The docket figures of /dockets/home and of the home card: dockets per state (the totals the database
 * keeps), the dockets waiting for my approval (in review, for approval by me) and the latest written up.
 * Each count is the register's total behind its link.
 */

/** How many waiting and recent dockets the home lists. */
const LISTED = 10;

type Listed = { id: string; number: string; company: string | null; total_cents: string | number };

const listedOf = (rows: Listed[]) =>
  rows.map((row) => ({
    id: row.id,
    number: row.number,
    company: row.company,
    totalCents: Number(row.total_cents),
    href: docketPath(row.id),
  }));

export async function docketFigures(em: EntityManager, projectId: string, userId: string) {
  const [counts, waitingCount, waiting, recent] = await Promise.all([
    em.execute<{ status: string; total: string | number }[]>(
      "select status, total from docket_status_total where project_id = ?",
      [projectId],
    ),
    docketCount(em, projectId, userId, { tab: "mine", status: "in_review" }),
    em.execute<Listed[]>(
      `select d.id, d."number", c.name as company, d.total_cents from docket d
       left join company c on c.id = d.company_id
       where d.project_id = ? and d.for_approval_by_id = ? and d.status = 'in_review'
       order by d.sequence limit ?`,
      [projectId, userId, LISTED],
    ),
    em.execute<Listed[]>(
      `select d.id, d."number", c.name as company, d.total_cents from docket d
       left join company c on c.id = d.company_id
       where d.project_id = ? order by d.sequence desc limit ?`,
      [projectId, LISTED],
    ),
  ]);
  const byState = new Map(counts.map((row) => [row.status, Number(row.total)]));
  return {
    states: DOCKET_STATUSES.map((status) => ({
      status,
      count: byState.get(status) ?? 0,
      href: stateHref(status),
    })),
    waitingCount,
    waiting: listedOf(waiting),
    recent: listedOf(recent),
  };
}
