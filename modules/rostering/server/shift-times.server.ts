import type { EntityManager } from "@mikro-orm/postgresql";
import { shiftTimesOf } from "../domain/rostering-settings";
import { DEFAULT_SHIFT_TIMES, type ShiftKind } from "../domain/types";
import { rosteringSettingsOf } from "./rostering-settings.server";

/**
 * The times of a shift (decision 046): its roster's schedule card of the shift's kind, else the rostering
 * settings of the roster's own project. One place for the conflict check, the roster page and the phone
 * link, so a shift on another project is never timed by this project's settings.
 */

export type ShiftTime = { start: string; hours: number; card: string | null };

type RosterCardRow = {
  id: string;
  project_id: string;
  day_name: string | null;
  day_start: string | null;
  day_hours: number | null;
  night_name: string | null;
  night_start: string | null;
  night_hours: number | null;
};

/** For the given rosters (any project), a lookup of each roster's times for a shift kind. */
export async function rosterShiftTimes(
  em: EntityManager,
  rosterIds: readonly string[],
): Promise<(rosterId: string, kind: ShiftKind) => ShiftTime> {
  const ids = [...new Set(rosterIds)];
  const rows = ids.length
    ? await em.execute<RosterCardRow[]>(
        `select r.id, r.project_id, dc.name as day_name, dc.start_time as day_start, dc.hours as day_hours,
                nc.name as night_name, nc.start_time as night_start, nc.hours as night_hours
           from roster r left join schedule_card dc on dc.id = r.day_card_id
           left join schedule_card nc on nc.id = r.night_card_id
          where r.id in (${ids.map(() => "?").join(", ")})`,
        ids,
      )
    : [];
  const settingsTimes = new Map<string, ReturnType<typeof shiftTimesOf>>();
  for (const projectId of new Set(rows.map((row) => row.project_id)))
    settingsTimes.set(projectId, shiftTimesOf(await rosteringSettingsOf(em, projectId)));
  const byRoster = new Map(rows.map((row) => [row.id, row]));
  return (rosterId, kind) => {
    const row = byRoster.get(rosterId);
    const name = row?.[`${kind}_name`];
    const start = row?.[`${kind}_start`];
    const hours = row?.[`${kind}_hours`];
    if (name && start && hours) return { start, hours: Number(hours), card: name };
    const fallback = (row && settingsTimes.get(row.project_id)?.[kind]) ?? DEFAULT_SHIFT_TIMES[kind];
    return { start: fallback.start, hours: fallback.hours, card: null };
  };
}
