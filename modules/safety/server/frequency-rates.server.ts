import { isIsoDay } from "~/app/utils/iso-day";
import { Project } from "~/server/db/entities";
import { projectTimeZone } from "~/server/projects/time-zone.server";
import { type FrequencyRates, frequencyRates, type InjuryCounts } from "../domain/frequency-rates";
import { wholeMonths } from "../domain/hours-months";
import {
  type HoursPeriod,
  type HoursScope,
  type HoursSource,
  hoursSource,
  sourcedHours,
} from "./hours-worked.server";
import { countInjuredPersons } from "./incident-injuries.server";

/**
 * LTIFR and TRIFR of a project over a period, for /safety/home and reports: the injured persons of its
 * incidents (incident-injuries.server) over its hours worked (hours-worked.server), both over whole months.
 */
export type InjuryCounter = (scope: HoursScope, period: HoursPeriod) => Promise<InjuryCounts>;

/** The incidents' injured persons, each incident's day read on the project's clock. */
const incidentInjuries: InjuryCounter = async (scope, period) => {
  const project = await scope.em.findOneOrFail(Project, scope.projectId);
  return countInjuredPersons({ ...scope, timeZone: await projectTimeZone(scope.em, project) }, period);
};

export type PeriodRates = FrequencyRates & {
  /** The period the rates cover: the asked one widened to whole months (hours are known per month). */
  from: string;
  to: string;
  /** Where the hours came from: "entered" on the settings page, "in-out" records, or "in-out+entered". */
  hoursSource: string;
  counts: InjuryCounts;
};

/**
 * { ltifr, trifr, hours, lostTimeCount, recordableCount } over from..to (YYYY-MM-DD), widened to whole months.
 * Rates are null ("—") when no hours were worked. Throws a RangeError for a malformed or reversed period.
 */
export async function frequencyRatesFor(
  scope: HoursScope,
  from: string,
  to: string,
  options: { countInjuries?: InjuryCounter; hours?: HoursSource } = {},
): Promise<PeriodRates> {
  if (!isIsoDay(from) || !isIsoDay(to) || from > to)
    throw new RangeError(`A period runs from a day to the same or a later day, not ${from} to ${to}`);
  const countInjuries = options.countInjuries ?? incidentInjuries;
  const source = options.hours ?? hoursSource();
  const period = wholeMonths({ from, to });
  // One after the other: both may use the request's EntityManager.
  const counts = await countInjuries(scope, period);
  const { hours, source: hoursFrom } = await sourcedHours(source, scope, period);
  return { ...frequencyRates(counts, hours), ...period, hoursSource: hoursFrom, counts };
}
