import type { EntityManager } from "@mikro-orm/postgresql";
import { projectToday } from "~/server/projects/time-zone.server";
import { addDays, weekStart } from "../domain/days";
import { allocationRows } from "./allocations.server";
import { blocking, rosterConflicts } from "./roster-conflicts.server";

/**
 * The rostering home (/rostering/rostering/home) and its home card: who is on site this week, allocations
 * not yet filled, and the conflicts of rosters still running. The project's clock decides "this week".
 */

export async function rosteringFigures(em: EntityManager, project: { id: string; language?: string | null }) {
  const today = await projectToday(em, project);
  const monday = weekStart(today);
  const sunday = addDays(monday, 6);
  const [onSite, allocations, rosters] = await Promise.all([
    em.execute<{ person_id: string; full_name: string; role: string; shifts: string }[]>(
      `select s.person_id, p.full_name, p.role, count(*) as shifts
         from roster_shift s join roster_person p on p.id = s.person_id
        where s.project_id = ? and s.date between ? and ?
        group by s.person_id, p.full_name, p.role order by p.full_name limit 200`,
      [project.id, monday, sunday],
    ),
    allocationRows(em, project.id, today),
    em.execute<{ id: string; name: string; starts_on: string; ends_on: string }[]>(
      `select id, name, to_char(starts_on, 'YYYY-MM-DD') as starts_on, to_char(ends_on, 'YYYY-MM-DD') as ends_on
         from roster where project_id = ? and ends_on >= ? order by starts_on, name limit 50`,
      [project.id, today],
    ),
  ]);
  const conflictsByRoster = await Promise.all(
    rosters.map(async (roster) => ({
      id: roster.id,
      name: roster.name,
      open: blocking(
        await rosterConflicts(em, {
          id: roster.id,
          projectId: project.id,
          startsOn: roster.starts_on,
          endsOn: roster.ends_on,
        }),
      ).length,
    })),
  );
  const unfilled = allocations.filter((allocation) => allocation.peopleRostered < allocation.peopleNeeded);
  return {
    today,
    week: { from: monday, to: sunday },
    onSite: onSite.map((row) => ({
      id: row.person_id,
      name: row.full_name,
      role: row.role,
      shifts: Number(row.shifts),
    })),
    unfilled,
    conflicts: conflictsByRoster.filter((roster) => roster.open > 0),
  };
}
