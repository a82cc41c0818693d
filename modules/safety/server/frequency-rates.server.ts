import { isIsoDay } from "~/app/utils/iso-day";
import { type FrequencyRates, frequencyRates, type InjuryCounts } from "../domain/frequency-rates";
import { wholeMonths } from "../domain/hours-months";
import { type HoursPeriod, type HoursScope, type HoursSource, hoursSource } from "./hours-worked.server";

/**
 * LTIFR and TRIFR of a project over a period, for /safety/home and reports.
 *
 * The injured people are counted by the incidents' side through one function, `InjuryCounter`, registered at
 * boot (`registerInjuryCounter`) or passed to one call: this file never reads an incident table. The counter
 * answers: how many injured persons, per classification, on the project's incidents whose date (the project's
 * day) lies in the period, both days included. Which incidents count (every state but deleted, we suggest:
 * a raised incident's LTI is an LTI already) is the incidents' side's decision, written in its README.
 */
export type InjuryCounter = (scope: HoursScope, period: HoursPeriod) => Promise<InjuryCounts>;

let registeredCounter: InjuryCounter | null = null;

/** Sets (or, with null, clears) the server's injury counter: the incidents' query, wired at boot. */
export function registerInjuryCounter(counter: InjuryCounter | null) {
  registeredCounter = counter;
}

export class NoInjuryCounterError extends Error {
  constructor() {
    super(
      "No injury counter is registered: call registerInjuryCounter(...) with the incidents' count at boot (modules/safety README, 'Frequency rates')",
    );
  }
}

export type PeriodRates = FrequencyRates & {
  /** The period the rates cover: the asked one widened to whole months (hours are known per month). */
  from: string;
  to: string;
  /** Where the hours came from ("entered" on the settings page, later "in-out"). */
  hoursSource: string;
  counts: InjuryCounts;
};

/**
 * { ltifr, trifr, hours, lostTimeCount, recordableCount } over from..to (YYYY-MM-DD), widened to whole months.
 * Rates are null ("—") when no hours were worked. Throws a RangeError for a malformed or reversed period, and
 * NoInjuryCounterError when nothing counts the injuries.
 */
export async function frequencyRatesFor(
  scope: HoursScope,
  from: string,
  to: string,
  options: { countInjuries?: InjuryCounter; hours?: HoursSource } = {},
): Promise<PeriodRates> {
  if (!isIsoDay(from) || !isIsoDay(to) || from > to)
    throw new RangeError(`A period runs from a day to the same or a later day, not ${from} to ${to}`);
  const countInjuries = options.countInjuries ?? registeredCounter;
  if (!countInjuries) throw new NoInjuryCounterError();
  const source = options.hours ?? hoursSource();
  const period = wholeMonths({ from, to });
  // One after the other: both may use the request's EntityManager.
  const counts = await countInjuries(scope, period);
  const hours = await source.hours(scope, period);
  return { ...frequencyRates(counts, hours), ...period, hoursSource: source.id, counts };
}
