import type { EntityManager } from "@mikro-orm/postgresql";
import { firstDayOf, monthOf } from "../domain/hours-months";
import { SafetyHoursWorked } from "../entities";

/**
 * Hours worked on a project over a period: what LTIFR and TRIFR divide by. Where the hours come from is a
 * source behind one small interface. Today the only source is the figures entered per month on
 * /safety/setting (`enteredHoursSource`). When In/Out (Operations) records who was on site, a source that
 * asks the core's `hours-worked` extension point (server/extensions: `hoursWorked(requester, period)`)
 * replaces it with `setHoursSource(...)` at boot, or is passed to one call; nothing that reads hours changes.
 */

/** YYYY-MM-DD, both days included. */
export type HoursPeriod = { from: string; to: string };

export type HoursScope = {
  em: EntityManager;
  projectId: string;
};

export type HoursSource = {
  /** "entered" (the settings page); "in-out" later. Returned with the figure so a page can say where it comes from. */
  id: string;
  hours(scope: HoursScope, period: HoursPeriod): Promise<number>;
};

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

let current: HoursSource = enteredHoursSource;

/** Replaces the source of hours worked for the whole server (at boot); null puts the entered figures back. */
export function setHoursSource(source: HoursSource | null) {
  current = source ?? enteredHoursSource;
}

export const hoursSource = (): HoursSource => current;

/** Person-hours worked on the project between from and to (YYYY-MM-DD), and where the figure came from. */
export async function hoursWorked(
  scope: HoursScope,
  from: string,
  to: string,
  source: HoursSource = current,
): Promise<{ hours: number; source: string }> {
  return { hours: await source.hours(scope, { from, to }), source: source.id };
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
