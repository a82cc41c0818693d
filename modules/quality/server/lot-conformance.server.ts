import type { EntityManager } from "@mikro-orm/postgresql";
import type { PointState } from "../domain/inspection-point-workflow";
import type { LotStatus, LotSubStatus } from "../domain/lot-workflow";
import { OPEN_NCR_STATUSES } from "./home-quality.server";
import { OPEN_POINT_STATES } from "./hp-wp-register-rules";
import { LOCATION_PATH_COLUMN } from "./lot-register.server";
import { today } from "./today";

/**
 * The conformance register: every lot of the project, in lot number order, with what still stands
 * between it and conformance — its open hold points (not released, released with comment or not
 * required) and its open NCRs (in progress or in review). Read in batches (keyset on the lot number's
 * sequence), each lot's points and NCRs by index from the lot, so the export streams at any size.
 */

export type ConformanceHoldPoint = {
  itpNumber: string;
  position: number;
  activity: string;
  state: PointState;
  dueOn: string | null;
  overdue: boolean;
};

export type ConformanceRow = {
  id: string;
  number: string;
  title: string;
  status: LotStatus;
  subStatus: LotSubStatus | null;
  locationPath: string | null;
  holdPoints: ConformanceHoldPoint[];
  ncrNumbers: string[];
};

type RawConformanceRow = {
  id: string;
  number: string;
  sequence: number;
  title: string;
  status: LotStatus;
  sub_status: LotSubStatus | null;
  location_path: string | null;
  hold_points: {
    itp: string;
    position: number;
    activity: string;
    state: PointState;
    due_on: string | null;
    overdue: boolean;
  }[];
  ncr_numbers: string[];
};

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(", ");

/** Every lot with its open hold points and open NCRs, in batches, lot number order. */
export async function* iterateConformance(
  em: EntityManager,
  projectId: string,
  batchSize = 2000,
): AsyncGenerator<ConformanceRow[]> {
  const day = today();
  let last = 0;
  while (true) {
    const raw: RawConformanceRow[] = await em.execute<RawConformanceRow[]>(
      `select l.id, l."number", l.sequence, l.title, l.status, l.sub_status, ${LOCATION_PATH_COLUMN},
         coalesce((
           select json_agg(json_build_object('itp', i."number", 'position', it.position, 'activity', it.activity,
               'state', coalesce(lip.state, 'not_started'), 'due_on', lip.due_on,
               'overdue', coalesce(lip.state = 'notified' and lip.due_on < ?::date, false))
             order by i."number", it.position)
           from lot_itp li join itp i on i.id = li.itp_id
             join itp_item it on it.itp_id = li.itp_id and it.inspection_point = 'H'
             left join lot_inspection_point lip on lip.lot_id = l.id and lip.item_id = it.id
           where li.lot_id = l.id and coalesce(lip.state, 'not_started') in (${list(OPEN_POINT_STATES)})
         ), '[]'::json) as hold_points,
         array(select n."number" from ncr n where n.lot_id = l.id and n.status in (${list(OPEN_NCR_STATUSES)})
           order by n.sequence) as ncr_numbers
       from lot l where l.project_id = ? and l.sequence > ? order by l.sequence limit ?`,
      [day, projectId, last, batchSize],
    );
    if (raw.length === 0) return;
    yield raw.map((row) => ({
      id: row.id,
      number: row.number,
      title: row.title,
      status: row.status,
      subStatus: row.sub_status,
      locationPath: row.location_path,
      holdPoints: row.hold_points.map((point) => ({
        itpNumber: point.itp,
        position: point.position,
        activity: point.activity,
        state: point.state,
        dueOn: point.due_on,
        overdue: point.overdue,
      })),
      ncrNumbers: row.ncr_numbers,
    }));
    if (raw.length < batchSize) return;
    last = raw[raw.length - 1].sequence;
  }
}
