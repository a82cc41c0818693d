import { hundredthsOfDecimal } from "~/server/extensions/extensions.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { zonedDay } from "~/server/projects/time-zone";
import { IN_OUT_PATH } from "../domain/in-out";
import { hoursClock } from "./in-out-hours.server";
import { inOutWorkLog } from "./in-out-work-log.server";

/** How many of the people on site the overview names (the In/Out page lists them all). */
export const HOME_ON_SITE_SHOWN = 8;

/**
 * In/Out's part of /operation/home: who is on site now (the first few, and how many) and today's people and
 * hours, for those who may view In/Out (null otherwise). The coordinator puts it on the page.
 */
export async function inOutHome(context: Pick<ProjectContext, "em" | "can"> & { project: { id: string } }) {
  if (!context.can("operation.inOut.view")) return null;
  const { em, project } = context;
  const clock = await hoursClock(em, project.id);
  const today = zonedDay(clock.now, clock.zone);
  const [people, counted, companies] = await Promise.all([
    em.execute<{ id: string; name: string; company: string; signed_in_at: Date }[]>(
      `select r.id, r.name, r.company, r.signed_in_at from operation_in_out_record r
       where r.project_id = ? and r.signed_out_at is null order by r.signed_in_at desc limit ?`,
      [project.id, HOME_ON_SITE_SHOWN],
    ),
    em.execute<{ total: string }[]>(
      `select count(*) as total from operation_in_out_record r where r.project_id = ? and r.signed_out_at is null`,
      [project.id],
    ),
    inOutWorkLog(em, project.id, today, clock),
  ]);
  const hundredths = companies.reduce((sum, row) => sum + hundredthsOfDecimal(row.hours), 0n);
  return {
    href: IN_OUT_PATH,
    timeZone: clock.zone,
    onSiteTotal: Number(counted[0]?.total ?? 0),
    onSite: people.map((row) => ({
      id: row.id,
      name: row.name,
      company: row.company,
      since: new Date(row.signed_in_at).toISOString(),
    })),
    peopleToday: companies.reduce((sum, row) => sum + row.workers, 0),
    hoursToday: `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, "0")}`,
  };
}
export type InOutHome = Awaited<ReturnType<typeof inOutHome>>;
