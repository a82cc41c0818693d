import type { EntityManager } from "@mikro-orm/postgresql";
import { type HoursWorkedPeriod, type Provider, provide } from "~/server/extensions/contracts";
import { hundredthsOfDecimal } from "~/server/extensions/extensions.server";
import { hoursClock, stayHoursSql } from "../server/in-out-hours.server";

/**
 * The person-hours of In/Out's stays (by site day, the project's clock) for the core's `hours-worked` point:
 * Safety's LTIFR and TRIFR use a month's In/Out hours instead of the hand-entered figure once the month has
 * any stay (decision 040, addendum to 032).
 */
async function monthlyHours(em: EntityManager, projectId: string, period: HoursWorkedPeriod) {
  const hours = stayHoursSql(await hoursClock(em, projectId));
  return em.execute<{ month: string; hours: string }[]>(
    `select to_char(r.site_day, 'YYYY-MM') as month, round(sum(${hours.sql}), 2)::text as hours
     from operation_in_out_record r
     where r.project_id = ? and r.site_day between ? and ?
     group by 1 order by 1`,
    [...hours.params, projectId, period.from, period.to],
  );
}

export const provider: Provider<"hours-worked"> = provide("hours-worked", {
  permission: "operation.inOut.view",
  async hours(context, period) {
    const months = await monthlyHours(context.em, context.project.id, period);
    // The contract's figure is a number; hundredths summed as whole numbers first.
    const hundredths = months.reduce((sum, month) => sum + hundredthsOfDecimal(month.hours), 0n);
    return Number(hundredths) / 100;
  },
  monthly: ({ em, projectId }, period) => monthlyHours(em, projectId, period),
});
