import type { InjuryCounts } from "../domain/frequency-rates";
import type { InjuryClassification } from "../domain/injury-classification";
import type { HoursPeriod, HoursScope } from "./hours-worked.server";

/**
 * The injured persons of a project's incidents whose day — the incident's time on the project's clock —
 * lies in the period (both days included), by classification: what LTIFR and TRIFR count. Every incident
 * counts whatever its stage: a raised incident's lost time injury is one already (a deleted incident is
 * gone). People are counted, not incidents.
 */
export async function countInjuredPersons(
  scope: HoursScope & { timeZone: string },
  period: HoursPeriod,
): Promise<InjuryCounts> {
  const rows = await scope.em
    .getConnection()
    .execute<{ classification: InjuryClassification; count: string }[]>(
      `select p.classification, count(*) as count
       from safety_incident_injured_person p
       join safety_incident i on i.id = p.incident_id
      where i.project_id = ?
        and (i.occurred_at at time zone ?)::date between ?::date and ?::date
      group by p.classification`,
      [scope.projectId, scope.timeZone, period.from, period.to],
    );
  return Object.fromEntries(rows.map((row) => [row.classification, Number(row.count)]));
}
