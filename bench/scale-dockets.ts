import type pg from "pg";
import { countBy, countRows, timedStep, withoutSecondaryIndexes } from "./scale-sql";

/**
 * The docket register at scale (decision 043): N dockets written up over three years by a big job's
 * subcontractors, filled by the database (INSERT … SELECT over generate_series) as scale-actions.ts fills the
 * actions. Most are long approved or posted; the last weeks' are still moving. Items are left out: the register
 * reads the docket's own total, never its items.
 */

const SPAN_DAYS = 3 * 365;
const RECENT_DAYS = 30;
/** Subcontractor companies of the project, one ABN each: the register's company filter and ABN search. */
const COMPANIES = 12;

export type DocketScaleData = {
  counts: { dockets: number };
  statusMix: Record<string, number>;
  /** For approval by the bench user: Assigned To Me's size. */
  mine: number;
  /** A company of the data set (the company filter) and a fragment of its ABN (the search). */
  companyId: string;
  abnFragment: string;
};

/**
 * Fills `docket` in the project: numbered DKT-0001… as nextNumber numbers them, dated one after the other over
 * three years (the newest last), each of one of 12 companies with its ABN, at one of the project's locations;
 * one in 12 is for approval by the bench user (memberIds[0]). A docket of the last 30 days is a draft,
 * submitted, in review, approved or rejected; an older one is posted but for a few archived.
 */
export async function generateDockets(
  client: pg.Client,
  options: { projectId: string; memberIds: string[]; dockets: number; log: (line: string) => void },
): Promise<DocketScaleData> {
  const { projectId, memberIds, dockets, log } = options;
  const step = timedStep(client, log);
  const { rows: companies } = await client.query<{ id: string }>(
    `insert into company (id, name, status, tax_id, created_at, updated_at)
     select gen_random_uuid(), 'Bench Subcontractor ' || k, 'IN_PROGRESS',
       lpad((10 + k)::text, 2, '0') || ' ' || lpad((100 + k * 37)::text, 3, '0') || ' ' || lpad((k * 91)::text, 3, '0') || ' 556',
       now(), now()
     from generate_series(1, ${COMPANIES}) k returning id`,
  );
  const companyIds = companies.map((row) => row.id);
  // The companies work on the project through members of theirs (the form's and the filter's choices).
  await client.query(
    `update project_member set company_id = ($2::uuid[])[1 + (numbered.rn % ${COMPANIES})]
     from (select id as member_id, row_number() over (order by id) as rn from project_member
           where project_id = $1 and user_id <> $3) numbered
     where project_member.id = numbered.member_id`,
    [projectId, companyIds, memberIds[0]],
  );
  await withoutSecondaryIndexes(client, "docket", log, () =>
    step(
      `${dockets.toLocaleString("en")} dockets`,
      `with g as (
         select i, (i * 7919) % 100 as bucket, ${SPAN_DAYS}.0 * ($2 - i) / $2 as age_days,
                (current_date - (${SPAN_DAYS} * ($2 - i) / $2)::int) as day
         from generate_series(1, $2::int) i
       ), s as (
         select g.*, case when g.age_days >= ${RECENT_DAYS} then (case when g.bucket < 4 then 'archived' else 'posted' end)
                          when g.bucket < 20 then 'draft'
                          when g.bucket < 35 then 'submitted'
                          when g.bucket < 55 then 'in_review'
                          when g.bucket < 90 then 'approved'
                          else 'rejected' end as status
         from g
       ), l as (select array_agg(id order by path) as ids from location where project_id = $1)
       insert into docket (id, project_id, "number", docket_date, status, company_id, abn, po_number, type,
         cost_account, task, area_id, received_by_id, received_on, for_approval_by_id, total_cents,
         created_by_id, created_at, updated_at)
       select gen_random_uuid(), $1,
         'DKT-' || lpad(s.i::text, greatest(4, length(s.i::text)), '0'),
         s.day, s.status,
         ($3::uuid[])[1 + s.i % ${COMPANIES}],
         lpad((10 + 1 + s.i % ${COMPANIES})::text, 2, '0') || ' ' || lpad((100 + (1 + s.i % ${COMPANIES}) * 37)::text, 3, '0') || ' ' || lpad(((1 + s.i % ${COMPANIES}) * 91)::text, 3, '0') || ' 556',
         'PO-' || (4000 + s.i % 300),
         (array['labour','plant','materials','hire','services','other'])[1 + (s.i * 13) % 6],
         '31-' || (100 + s.i % 40), 'Work of the day',
         l.ids[1 + (s.i * 17) % greatest(1, array_length(l.ids, 1))],
         ($4::uuid[])[1 + (s.i * 23) % ${memberIds.length}], s.day,
         case when s.status = 'draft' then null when s.i % 12 = 0 then $5::uuid
              else ($4::uuid[])[1 + (s.i * 29 + 1) % ${memberIds.length}] end,
         100 * (50 + (s.i * 7919) % 5000),
         ($4::uuid[])[1 + (s.i * 23) % ${memberIds.length}],
         s.day + interval '18 hours', s.day + interval '2 days'
       from s, l`,
      [projectId, dockets, companyIds, memberIds, memberIds[0]],
    ),
  );
  await client.query(`insert into project_counter (project_id, kind, value) values ($1, 'DKT', $2)`, [
    projectId,
    dockets,
  ]);
  const mine = await client.query<{ mine: string }>(
    "select count(*) as mine from docket where project_id = $1 and for_approval_by_id = $2",
    [projectId, memberIds[0]],
  );
  return {
    counts: { dockets: await countRows(client, "docket", projectId) },
    statusMix: await countBy(client, "docket", "status", projectId),
    mine: Number(mine.rows[0].mine),
    companyId: companyIds[0],
    abnFragment: "137 091",
  };
}
