import type { EntityManager } from "@mikro-orm/postgresql";
import { type Provider, provide, type SubcontractWorkItem } from "~/server/extensions/contracts";
import { isUuid } from "~/server/http/responses";
import { Docket } from "../entities";

/**
 * subcontract.work (Cost and Commercial's payment claims take in a subcontract's approved work): the approved
 * or posted dockets of a subcontract up to the claim's billing period end that no claim holds yet, oldest
 * first, each for its total. A claim takes dockets all or none, in the caller's transaction.
 */

type WorkRow = {
  id: string;
  number: string;
  docket_date: string | Date;
  total_cents: string | number;
  company: string | null;
  task: string | null;
};

const CLAIMABLE = `('approved', 'posted')`;

const dayOf = (value: string | Date) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

function itemOf(row: WorkRow): SubcontractWorkItem {
  return {
    id: row.id,
    number: row.number,
    title: [row.company, row.task].filter(Boolean).join(" — "),
    date: dayOf(row.docket_date),
    amountCents: Number(row.total_cents),
    href: `/dockets/${row.id}`,
  };
}

const table = (em: EntityManager) => em.getMetadata(Docket).tableName;

function work(em: EntityManager, where: string, params: unknown[]) {
  return em.execute<WorkRow[]>(
    `select d.id, d."number", to_char(d.docket_date, 'YYYY-MM-DD') as docket_date, d.total_cents, c.name as company, d.task
       from ${table(em)} d left join company c on c.id = d.company_id
      where ${where}
      order by d.docket_date, d.sequence`,
    params,
  );
}

const placeholders = (count: number) => Array.from({ length: count }, () => "?").join(", ");

export const provider: Provider<"subcontract.work"> = provide("subcontract.work", {
  permission: "dockets.docket.view",
  async unclaimed({ em, projectId }, { subcontractId, through }) {
    if (!isUuid(subcontractId) || !/^\d{4}-\d{2}-\d{2}$/.test(through)) return [];
    const rows = await work(
      em,
      `d.project_id = ? and d.subcontract_id = ? and d.claim_id is null and d.status in ${CLAIMABLE} and d.docket_date <= ?::date`,
      [projectId, subcontractId, through],
    );
    return rows.map(itemOf);
  },
  async claim({ em, projectId }, { claimId, subcontractId, ids }) {
    const unique = [...new Set(ids)];
    if (!isUuid(claimId) || !isUuid(subcontractId) || unique.length === 0 || !unique.every(isUuid))
      return false;
    // One statement: the dockets are locked (a claim made at the same time waits, then sees them taken), and
    // they are all updated only when every one is still this subcontract's, claimable and in no claim.
    const result = await em.execute<{ id: string }[]>(
      `with wanted as (
         select id, claim_id, status, subcontract_id from ${table(em)}
          where project_id = ? and id in (${placeholders(unique.length)}) for update
       ), fit as (
         select count(*) = ? as ok from wanted
          where claim_id is null and subcontract_id = ? and status in ${CLAIMABLE}
       )
       update ${table(em)} d set claim_id = ?, updated_at = now()
         from fit where fit.ok and d.id in (select id from wanted)
       returning d.id`,
      [projectId, ...unique, unique.length, subcontractId, claimId],
    );
    return result.length === unique.length;
  },
  async ofClaim({ em, projectId }, claimId) {
    if (!isUuid(claimId)) return [];
    return (await work(em, "d.project_id = ? and d.claim_id = ?", [projectId, claimId])).map(itemOf);
  },
  async release({ em, projectId }, claimId) {
    if (!isUuid(claimId)) return;
    await em.execute(
      `update ${table(em)} set claim_id = null, updated_at = now() where project_id = ? and claim_id = ?`,
      [projectId, claimId],
    );
  },
});
