import type { EntityManager } from "@mikro-orm/postgresql";
import { hoursWorkedByMonth, hundredthsOfDecimal } from "~/server/extensions/extensions.server";
import { firstDayOf, monthOf, wholeMonths } from "../domain/hours-months";
import { SafetyHoursWorked } from "../entities";

/**
 * Hours worked on a project over a period: what LTIFR and TRIFR divide by. Where the hours come from is a
 * source behind one small interface. The default (`inOutOrEnteredHoursSource`, decision 040 and the addendum
 * to 032) takes each month's person-hours from In/Out's records (the core's `hours-worked` point) when the
 * month has any, and the figure entered on /safety/setting otherwise. Another source can be set with
 * `setHoursSource(...)` or passed to one call; nothing that reads hours changes.
 */

/** YYYY-MM-DD, both days included. */
export type HoursPeriod = { from: string; to: string };

export type HoursScope = {
  em: EntityManager;
  projectId: string;
};

/** A figure with where it came from, when a source mixes several ("entered", "in-out", "in-out+entered"). */
export type SourcedHours = { hours: number; source: string };

export type HoursSource = {
  /** "entered" (the settings page), "in-out-or-entered"… Returned with the figure so a page can say where it comes from. */
  id: string;
  hours(scope: HoursScope, period: HoursPeriod): Promise<number | SourcedHours>;
};

/** A source's answer with where it came from: the source's own id unless it says better. */
export async function sourcedHours(source: HoursSource, scope: HoursScope, period: HoursPeriod) {
  const figure = await source.hours(scope, period);
  return typeof figure === "number" ? { hours: figure, source: source.id } : figure;
}

/**
 * The figures entered per month: a month counts when its first day lies in the period widened to whole months
 * (entered hours are known per month only; frequencyRatesFor widens its period the same way).
 */
export const enteredHoursSource: HoursSource = {
  id: "entered",
  async hours({ em, projectId }, period) {
    const [row] = await em.execute<{ total: string | null }[]>(
      `select sum(hours) as total from safety_hours_worked where project_id = ? and month >= ? and month <= ?`,
      [projectId, firstDayOf(monthOf(period.from)), firstDayOf(monthOf(period.to))],
    );
    return row?.total ? Number(row.total) : 0;
  },
};

/**
 * Each month of the period (widened to whole months) from In/Out's stays when the month has any hours there,
 * else from the entered figure: a month is never counted twice, and a site that starts using In/Out mid-year
 * keeps its entered months. Summed in hundredths of an hour (whole numbers). The answer says whether the
 * hours came from "entered" figures, "in-out" records, or both ("in-out+entered").
 */
export const inOutOrEnteredHoursSource: HoursSource = {
  id: "in-out-or-entered",
  async hours({ em, projectId }, period) {
    const months = wholeMonths(period);
    const [entered, recorded] = await Promise.all([
      em.execute<{ month: string; hours: string }[]>(
        `select to_char(month, 'YYYY-MM') as month, hours::text as hours from safety_hours_worked
         where project_id = ? and month >= ? and month <= ?`,
        [projectId, months.from, months.to],
      ),
      hoursWorkedByMonth(em, projectId, months),
    ]);
    let hundredths = 0n;
    const used = new Set<string>();
    for (const [, figure] of recorded) {
      if (figure <= 0n) continue;
      hundredths += figure;
      used.add("in-out");
    }
    for (const row of entered) {
      if ((recorded.get(row.month) ?? 0n) > 0n) continue;
      hundredths += hundredthsOfDecimal(row.hours);
      used.add("entered");
    }
    const source = used.size === 2 ? "in-out+entered" : used.has("in-out") ? "in-out" : "entered";
    return { hours: Number(hundredths) / 100, source };
  },
};

let current: HoursSource = inOutOrEnteredHoursSource;

/** Replaces the source of hours worked for the whole server; null puts the default (In/Out or entered) back. */
export function setHoursSource(source: HoursSource | null) {
  current = source ?? inOutOrEnteredHoursSource;
}

export const hoursSource = (): HoursSource => current;

/** Person-hours worked on the project between from and to (YYYY-MM-DD), and where the figure came from. */
export async function hoursWorked(
  scope: HoursScope,
  from: string,
  to: string,
  source: HoursSource = current,
): Promise<SourcedHours> {
  return sourcedHours(source, scope, { from, to });
}

/** The figures entered for these months (YYYY-MM), with who entered each and when. */
export async function enteredMonths(em: EntityManager, projectId: string, months: readonly string[]) {
  if (months.length === 0) return new Map<string, EnteredMonth>();
  const rows = await em.find(
    SafetyHoursWorked,
    { project: projectId, month: { $in: months.map(firstDayOf) } },
    { populate: ["enteredBy"] },
  );
  return new Map<string, EnteredMonth>(
    rows.map((row) => [
      monthOf(dayText(row.month)),
      {
        id: row.id,
        hours: Number(row.hours),
        enteredBy: row.enteredBy?.name ?? null,
        updatedAt: row.updatedAt.toISOString(),
      },
    ]),
  );
}

export type EnteredMonth = { id: string; hours: number; enteredBy: string | null; updatedAt: string };

/** A `date` column as YYYY-MM-DD, whichever way the driver hands it over. */
export function dayText(value: unknown): string {
  if (value instanceof Date) {
    // A date column read as a local-midnight Date: take its calendar day, not its UTC instant.
    const y = value.getFullYear();
    const m = String(value.getMonth() + 1).padStart(2, "0");
    const d = String(value.getDate()).padStart(2, "0");
    return `${y}-${m}-${d}`;
  }
  return String(value).slice(0, 10);
}
